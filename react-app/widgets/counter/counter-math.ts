// Counter and countdown maths, pure.

export const COUNTER_DEFAULT_DURATION_MS = 2000;

/** The number shown at progress 0..1 (ease-out), rounded to the decimals of the target. */
export function counterValueAt(from: number, to: number, progress: number): number {
  const p = Math.min(1, Math.max(0, progress));
  const eased = 1 - Math.pow(1 - p, 3);
  const decimals = (String(to).split('.')[1] ?? '').length;
  const value = from + (to - from) * eased;
  return Number(value.toFixed(decimals));
}

export function formatCounter(value: number, delimiter: string, decimals = 0): string {
  const [int, frac] = Math.abs(value).toFixed(decimals).split('.');
  const grouped = delimiter ? int.replace(/\B(?=(\d{3})+(?!\d))/g, delimiter) : int;
  return `${value < 0 ? '-' : ''}${grouped}${frac ? `.${frac}` : ''}`;
}

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  expired: boolean;
}

export function countdownParts(dueMs: number, nowMs: number): CountdownParts {
  const left = Math.max(0, Math.floor((dueMs - nowMs) / 1000));
  return {
    days: Math.floor(left / 86400),
    hours: Math.floor((left % 86400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
    expired: left === 0,
  };
}
