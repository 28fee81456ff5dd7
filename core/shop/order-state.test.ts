import { describe, expect, it } from 'vitest';
import { transitionError } from './order-state';

describe('transitionError', () => {
  it.each([
    ['placed', 'picking', null],
    ['picking', 'ready', null],
    ['ready', 'picked_up', null],
    ['placed', 'ready', 'An order that is placed cannot become ready for pickup.'],
    ['ready', 'picking', 'An order that is ready for pickup cannot become being picked.'],
    ['picking', 'picking', 'This order is already being picked.'],
    ['cancelled', 'picking', 'An order that is cancelled cannot become being picked.'],
  ] as const)('%s → %s', (from, to, message) => {
    expect(transitionError(from, to)).toBe(message);
  });
});
