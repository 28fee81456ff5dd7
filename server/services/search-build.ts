import type { Kysely } from 'kysely';
import type { Catalog } from '../../core/shop/catalog';
import type { Database } from '../db/schema';
import { BUILD_BATCH, CatalogIndex, loadDocs } from './search-docs';

// Building the shop search's indexes from the whole catalogue (product-search.ts), on the server's thread in slices or
// on a worker thread of its own (search-build-thread.ts): the same reads, the same index.

export interface Built {
  indexes: Map<Catalog, CatalogIndex>;
  /** Products changed since `recent`: product id → its updated_at (the first refreshes' look-back reads them again). */
  applied: Map<number, number>;
  /** The newest updated_at read (at least the cursor the build started from). */
  cursor: number;
}

export interface BuildFrom {
  /** Rows changed after this are recorded as applied. */
  recent: number;
  cursor: number;
}

/**
 * Reads the catalogue a batch at a time and indexes it; `pause` (if any) is awaited before each product and may
 * rest, so the thread can answer meanwhile. The built arrays are compacted to their exact length.
 */
export async function buildIndexes(db: Kysely<Database>, from: BuildFrom, pause?: () => Promise<void> | undefined): Promise<Built> {
  const indexes = new Map<Catalog, CatalogIndex>();
  const applied = new Map<number, number>();
  let cursor = from.cursor;
  for (let after = 0, rows = await loadDocs(db, { after }); rows.length; rows = await loadDocs(db, { after })) {
    for (const r of rows) {
      const resting = pause?.();
      if (resting) await resting;
      let entry = indexes.get(r.catalog);
      if (!entry) indexes.set(r.catalog, (entry = new CatalogIndex()));
      entry.put(r.doc);
      if (r.updatedAt > from.recent) applied.set(r.doc.id, r.updatedAt);
      cursor = Math.max(cursor, r.updatedAt);
      after = r.doc.id;
    }
    if (rows.length < BUILD_BATCH) break;
  }
  // Built arrays keep their growth's spare room: exact copies once, then few changes a minute.
  for (const entry of indexes.values()) entry.index.compact();
  return { indexes, applied, cursor };
}
