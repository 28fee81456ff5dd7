import type { Rule } from '../types';

/**
 * Parses 'YYYY-MM-DD HH:mm[:ss]' (or ISO without zone) as a wall-clock time, returned as if it were UTC, so
 * wall clocks compare regardless of the browser's zone. Null when empty or unparsable.
 */
export function wallClock(value: unknown): number | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  const t = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s);
  return Number.isNaN(t) ? null : t;
}

/** The visitor's local wall clock at epoch ms `now`, as if it were UTC. */
export function localWallClock(now: number): number {
  return now - new Date(now).getTimezoneOffset() * 60_000;
}

const show = (t: number): string => new Date(t).toISOString().slice(0, 16).replace('T', ' ');

/**
 * schedule: passes when the current time is between `start_date` and `end_date` (either may be empty).
 * With timezone 'site' the clock is the site's server time rendered into the page (`server_datetime`),
 * advanced by the time since the page loaded; otherwise the visitor's local time.
 */
export const schedule: Rule = (options, ctx) => {
  const start = wallClock(options.start_date);
  const end = wallClock(options.end_date);
  const server = options.timezone === 'site' ? wallClock(options.server_datetime) : null;
  const clock = server !== null ? server + (ctx.now - ctx.pageLoadedAt) : localWallClock(ctx.now);
  const pass = (start === null || clock >= start) && (end === null || clock <= end);
  const label = server !== null ? 'site time' : 'visitor time';
  return {
    pass,
    value: `${label} ${show(clock)}`,
    expected: `between ${start === null ? '(any)' : show(start)} and ${end === null ? '(any)' : show(end)}`,
  };
};
