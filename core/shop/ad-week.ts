import { addDays, CHAIN_TIME_ZONE, isCalendarDate, storeDay } from './store-day';

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

/**
 * The demo circular's dates, seeded at `seededAt`: the ad week of that store-local day, running on through the
 * next ad week when it is the last day of its week, so a site seeded on a Tuesday night (a test run crossing the
 * store's midnight) still has a running ad.
 */
export function demoAdWeek(seededAt: Date): { start_date: string; end_date: string } {
  const nextDay = new Date(seededAt.getTime() + 24 * 60 * 60 * 1000);
  return {
    start_date: adWeek(storeDay(seededAt, CHAIN_TIME_ZONE)).start_date,
    end_date: adWeek(storeDay(nextDay, CHAIN_TIME_ZONE)).end_date,
  };
}
