import { readPageCacheVersion } from '../../db/page-cache-version';
import { type ShelfSelection, shelfSelections } from '../shelf-selections';
import type { Tx } from './common';

// The back office's big lists (products, a store's 40,000 prices) keep their totals and their pages' ids per
// catalogue version, as the shop's lists do (server/services/shelf-selections.ts): every catalogue write moves the
// version (catalogueChanged, an applied import), so a list is counted once per change, not once per page or per
// request (docs/catalogue.md, "Lists at scale"). Rows themselves are always read fresh, by primary key.

/** The list's selection kept under the current version, or `select`'s (then kept). */
export async function keptSelection(db: Tx, key: unknown[], select: () => Promise<ShelfSelection>): Promise<ShelfSelection> {
  const k = JSON.stringify(['back-office', ...key]);
  const version = await readPageCacheVersion(db);
  return shelfSelections(db).kept(version, k, select);
}

/** A list's total, counted once per catalogue version. */
export async function keptTotal(db: Tx, key: unknown[], count: () => Promise<number>): Promise<number> {
  return (await keptSelection(db, ['total', ...key], async () => ({ ids: [], total: await count() }))).total;
}
