// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountHandler } from '../testing/handler-harness';
import MotionHandler from './motion';

beforeEach(() => {
  vi.useFakeTimers();
  // An observer that never reports: the element comes into view only through a resize.
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe(): void {}
      disconnect(): void {}
    },
  );
  vi.stubGlobal('matchMedia', (media: string) => ({ matches: false, media }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('motion handler', () => {
  it('checks again 200 ms after the last resize and plays the entrance once the element is in view', () => {
    const { handler, element } = mountHandler<MotionHandler>(MotionHandler, '<div class="elementor-invisible"></div>', {
      _animation: 'fadeInUp',
    });
    let top = 2000; // below the fold
    element.getBoundingClientRect = () => ({
      top,
      bottom: top + 100,
      left: 0,
      right: 100,
      width: 100,
      height: 100,
      x: 0,
      y: top,
      toJSON() {},
    });
    handler.connect();

    window.dispatchEvent(new Event('resize'));
    vi.advanceTimersByTime(200);
    expect(element.classList.contains('animated')).toBe(false);

    top = 100; // the window grew: now it is in view
    window.dispatchEvent(new Event('resize'));
    vi.advanceTimersByTime(199);
    expect(element.classList.contains('animated')).toBe(false);
    vi.advanceTimersByTime(1);
    expect(element.classList.contains('animated')).toBe(true);
    expect(element.classList.contains('fadeInUp')).toBe(true);
    expect(element.classList.contains('elementor-invisible')).toBe(false);
    handler.disconnect();
  });
});
