import { describe, expect, it } from 'vitest';
import { storeDay, storeDayEnds, storeNow } from './store-day';

describe('store day', () => {
  it('a store day ends at the store-local midnight, also on the day clocks fall back', () => {
    // 9 pm on 24 Nov 2026 in New York (02:00 UTC on the 25th) is still the 24th there; it ends at 05:00 UTC.
    const evening = Date.UTC(2026, 10, 25, 2, 0);
    expect(storeDay(new Date(evening), 'America/New_York')).toBe('2026-11-24');
    expect(storeDayEnds(evening, 'America/New_York')).toBe(Date.UTC(2026, 10, 25, 5, 0));
    // 1 Nov 2026 is 25 hours long in New York: it ends at 05:00 UTC on the 2nd, not 04:00.
    expect(storeDayEnds(Date.UTC(2026, 10, 1, 12, 0), 'America/New_York')).toBe(Date.UTC(2026, 10, 2, 5, 0));
  });

  it("is each store's own: a Chicago store's day starts an hour after a New York store's", () => {
    // 05:30 UTC on 25 Nov: 12:30 am on the 25th in New York, 11:30 pm on the 24th in Chicago.
    const at = new Date(Date.UTC(2026, 10, 25, 5, 30));
    expect(storeNow(at, 'America/New_York')).toEqual({ day: '2026-11-25', minute: 30 });
    expect(storeNow(at, 'America/Chicago')).toEqual({ day: '2026-11-24', minute: 23 * 60 + 30 });
    expect(storeDayEnds(at.getTime(), 'America/Chicago')).toBe(Date.UTC(2026, 10, 25, 6, 0));
    // 8 Mar 2026 (clocks spring forward) is 23 hours long in Chicago: it ends at 05:00 UTC on the 9th (CDT).
    expect(storeDay(new Date(Date.UTC(2026, 2, 9, 4, 30)), 'America/Chicago')).toBe('2026-03-08');
    expect(storeDayEnds(Date.UTC(2026, 2, 8, 12, 0), 'America/Chicago')).toBe(Date.UTC(2026, 2, 9, 5, 0));
    // 1 Nov 2026 (clocks fall back) is 25 hours long there: it ends at 06:00 UTC on the 2nd (CST).
    expect(storeDayEnds(Date.UTC(2026, 10, 1, 12, 0), 'America/Chicago')).toBe(Date.UTC(2026, 10, 2, 6, 0));
  });

  it("builds one formatter per zone however often a list asks for the store's day (and still refuses an unknown zone)", () => {
    const original = Intl.DateTimeFormat;
    let built = 0;
    Intl.DateTimeFormat = new Proxy(original, {
      construct: (target, args: ConstructorParameters<typeof original>) => {
        built++;
        return new target(...args);
      },
    });
    try {
      const at = new Date(Date.UTC(2026, 10, 25, 5, 30));
      for (let i = 0; i < 50; i++) {
        expect(storeDay(at, 'Pacific/Chatham')).toBe('2026-11-25');
        expect(storeNow(at, 'Pacific/Chatham')).toEqual({ day: '2026-11-25', minute: 19 * 60 + 15 });
      }
      // One for the day, one for the time of day: not one per call (each costs far more than formatting).
      expect(built).toBe(2);
      expect(() => storeDay(at, 'Mars/Olympus_Mons')).toThrow(RangeError);
      expect(() => storeDay(at, 'Mars/Olympus_Mons')).toThrow(RangeError);
    } finally {
      Intl.DateTimeFormat = original;
    }
  });
});
