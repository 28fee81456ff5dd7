import { describe, expect, it } from 'vitest';
import { nextIndex } from './keyboard';

describe('roving keyboard focus (WAI-ARIA)', () => {
  it.each([
    ['ArrowRight', 0, 'horizontal', 1],
    ['ArrowRight', 2, 'horizontal', 0],
    ['ArrowLeft', 0, 'horizontal', 2],
    ['ArrowDown', 1, 'vertical', 2],
    ['ArrowUp', 0, 'vertical', 2],
    ['Home', 2, 'vertical', 0],
    ['End', 0, 'horizontal', 2],
    ['ArrowDown', 0, 'horizontal', null],
    ['Enter', 0, 'vertical', null],
  ] as const)('%s from %i (%s) → %s', (key, current, orientation, next) => expect(nextIndex(key, current, 3, orientation)).toBe(next));
});
