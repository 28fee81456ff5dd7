import { describe, expect, it } from 'vitest';
import { countdownParts, counterValueAt, formatCounter } from './counter-math';

describe('counter', () => {
  it('runs from the start to the end value, ease-out', () => {
    expect(counterValueAt(0, 1200, 0)).toBe(0);
    expect(counterValueAt(0, 1200, 1)).toBe(1200);
    expect(counterValueAt(0, 1200, 0.5)).toBe(1050);
    expect(counterValueAt(0, 4.5, 2)).toBe(4.5);
    expect(counterValueAt(10, 0, 1)).toBe(0);
  });
  it('groups thousands with the delimiter', () => {
    expect(formatCounter(1234567, ',')).toBe('1,234,567');
    expect(formatCounter(1234.5, ' ', 1)).toBe('1 234.5');
    expect(formatCounter(999, ',')).toBe('999');
    expect(formatCounter(-1200, '')).toBe('-1200');
  });
});

describe('countdown', () => {
  it('splits the time left into days, hours, minutes and seconds', () => {
    const now = Date.parse('2026-11-23T10:00:00Z');
    expect(countdownParts(now + (2 * 86400 + 3 * 3600 + 4 * 60 + 5) * 1000, now)).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
      expired: false,
    });
    expect(countdownParts(now - 1000, now)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, expired: true });
  });
});
