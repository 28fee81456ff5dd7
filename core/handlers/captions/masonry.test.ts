import { describe, expect, it } from 'vitest';
import { galleryLayoutFor } from './gallery-columns';
import { captionFromTitle, masonryLayout } from './masonry';

describe('masonry helper', () => {
  it('lays out 3 columns with spacing 30 when nothing is set', () => {
    // Four equal items: three side by side, the fourth under the first, 30 below it.
    expect(masonryLayout([10, 10, 10, 10]).placements).toEqual([
      { column: 0, top: 0 },
      { column: 1, top: 0 },
      { column: 2, top: 0 },
      { column: 0, top: 40 },
    ]);
    // A gallery whose editor set nothing gets the same on the desktop.
    expect(galleryLayoutFor({}, 'desktop')).toEqual({ columns: 3, spacing: 30 });
  });
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
