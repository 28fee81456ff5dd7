import { describe, expect, it } from 'vitest';
import { openStatusOf } from './open-status';

describe('store open status', () => {
  const hours = { mon: ['00:00', '24:00'] as [string, string], tue: ['00:00', '24:00'] as [string, string] };
  const monday = new Date('2026-11-23T17:00:00Z'); // a Monday afternoon in the stores' time zone
  it.each([
    [true, 'open'],
    [false, 'opening-soon'],
  ] as const)('selectable %s during its hours: %s', (is_selectable, status) => {
    expect(openStatusOf({ hours, is_selectable }, monday)).toBe(status);
  });
  it('is closed outside its hours', () => {
    expect(openStatusOf({ hours: {}, is_selectable: true }, monday)).toBe('closed');
  });
});
