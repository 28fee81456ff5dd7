import { describe, expect, it } from 'vitest';
import { rebalance, type DrinkLocks } from './rebalance';

const percentTotal = (p: { wine: number; beer: number; spirit: number }): number => p.wine + p.beer + p.spirit;

const none: DrinkLocks = { wine: false, beer: false, spirit: false };
const start = { wine: 50, beer: 30, spirit: 20 };

describe('rebalance to 100', () => {
  it.each([
    ['others absorb in proportion', start, none, 'wine', 70, { wine: 70, beer: 18, spirit: 12 }],
    ['a locked one is left alone', start, { ...none, spirit: true }, 'wine', 70, { wine: 70, beer: 10, spirit: 20 }],
    ['the change is limited by locked ones', start, { ...none, spirit: true }, 'wine', 95, { wine: 80, beer: 0, spirit: 20 }],
    [
      'everything else locked: nothing can move',
      start,
      { ...none, beer: true, spirit: true },
      'wine',
      90,
      { wine: 50, beer: 30, spirit: 20 },
    ],
    ['zero others share evenly', { wine: 100, beer: 0, spirit: 0 }, none, 'wine', 40, { wine: 40, beer: 30, spirit: 30 }],
    ['lowering gives to the others', start, none, 'beer', 0, { wine: 71, beer: 0, spirit: 29 }],
    ['all to one', start, none, 'spirit', 100, { wine: 0, beer: 0, spirit: 100 }],
  ] as const)('%s', (_name, current, locks, changed, value, expected) => {
    const next = rebalance(current, locks, changed, value);
    expect(next).toEqual(expected);
    expect(percentTotal(next)).toBe(100);
  });
});

describe('rebalance properties', () => {
  it('always totals 100, never leaves 0-100 and never moves a locked share', async () => {
    const fc = (await import('fast-check')).default;
    const kinds = ['wine', 'beer', 'spirit'] as const;
    const split = fc.tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 })).map(([a, b]) => {
      const [lo, hi] = a < b ? [a, b] : [b, a];
      return { wine: lo, beer: hi - lo, spirit: 100 - hi };
    });
    fc.assert(
      fc.property(
        split,
        fc.record({ wine: fc.boolean(), beer: fc.boolean(), spirit: fc.boolean() }),
        fc.constantFrom(...kinds),
        fc.integer({ min: -50, max: 150 }),
        (current, locks, changed, value) => {
          const next = rebalance(current, { ...locks, [changed]: false }, changed, value);
          expect(percentTotal(next)).toBe(100);
          for (const k of kinds) {
            expect(next[k]).toBeGreaterThanOrEqual(0);
            expect(next[k]).toBeLessThanOrEqual(100);
            if (k !== changed && locks[k]) expect(next[k]).toBe(current[k]);
          }
        },
      ),
    );
  });
});
