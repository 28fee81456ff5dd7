import { describe, expect, it } from 'vitest';
import { isWithinWindow, windowProblem } from './time-window';

describe('time windows', () => {
  it.each([
    [{}, 5, true],
    [{ starts_at: 5 }, 4, false],
    [{ starts_at: 5 }, 5, true],
    [{ ends_at: 5 }, 4, true],
    [{ ends_at: 5 }, 5, false],
    [{ starts_at: 1, ends_at: 9 }, 9, false],
    [{ starts_at: null, ends_at: null }, 0, true],
  ])('%j at %d → %s', (w, now, expected) => {
    expect(isWithinWindow(w, now)).toBe(expected);
  });

  it('names an end before (or at) the start', () => {
    expect(windowProblem({ starts_at: 10, ends_at: 10 })).toBe('The end must be after the start.');
    expect(windowProblem({ starts_at: 10, ends_at: 11 })).toBeNull();
    expect(windowProblem({ ends_at: 1 })).toBeNull();
  });
});
