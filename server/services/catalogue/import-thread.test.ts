import { afterEach, describe, expect, it } from 'vitest';
import { heapLimitMb, MIN_WORKER_HEAP_MB, WORKER_HEAP_MB } from './import-thread';

// The worker thread a server applies an upload on keeps its garbage within a small heap (docs/imports.md): with 64 MB
// a server applying a 4-million-row price file peaked 17 MB higher than with 24 (docs/performance.md, "Catalogue imports").

afterEach(() => {
  delete process.env.IMPORT_WORKER_HEAP_MB;
});

describe("the import worker's heap", () => {
  it('is 24 MB unless IMPORT_WORKER_HEAP_MB says otherwise, and never under the floor a worker starts with', () => {
    expect(WORKER_HEAP_MB).toBe(24);
    expect(heapLimitMb()).toBe(24);
    process.env.IMPORT_WORKER_HEAP_MB = '48';
    expect(heapLimitMb()).toBe(48);
    process.env.IMPORT_WORKER_HEAP_MB = '2';
    expect(heapLimitMb()).toBe(MIN_WORKER_HEAP_MB);
    process.env.IMPORT_WORKER_HEAP_MB = 'lots';
    expect(heapLimitMb()).toBe(24);
  });
});
