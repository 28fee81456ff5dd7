import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoader, ChunkLoadError } from './chunk-loader';

const base = { baseUrl: 'http://site.test/assets/runtime/', chunks: { carousel: 'handler-carousel-abc.js' } };

describe('ChunkLoader', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('times out after 120000 ms with a ChunkLoadError naming the type and URL', async () => {
    const loader = new ChunkLoader({ ...base, importer: () => new Promise(() => {}) });
    const pending = loader.load('carousel');
    const assertion = expect(pending).rejects.toMatchObject({
      name: 'ChunkLoadError',
      type: 'timeout',
      url: 'http://site.test/assets/runtime/handler-carousel-abc.js',
    });
    await vi.advanceTimersByTimeAsync(119_999); // the 120 second timeout
    let settled = false;
    pending.catch(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await assertion;
  });

  it('says the chunk failed to load, with failure type and URL, in the message', async () => {
    const loader = new ChunkLoader({ ...base, importer: () => Promise.reject(new TypeError('Failed to fetch')), prober: async () => 404 });
    const error = await loader.load('carousel').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(
      'Loading chunk carousel failed.\n(missing: http://site.test/assets/runtime/handler-carousel-abc.js)',
    );
  });

  it('tells a missing chunk from other errors', async () => {
    const failing = () => Promise.reject(new Error('boom'));
    await expect(new ChunkLoader({ ...base, importer: failing, prober: async () => 404 }).load('carousel')).rejects.toMatchObject({
      type: 'missing',
    });
    await expect(new ChunkLoader({ ...base, importer: failing, prober: async () => 500 }).load('carousel')).rejects.toMatchObject({
      type: 'error',
    });
    await expect(new ChunkLoader({ ...base, importer: failing, prober: async () => null }).load('carousel')).rejects.toMatchObject({
      type: 'error',
    });
  });

  it('loads a chunk once for concurrent callers and allows a retry after a failure', async () => {
    let calls = 0;
    let fail = true;
    const importer = vi.fn(async () => {
      calls++;
      if (fail) throw new Error('offline');
      return { default: 'ok' };
    });
    const loader = new ChunkLoader({ ...base, importer, prober: async () => null });
    await Promise.all([loader.load('carousel').catch(() => null), loader.load('carousel').catch(() => null)]);
    expect(calls).toBe(1);
    fail = false;
    await expect(loader.load('carousel')).resolves.toEqual({ default: 'ok' });
    await loader.load('carousel');
    expect(calls).toBe(2);
  });

  it('falls back to {name}.js for chunks missing from the manifest', () => {
    expect(new ChunkLoader(base).urlOf('lightbox')).toBe('http://site.test/assets/runtime/lightbox.js');
  });
});
