import { describe, expect, it } from 'vitest';
import { entrancePlan, safeAnimation } from './rules';

describe('entrance animation plan', () => {
  it.each([
    [{ _animation: 'fadeInUp' }, false, { animation: 'fadeInUp', delayMs: 0 }],
    [{ _animation: 'fadeInUp', _animation_delay: 300 }, false, { animation: 'fadeInUp', delayMs: 300 }],
    [{ animation: 'zoomIn', animation_delay: '150' }, false, { animation: 'zoomIn', delayMs: 150 }],
    [{ _animation: 'none' }, false, { animation: null, delayMs: 0 }],
    [{ _animation: 'fadeInUp', _animation_delay: 300 }, true, { animation: null, delayMs: 0 }],
    [{ _animation: 'x" onload="y' }, false, { animation: null, delayMs: 0 }],
    [{}, false, null],
  ])('%j reduced=%s → %j', (s, reduced, plan) => expect(entrancePlan(s, reduced)).toEqual(plan));
});

describe('safeAnimation', () => {
  it('turns a moving entrance into a fade when the element holds a fixed widget', () => {
    expect(safeAnimation('fadeInUp', true)).toBe('fadeIn');
    expect(safeAnimation('zoomIn', true)).toBe('fadeIn');
  });
  it('keeps the chosen entrance otherwise', () => {
    expect(safeAnimation('fadeInUp', false)).toBe('fadeInUp');
    expect(safeAnimation('fadeIn', true)).toBe('fadeIn');
  });
});
