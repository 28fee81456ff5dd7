import { describe, expect, it } from 'vitest';
import { moveActive } from './suggest-keys';

describe('moveActive', () => {
  it('goes to the first or last from nothing, and wraps round past either end', () => {
    expect([moveActive(-1, 1, 3), moveActive(-1, -1, 3), moveActive(2, 1, 3), moveActive(0, -1, 3), moveActive(1, 1, 3)]).toEqual([
      0, 2, 0, 2, 2,
    ]);
    expect(moveActive(-1, 1, 0)).toBe(-1);
  });
});
