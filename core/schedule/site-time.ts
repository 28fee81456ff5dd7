// Schedule times in the site's timezone: editors type the grocer's wall clock (datetime-local values, in the
// site zone, America/New_York unless the kit's `site_timezone` says otherwise), the API stores ms since the
// epoch (UTC). Built on Intl, so the zone rules (DST) are the runtime's own tz database.

import { readSiteConfig } from '../config/site-config';

export const DEFAULT_SITE_TIMEZONE = 'America/New_York';

export function isTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || !zone) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The site's zone from the kit (`site_timezone`), or the default when it is missing or not a zone. */
export const siteTimeZone = (kit: Record<string, unknown> | undefined): string =>
  isTimeZone(kit?.site_timezone) ? kit.site_timezone : DEFAULT_SITE_TIMEZONE;

/** The site's zone of the page being shown (its #site-config kit); the default without a config. */
export function pageSiteTimeZone(): string {
  try {
    return siteTimeZone(readSiteConfig().kit);
  } catch {
    return DEFAULT_SITE_TIMEZONE; // no page config (a test document)
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();
function format(zone: string): Intl.DateTimeFormat {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(zone, f);
  }
  return f;
}

/** The wall clock of `ms` in `zone`, as if it were UTC (ms). */
function wallClock(ms: number, zone: string): number {
  const p = Object.fromEntries(
    format(zone)
      .formatToParts(new Date(ms))
      .map((x) => [x.type, Number(x.value)]),
  );
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** ms → the datetime-local value of that moment on the site's clock ('' for none). */
export function toSiteInput(ms: number | null | undefined, zone: string): string {
  if (ms == null || !Number.isFinite(ms)) return '';
  const d = new Date(wallClock(Math.floor(ms / 60_000) * 60_000, zone));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/**
 * A datetime-local value on the site's clock → ms, null when empty or unreadable. A time the clocks skip
 * (spring forward) moves forward by the gap; a time that happens twice (fall back) is the first one, as
 * Temporal's 'compatible' disambiguation does.
 */
export function fromSiteInput(value: string, zone: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((x) => Number(x ?? 0));
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  if (new Date(wall).getUTCDate() !== day || hour > 23 || minute > 59) return null;
  const offsetBefore = wallClock(wall - 86_400_000, zone) - (wall - 86_400_000);
  const offsetAfter = wallClock(wall + 86_400_000, zone) - (wall + 86_400_000);
  const candidates = [wall - offsetBefore, wall - offsetAfter].filter((t) => wallClock(t, zone) === wall);
  if (candidates.length) return Math.min(...candidates);
  return wall - offsetBefore; // in the gap: the offset before the change lands after it, shifted by the gap
}
