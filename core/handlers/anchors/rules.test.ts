import { describe, expect, it } from 'vitest';
import { isAnchorHash, scrollMargins, uniqueBy } from './rules';

describe('anchor hash rule', () => {
  it.each([
    ['#prices', true],
    ['#_top', true],
    ['#Section-2_b', true],
    ['#a', true],
    ['#2fast', false],
    ['#-x', false],
    ['#', false],
    ['prices', false],
    ['#a b', false],
    ['#a.b', false],
    ['#été', false],
    ['#a/b', false],
    ['', false],
  ])('%s → %s', (hash, ok) => expect(isAnchorHash(hash)).toBe(ok));
});

describe('scroll margins under sticky elements', () => {
  type Sticky = Parameters<typeof scrollMargins>[0][number];
  type Anchor = Parameters<typeof scrollMargins>[1][number];
  const sticky = (id: string, top: number, offset: number | undefined): Sticky => ({ id, top, offset });
  const anchor = (href: string, top: number): Anchor => ({ href, top });
  it.each<[string, Sticky[], Anchor[], Record<string, number>]>([
    [
      'applies each sticky offset to the anchors between it and the next sticky element, by page position',
      [sticky('b', 1000, 40), sticky('a', 0, 90)],
      [anchor('#one', 300), anchor('#two', 999), anchor('#three', 1000), anchor('#four', 5000)],
      { '#one': 90, '#two': 90, '#three': 40, '#four': 40 },
    ],
    [
      'ignores sticky elements with a missing or zero offset, and anchors above every sticky element',
      [sticky('a', 100, 0), sticky('b', 200, undefined), sticky('c', 300, 50)],
      [anchor('#above', 50), anchor('#middle', 250), anchor('#below', 400)],
      { '#below': 50 },
    ],
    [
      'de-duplicates anchors by href and sticky elements by data-id, and skips invalid hashes',
      [sticky('a', 0, 80), sticky('a', 500, 10)],
      [anchor('#x', 600), anchor('#x', 10), anchor('#9bad', 700)],
      { '#x': 80 },
    ],
  ])('%s', (_name, stickies, anchors, expected) => {
    expect(Object.fromEntries(scrollMargins(stickies, anchors))).toEqual(expected);
  });

  it('keeps the first of each key', () => {
    const first = { k: 1, at: 'first' };
    const second = { k: 1, at: 'second' };
    const other = { k: 2, at: 'other' };
    const kept = uniqueBy([first, other, second], (i) => String(i.k));
    expect(kept).toEqual([first, other]);
    expect(kept[0]).toBe(first);
  });
});
