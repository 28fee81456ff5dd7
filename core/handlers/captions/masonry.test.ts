import { describe, expect, it } from 'vitest';
import { captionFromTitle, MASONRY_DEFAULTS, masonryLayout } from './masonry';

describe('masonry helper', () => {
  it('defaults to 3 columns with spacing 30', () => expect(MASONRY_DEFAULTS).toEqual({ columns: 3, spacing: 30 }));
  it('puts each item in the shortest column', () => {
    const { placements, height } = masonryLayout([100, 50, 80, 10, 40]);
    expect(placements).toEqual([
      { column: 0, top: 0 },
      { column: 1, top: 0 },
      { column: 2, top: 0 },
      { column: 1, top: 80 },
      { column: 2, top: 110 },
    ]);
    expect(height).toBe(150);
  });
  it('honours custom columns and spacing', () => {
    expect(masonryLayout([10, 10, 10], { columns: 2, spacing: 5 }).placements).toEqual([
      { column: 0, top: 0 },
      { column: 1, top: 0 },
      { column: 0, top: 15 },
    ]);
    expect(masonryLayout([]).height).toBe(0);
  });
});

describe('captions from image titles', () => {
  it.each([
    ['Ripe peaches', 'Ripe peaches'],
    ['  Two\n lines ', 'Two lines'],
    ['', null],
    [null, null],
  ])('%j → %j', (title, caption) => expect(captionFromTitle(title)).toBe(caption));
});
