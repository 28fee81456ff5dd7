// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadVideoApi, resetVideoApis, VIDEO_API_POLL_MS } from './video-api';

describe('video provider API loader', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetVideoApis();
    document.head.innerHTML = '';
    delete (window as unknown as { YT?: unknown }).YT;
  });
  afterEach(() => vi.useRealTimers());

  it('inserts the script once and polls every 350 ms until ready', async () => {
    expect(VIDEO_API_POLL_MS).toBe(350);
    let ready = false;
    const a = loadVideoApi('youtube').then(() => (ready = true));
    const b = loadVideoApi('youtube');
    expect(document.querySelectorAll('script[src="https://www.youtube.com/iframe_api"]')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(700);
    expect(ready).toBe(false);
    (window as unknown as { YT: { loaded: number } }).YT = { loaded: 1 };
    await vi.advanceTimersByTimeAsync(349);
    expect(ready).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await a;
    await b;
    expect(ready).toBe(true);
  });

  it('resolves at once when the API is already there and inserts nothing', async () => {
    (window as unknown as { YT: { loaded: number } }).YT = { loaded: 1 };
    await loadVideoApi('youtube');
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });
});
