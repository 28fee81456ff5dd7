import { describe, expect, it } from 'vitest';
import { announcementFor, DEFAULT_ANNOUNCEMENTS as m } from './announcement';

describe('carousel announcement', () => {
  it.each([
    ['next', { isBeginning: false, isEnd: false, loop: false }, 'Next slide'],
    ['next', { isBeginning: false, isEnd: true, loop: false }, 'This is the last slide'],
    ['prev', { isBeginning: true, isEnd: false, loop: false }, 'This is the first slide'],
    ['prev', { isBeginning: false, isEnd: true, loop: false }, 'Previous slide'],
    ['next', { isBeginning: false, isEnd: true, loop: true }, 'Next slide'],
    ['prev', { isBeginning: true, isEnd: false, loop: true }, 'Previous slide'],
  ] as const)('%s at %o says %s', (direction, at, said) => {
    expect(announcementFor(direction, at, m)).toBe(said);
  });
});
