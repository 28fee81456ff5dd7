import { describe, expect, it } from 'vitest';
import { GUESTS_MESSAGE, LENGTH_MESSAGE, percentInput, validateGuests, validateLength } from './validation';

describe('calculator validation', () => {
  it('uses the messages word for word', () => {
    expect(LENGTH_MESSAGE).toBe('Must be between 1 and 4 hours');
    expect(GUESTS_MESSAGE).toBe('Must be between 1 and 2000 people');
  });

  it.each([
    ['1', null],
    ['4', null],
    ['2.5', null],
    [3, null],
    ['0', LENGTH_MESSAGE],
    ['0.99', LENGTH_MESSAGE],
    ['4.01', LENGTH_MESSAGE],
    ['5', LENGTH_MESSAGE],
    ['', LENGTH_MESSAGE],
    ['abc', LENGTH_MESSAGE],
    ['-2', LENGTH_MESSAGE],
  ])('length %j → %j', (value, message) => expect(validateLength(value)).toBe(message));

  it.each([
    ['1', null],
    ['25', null],
    ['2000', null],
    ['5000', null],
    [12, null],
    ['0', GUESTS_MESSAGE],
    ['-3', GUESTS_MESSAGE],
    ['2.5', GUESTS_MESSAGE],
    ['', GUESTS_MESSAGE],
    ['ten', GUESTS_MESSAGE],
  ])('guests %j → %j (2000 is only in the message)', (value, message) => expect(validateGuests(value)).toBe(message));

  it.each([
    ['0', 40, 0],
    ['100', 40, 100],
    ['55', 40, 55],
    ['101', 40, 40],
    ['-1', 40, 40],
    ['', 40, 40],
    ['x', 40, 40],
  ])('typed percent %j (previous %i) → %i', (typed, previous, expected) => expect(percentInput(typed, previous)).toBe(expected));
});
