import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_TIMEZONE, fromSiteInput, isTimeZone, siteTimeZone, toSiteInput } from './site-time';

const NY = 'America/New_York';
const utc = (iso: string) => Date.parse(iso);

describe('schedule times on the site clock', () => {
  it('reads and shows site-local times as UTC instants, in winter and summer', () => {
    expect(fromSiteInput('2026-01-15T09:00', NY)).toBe(utc('2026-01-15T14:00:00Z'));
    expect(fromSiteInput('2026-07-15T09:00', NY)).toBe(utc('2026-07-15T13:00:00Z'));
    expect(toSiteInput(utc('2026-01-15T14:00:00Z'), NY)).toBe('2026-01-15T09:00');
    expect(toSiteInput(utc('2026-07-15T13:00:00Z'), NY)).toBe('2026-07-15T09:00');
    expect(fromSiteInput('2026-07-15T09:00', 'Europe/Berlin')).toBe(utc('2026-07-15T07:00:00Z'));
  });

  it('spans the spring-forward change: 8 a.m. the day before and after are 23 hours apart', () => {
    const before = fromSiteInput('2026-03-07T08:00', NY)!;
    const after = fromSiteInput('2026-03-08T08:00', NY)!;
    expect(after - before).toBe(23 * 3_600_000);
    // 02:30 does not exist on 8 March 2026 in New York: it moves forward by the hour skipped.
    expect(fromSiteInput('2026-03-08T02:30', NY)).toBe(utc('2026-03-08T07:30:00Z'));
    expect(toSiteInput(utc('2026-03-08T07:30:00Z'), NY)).toBe('2026-03-08T03:30');
  });

  it('spans the fall-back change: 01:30 happens twice and means the first; both show as 01:30', () => {
    expect(fromSiteInput('2026-11-01T01:30', NY)).toBe(utc('2026-11-01T05:30:00Z'));
    expect(toSiteInput(utc('2026-11-01T05:30:00Z'), NY)).toBe('2026-11-01T01:30');
    expect(toSiteInput(utc('2026-11-01T06:30:00Z'), NY)).toBe('2026-11-01T01:30');
    expect(fromSiteInput('2026-11-02T08:00', NY)! - fromSiteInput('2026-10-31T08:00', NY)!).toBe(49 * 3_600_000);
  });

  it.each([
    ['2026-03-01', '2026-03-15'],
    ['2026-10-25', '2026-11-08'],
  ])('round-trips every hour from %s to %s (a DST change inside)', (from, to) => {
    for (let t = utc(`${from}T00:00:00Z`); t < utc(`${to}T00:00:00Z`); t += 3_600_000) {
      const shown = toSiteInput(t, NY);
      const back = fromSiteInput(shown, NY)!;
      // the repeated hour of fall back reads as its first occurrence
      expect(t - back === 0 || t - back === 3_600_000).toBe(true);
      expect(toSiteInput(back, NY)).toBe(shown);
    }
  });

  it('refuses unreadable values and unknown zones fall back to the default', () => {
    expect(fromSiteInput('', NY)).toBeNull();
    expect(fromSiteInput('2026-02-30T09:00', NY)).toBeNull();
    expect(fromSiteInput('tomorrow', NY)).toBeNull();
    expect(toSiteInput(null, NY)).toBe('');
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(siteTimeZone({ site_timezone: 'Mars/Olympus' })).toBe(DEFAULT_SITE_TIMEZONE);
    expect(siteTimeZone({ site_timezone: 'America/Chicago' })).toBe('America/Chicago');
    expect(siteTimeZone(undefined)).toBe(NY);
  });
});
