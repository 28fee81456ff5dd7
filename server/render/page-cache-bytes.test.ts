import { describe, expect, it } from 'vitest';
import { Client, useTestServer } from '../testing/harness';

// The full-page cache is bounded by bytes (PAGE_CACHE_BYTES), not by a count of pages: a large catalogue's pages
// at many stores would fill any count. Here a server may keep about 150 KB of pages (in process: the budget is the
// subject, not the process; docs/testing.md).

const server = useTestServer({ pageCacheBytes: 150_000 });

const cacheOf = async (path: string) => (await new Client(server.url).raw(path)).headers.get('x-page-cache');

describe('full-page cache size', () => {
  it('drops the oldest pages once the kept pages pass the byte budget, and keeps the newest', async () => {
    // Each page carries at least its inlined CSS (about 19 KB) three times (identity, Brotli, gzip smaller).
    for (let i = 1; i <= 12; i++) expect(await cacheOf(`/recipes?bytes-test=${i}`)).toBe('miss');
    expect(await cacheOf('/recipes?bytes-test=12')).toBe('hit');
    expect(await cacheOf('/recipes?bytes-test=1')).toBe('miss');
  });
});
