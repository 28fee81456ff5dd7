import { describe, expect, it } from 'vitest';
import { circularDateLine, circularDateRange, formatCircularDate } from './dates';

describe('circular date selection', () => {
  it.each([
    [
      'no display dates',
      { start_date: '2026-11-18', end_date: '2026-11-24', display_start_date: null, display_end_date: null },
      '2026-11-18',
      '2026-11-24',
    ],
    [
      'both display dates win',
      { start_date: '2026-11-20', end_date: '2026-12-31', display_start_date: '2026-11-25', display_end_date: '2026-12-24' },
      '2026-11-25',
      '2026-12-24',
    ],
    [
      'only a display start',
      { start_date: '2026-11-20', end_date: '2026-12-31', display_start_date: '2026-11-22' },
      '2026-11-22',
      '2026-12-31',
    ],
    [
      'only a display end',
      { start_date: '2026-11-20', end_date: '2026-12-31', display_end_date: '2026-12-20' },
      '2026-11-20',
      '2026-12-20',
    ],
    [
      'blank display dates do not count',
      { start_date: '2026-11-20', end_date: '2026-12-31', display_start_date: '', display_end_date: '  ' },
      '2026-11-20',
      '2026-12-31',
    ],
  ])('%s', (_name, c, start, end) => expect(circularDateRange(c)).toEqual({ start, end }));

  it.each([
    ['2026-11-25', 'Nov 25, 2026'],
    ['2026-01-01', 'Jan 1, 2026'],
    ['2026-13-01', '2026-13-01'],
    ['soon', 'soon'],
  ])('formats %s as %s', (iso, text) => expect(formatCircularDate(iso)).toBe(text));

  it('writes the title line', () => {
    expect(
      circularDateLine({
        start_date: '2026-11-20',
        end_date: '2026-12-31',
        display_start_date: '2026-11-25',
        display_end_date: '2026-12-24',
      }),
    ).toBe('Nov 25, 2026 – Dec 24, 2026');
  });
});
