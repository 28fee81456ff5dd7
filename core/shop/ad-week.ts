import { addDays, isCalendarDate } from './store-day';

// The weekly ad runs Wednesday to Tuesday, as grocers' circulars do. The seed dates the demo circular from
// the week it is seeded in, so the ad prices are charged on whatever day the demo runs.

/** Day of the week (0 = Sunday) on which an ad week starts. */
export const AD_WEEK_STARTS_ON = 3;

/** The ad week holding the store-local day `today`: its first and last days (YYYY-MM-DD). */
export function adWeek(today: string): { start_date: string; end_date: string } {
  if (!isCalendarDate(today)) throw new Error(`adWeek: ${today} is not a date YYYY-MM-DD`);
  const [y, m, d] = today.split('-').map(Number);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  const start = addDays(today, -((weekday - AD_WEEK_STARTS_ON + 7) % 7));
  return { start_date: start, end_date: addDays(start, 6) };
}
