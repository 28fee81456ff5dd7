// A time window (ms since the epoch; null or absent = open on that side): content blocks show inside theirs.

export interface TimeWindow {
  starts_at?: number | null;
  ends_at?: number | null;
}

/** True from starts_at (inclusive) until ends_at (exclusive). */
export function isWithinWindow(w: TimeWindow, now: number): boolean {
  return (w.starts_at == null || w.starts_at <= now) && (w.ends_at == null || now < w.ends_at);
}

/** The message for a window that ends before it starts, or null when it is fine. */
export function windowProblem(w: TimeWindow): string | null {
  return w.starts_at != null && w.ends_at != null && w.ends_at <= w.starts_at ? 'The end must be after the start.' : null;
}
