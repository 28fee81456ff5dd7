import { describe, expect, it } from 'vitest';
import { money } from './money';

describe('money', () => {
  it.each([
    [299, '$2.99'],
    [0, '$0.00'],
    [5, '$0.05'],
    [100000, '$1000.00'],
  ])('%i cents → %s', (cents, shown) => expect(money(cents)).toBe(shown));
});
