// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountHandler } from '../testing/handler-harness';
import StickyHandler from './sticky';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('sticky handler', () => {
  it('reactivates 300 ms after the last resize, for the device mode it then finds', () => {
    const { handler, element, device } = mountHandler<StickyHandler>(StickyHandler, '<div class="e-con"></div>', {
      sticky: 'top',
      sticky_on: ['desktop'],
      sticky_offset: 10,
    });
    handler.connect();
    expect(element.style.position).toBe('sticky');
    // Below the site's stuck header: its height (0px while it is in the flow) plus the offset.
    expect(element.style.top).toBe('calc(var(--site-header-stuck, 0px) + 10px)');

    device.mode = 'mobile'; // the window became narrow: sticky is off on phones
    window.dispatchEvent(new Event('resize'));
    vi.advanceTimersByTime(200);
    window.dispatchEvent(new Event('resize')); // still resizing: the wait starts again
    vi.advanceTimersByTime(299);
    expect(element.style.position).toBe('sticky');
    vi.advanceTimersByTime(1);
    expect(element.style.position).toBe('');

    device.mode = 'desktop';
    window.dispatchEvent(new Event('resize'));
    vi.advanceTimersByTime(300);
    expect(element.style.position).toBe('sticky');
    handler.disconnect();
  });

  it('drops a pending reactivation when it disconnects', () => {
    const { handler, element, device } = mountHandler<StickyHandler>(StickyHandler, '<div></div>', {
      sticky: 'top',
      sticky_on: ['desktop'],
    });
    handler.connect();
    handler.disconnect();
    device.mode = 'desktop';
    window.dispatchEvent(new Event('resize'));
    vi.advanceTimersByTime(1000);
    expect(element.style.position).toBe('');
  });
});
