import { describe, expect, it } from 'vitest';
import { entrancePlan } from './rules';

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
