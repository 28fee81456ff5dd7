import { describe, expect, it } from 'vitest';
import { storeDay, storeDayEnds } from './store-day';

describe('store day', () => {
  it('a store day ends at the store-local midnight, also on the day clocks fall back', () => {
    // 9 pm on 24 Nov 2026 in New York (02:00 UTC on the 25th) is still the 24th there; it ends at 05:00 UTC.
    const evening = Date.UTC(2026, 10, 25, 2, 0);
    expect(storeDay(new Date(evening), 'America/New_York')).toBe('2026-11-24');
    expect(storeDayEnds(evening, 'America/New_York')).toBe(Date.UTC(2026, 10, 25, 5, 0));
    // 1 Nov 2026 is 25 hours long in New York: it ends at 05:00 UTC on the 2nd, not 04:00.
    expect(storeDayEnds(Date.UTC(2026, 10, 1, 12, 0), 'America/New_York')).toBe(Date.UTC(2026, 10, 2, 5, 0));
  });
});
