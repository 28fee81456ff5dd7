import { describe, expect, it } from 'vitest';
import { adWeek, demoAdWeek } from './ad-week';

describe('adWeek', () => {
  it.each([
    ['2026-11-18', '2026-11-18', '2026-11-24'], // the Wednesday it starts
    ['2026-11-24', '2026-11-18', '2026-11-24'], // the Tuesday it ends
    ['2026-11-25', '2026-11-25', '2026-12-01'], // the next Wednesday starts the next week
    ['2026-11-22', '2026-11-18', '2026-11-24'], // a Sunday in the middle
    ['2026-12-29', '2026-12-23', '2026-12-29'], // across the new year
    ['2027-01-01', '2026-12-30', '2027-01-05'],
    ['2028-03-01', '2028-03-01', '2028-03-07'], // after a leap day
  ])('%s lies in the ad week %s to %s', (today, start, end) => {
    expect(adWeek(today)).toEqual({ start_date: start, end_date: end });
  });

  it('refuses what is not a calendar date', () => {
    expect(() => adWeek('2026-11-31')).toThrow(/not a date/);
  });
});

describe('demoAdWeek', () => {
  it('is the ad week of the seed day in the store (Ohio), midweek', () => {
    expect(demoAdWeek(new Date('2026-11-22T15:00:00Z'))).toEqual({ start_date: '2026-11-18', end_date: '2026-11-24' });
  });

  it('seeded late on the last day of a week (23:58 in Ohio, already Wednesday in UTC), it runs through the next week', () => {
    // A test run that seeds here and checks ad prices after the store's midnight still sees the sale.
    expect(demoAdWeek(new Date('2026-11-25T04:58:00Z'))).toEqual({ start_date: '2026-11-18', end_date: '2026-12-01' });
  });
});
