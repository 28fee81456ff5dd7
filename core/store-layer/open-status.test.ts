import { describe, expect, it } from 'vitest';
import { openStatusOf } from './open-status';

const NY = 'America/New_York';
const CHICAGO = 'America/Chicago';

describe('store open status', () => {
  const hours = { mon: ['00:00', '24:00'] as [string, string], tue: ['00:00', '24:00'] as [string, string] };
  const monday = new Date('2026-11-23T17:00:00Z'); // a Monday afternoon in New York and in Chicago
  it.each([
    [true, 'open'],
    [false, 'opening-soon'],
  ] as const)('selectable %s during its hours: %s', (is_selectable, status) => {
    expect(openStatusOf({ hours, is_selectable, time_zone: NY }, monday)).toBe(status);
  });
  it('is closed outside its hours', () => {
    expect(openStatusOf({ hours: {}, is_selectable: true, time_zone: NY }, monday)).toBe('closed');
  });

  // The same hours, 7 am to 10 pm every day, on each store's own clock.
  const daily = Object.fromEntries(
    ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, ['07:00', '22:00'] as [string, string]]),
  );
  const store = (time_zone: string) => ({ hours: daily, is_selectable: true, time_zone });
  it.each([
    // 12:30 UTC on Mon 23 Nov: 7:30 am in New York (open), 6:30 am in Chicago (not yet).
    ['2026-11-23T12:30:00Z', 'open', 'closed'],
    // 03:30 UTC on Tue 24 Nov: 10:30 pm Monday in New York (closed), 9:30 pm in Chicago (still open).
    ['2026-11-24T03:30:00Z', 'closed', 'open'],
    // Sun 8 Mar 2026, clocks spring forward: 12:30 UTC is 8:30 am EDT and 7:30 am CDT (both open); on last
    // week's offsets Chicago would read 6:30 and say closed.
    ['2026-03-08T12:30:00Z', 'open', 'open'],
    // Sun 1 Nov 2026, clocks fall back: 12:30 UTC is 7:30 am EST (open) and 6:30 am CST (closed).
    ['2026-11-01T12:30:00Z', 'open', 'closed'],
  ])('at %s a New York store is %s, a Chicago store %s', (iso, ny, chicago) => {
    expect(openStatusOf(store(NY), new Date(iso))).toBe(ny);
    expect(openStatusOf(store(CHICAGO), new Date(iso))).toBe(chicago);
  });
});
