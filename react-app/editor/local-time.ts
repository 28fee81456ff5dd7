// Date and time inputs (datetime-local) hold the browser's local time; the API speaks ms since the epoch.

const pad = (n: number) => String(n).padStart(2, '0');

/** ms → the value of a datetime-local input. */
export function toLocalInput(ms: number | null | undefined): string {
  if (ms == null) return '';
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value → ms, null when empty or unreadable. */
export function fromLocalInput(value: string): number | null {
  if (!value) return null;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? null : ms;
}
