// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountHandler } from '../handlers/testing/handler-harness';
import Header from './header';

// The header re-decides desktop mega menu versus mobile off-canvas 500 ms after the last resize (docs/behaviour.md),
// driven here through real resize events and fake timers.
describe('header resize', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    window.innerWidth = 1024;
  });

  const resizeTo = (width: number) => {
    window.innerWidth = width;
    window.dispatchEvent(new Event('resize'));
  };

  it('switches to the mobile menu 500 ms after the last resize, and stops listening on disconnect', () => {
    window.innerWidth = 1280;
    const { handler } = mountHandler<Header>(Header, '<header data-site-header></header>', {});
    handler.connect();
    expect(handler.menuKind).toBe('desktop');

    resizeTo(800);
    vi.advanceTimersByTime(400);
    resizeTo(700); // still resizing: the wait starts again
    vi.advanceTimersByTime(499);
    expect(handler.menuKind).toBe('desktop');
    vi.advanceTimersByTime(1);
    expect(handler.menuKind).toBe('mobile');

    handler.disconnect();
    resizeTo(1280);
    vi.advanceTimersByTime(1000);
    expect(handler.menuKind).toBe('mobile');
  });
});
