import { describe, expect, it } from 'vitest';
import { CHUNK_ROWS, CHUNK_TARGET_MS, nextChunkRows } from './import-swap';

// A large price file on SQLite is copied beside the shelf (and the old shelf emptied) in statements that each hold the
// database's write lock, and with it every write of the server's thread (import-swap.ts). A fixed 2,500 rows a
// statement held it longer as the shelf grew and the host got busy; the statement's size now follows its time.

describe("the size of a copying statement on SQLite's shelf", () => {
  it('shrinks at once to what fits the target time when a statement took longer', () => {
    expect(nextChunkRows(2_000, CHUNK_TARGET_MS * 4)).toBe(500);
    expect(nextChunkRows(1_000, CHUNK_TARGET_MS * 100)).toBe(CHUNK_ROWS.min);
  });

  it('grows at most twofold a statement, and never past its bound', () => {
    expect(nextChunkRows(1_000, CHUNK_TARGET_MS / 10)).toBe(2_000);
    expect(nextChunkRows(1_000, 0)).toBe(2_000);
    expect(nextChunkRows(CHUNK_ROWS.max, 1)).toBe(CHUNK_ROWS.max);
    expect(nextChunkRows(1_000, CHUNK_TARGET_MS)).toBe(1_000);
  });
});
