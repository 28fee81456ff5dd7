import { describe, expect, it } from 'vitest';
import { percentTotal, rebalance, type DrinkLocks } from './rebalance';

const none: DrinkLocks = { wine: false, beer: false, spirit: false };
const start = { wine: 50, beer: 30, spirit: 20 };

describe('rebalance to 100', () => {
  it.each([
    ['others absorb in proportion', start, none, 'wine', 70, { wine: 70, beer: 18, spirit: 12 }],
    ['a locked one is left alone', start, { ...none, spirit: true }, 'wine', 70, { wine: 70, beer: 10, spirit: 20 }],
    ['the change is limited by locked ones', start, { ...none, spirit: true }, 'wine', 95, { wine: 80, beer: 0, spirit: 20 }],
    ['everything else locked: nothing can move', start, { ...none, beer: true, spirit: true }, 'wine', 90, { wine: 50, beer: 30, spirit: 20 }],
    ['zero others share evenly', { wine: 100, beer: 0, spirit: 0 }, none, 'wine', 40, { wine: 40, beer: 30, spirit: 30 }],
    ['lowering gives to the others', start, none, 'beer', 0, { wine: 71, beer: 0, spirit: 29 }],
    ['all to one', start, none, 'spirit', 100, { wine: 0, beer: 0, spirit: 100 }],
  ] as const)('%s', (_name, current, locks, changed, value, expected) => {
    const next = rebalance(current, locks, changed, value);
    expect(next).toEqual(expected);
    expect(percentTotal(next)).toBe(100);
  });
});
