import { localTime } from '../store-layer/hours';
import { DEFAULT_SITE_TIMEZONE, fromSiteInput } from '../schedule/site-time';

// Sales, circulars and pickup days are store-local calendar days (YYYY-MM-DD), not UTC ones: at 9 pm in Ohio
// the shopper's "today" is still today. Each store has its own zone (`time_zone`): a Chicago store's day starts
// an hour after a Columbus store's, so every function here takes the zone (docs/architecture.md, "Store time").

/**
 * The zone of days that belong to no one store: a coupon's running days, the seeded ad week, an export's file
 * name. The site's default zone; a store's own days use its `time_zone`.
 */
export const CHAIN_TIME_ZONE = DEFAULT_SITE_TIMEZONE;

/**
 * One formatter per zone: building an Intl.DateTimeFormat costs far more than formatting with one (it was 6 % of
 * the server's CPU for a shop list, which asks for the store's day on every request; docs/performance.md, Scale).
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

export function storeDay(at: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA formats dates as YYYY-MM-DD. An unknown zone throws here, as before, and is not kept.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(at);
}

/** A real calendar date written YYYY-MM-DD (2026-11-31 is not one; Date.parse would roll it over). */
export function isCalendarDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** The calendar day `offset` days after `day`. */
export function addDays(day: string, offset: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + offset)).toISOString().slice(0, 10);
}

/** The store-local day and minute of an instant: what pickup windows, their cut-off and notice compare with. */
export function storeNow(at: Date, timeZone: string): { day: string; minute: number } {
  return { day: storeDay(at, timeZone), minute: localTime(at, timeZone).minute };
}

/** When the store day of `now` ends (the next store-local midnight): sale prices and the weekly ad change then. */
export function storeDayEnds(now: number, timeZone: string): number {
  return fromSiteInput(`${addDays(storeDay(new Date(now), timeZone), 1)}T00:00`, timeZone) ?? now;
}

/** The first store-local midnight after `now` among these zones: when what shows several stores' prices goes stale. */
export function firstDayEnds(now: number, zones: readonly string[]): number {
  return Math.min(...(zones.length ? zones : [CHAIN_TIME_ZONE]).map((zone) => storeDayEnds(now, zone)));
}
