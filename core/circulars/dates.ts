// Circular page title dates: the display dates win when present, each on its own.

export interface CircularDates {
  start_date: string;
  end_date: string;
  display_start_date?: string | null;
  display_end_date?: string | null;
}

const present = (d: string | null | undefined): d is string => typeof d === 'string' && d.trim() !== '';

export function circularDateRange(c: CircularDates): { start: string; end: string } {
  return {
    start: present(c.display_start_date) ? c.display_start_date : c.start_date,
    end: present(c.display_end_date) ? c.display_end_date : c.end_date,
  };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'YYYY-MM-DD' → 'Nov 25, 2026' (no time zone involved); anything else is shown as given. */
export function formatCircularDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined;
  return m && month ? `${month} ${Number(m[3])}, ${m[1]}` : iso;
}

/** The line under the circular's title, e.g. 'Nov 25, 2026 – Dec 24, 2026'. */
export function circularDateLine(c: CircularDates): string {
  const { start, end } = circularDateRange(c);
  return `${formatCircularDate(start)} – ${formatCircularDate(end)}`;
}
