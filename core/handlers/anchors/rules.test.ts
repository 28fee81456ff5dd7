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
  it('applies each sticky offset to the anchors between it and the next sticky element, by page position', () => {
    const margins = scrollMargins(
      [
        { id: 'b', top: 1000, offset: 40 },
        { id: 'a', top: 0, offset: 90 },
      ],
      [
        { href: '#one', top: 300 },
        { href: '#two', top: 999 },
        { href: '#three', top: 1000 },
        { href: '#four', top: 5000 },
      ],
    );
    expect(Object.fromEntries(margins)).toEqual({ '#one': 90, '#two': 90, '#three': 40, '#four': 40 });
  });

  it('ignores sticky elements with a missing or zero offset, and anchors above every sticky element', () => {
    const margins = scrollMargins(
      [
        { id: 'a', top: 100, offset: 0 },
        { id: 'b', top: 200, offset: undefined },
        { id: 'c', top: 300, offset: 50 },
      ],
      [
        { href: '#above', top: 50 },
        { href: '#middle', top: 250 },
        { href: '#below', top: 400 },
      ],
    );
    expect(Object.fromEntries(margins)).toEqual({ '#below': 50 });
  });

  it('de-duplicates anchors by href and sticky elements by data-id, and skips invalid hashes', () => {
    const margins = scrollMargins(
      [
        { id: 'a', top: 0, offset: 80 },
        { id: 'a', top: 500, offset: 10 },
      ],
      [
        { href: '#x', top: 600 },
        { href: '#x', top: 10 },
        { href: '#9bad', top: 700 },
      ],
    );
    expect(Object.fromEntries(margins)).toEqual({ '#x': 80 });
    expect(uniqueBy([{ k: 1 }, { k: 1 }, { k: 2 }], (i) => String(i.k))).toEqual([{ k: 1 }, { k: 2 }]);
  });
});
