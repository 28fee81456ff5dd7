import type { Kysely } from 'kysely';
import type { Sale } from '../../core/shop/price';
import type { Database } from '../db/schema';
import { type CircularSaleRow, circularSales, circularSaleRows, salesForStore } from './prices';

// The circulars' sales running on a day, kept per page-cache version: circulars and their items are page sources
// (every write to them moves the version), so a shop list need not ask for them on every request, one statement
// and one round trip fewer (docs/search.md, "Lists at scale"). The version is read before the rows, so rows kept
// under a version are never older than it. A week's ads are hundreds of items; past ROWS_MAX they are not kept.

const ROWS_MAX = 20_000;

const kept = new WeakMap<Kysely<Database>, { version: string; byDay: Map<string, Promise<Map<number, CircularSaleRow[]> | null>> }>();

function runningOn(db: Kysely<Database>, version: string, day: string): Promise<Map<number, CircularSaleRow[]> | null> {
  let entry = kept.get(db);
  if (!entry || entry.version !== version) kept.set(db, (entry = { version, byDay: new Map() }));
  let rows = entry.byDay.get(day);
  if (!rows) {
    const byDay = entry.byDay;
    rows = circularSaleRows(db, { pickupDay: day, orderedOn: day }, null).then((list) => {
      if (list.length > ROWS_MAX) return null;
      const byProduct = new Map<number, CircularSaleRow[]>();
      for (const r of list) byProduct.set(r.product_id, [...(byProduct.get(r.product_id) ?? []), r]);
      return byProduct;
    });
    // A failed read is not kept: the next request asks again.
    rows.catch(() => byDay.delete(day));
    byDay.set(day, rows);
  }
  return rows;
}

/** circularSales for a list priced on one day, from the rows kept under `version` (read when it moved). */
export async function runningSales(
  db: Kysely<Database>,
  version: string,
  storeId: number,
  day: string,
  productIds: number[],
): Promise<Map<number, Sale[]>> {
  const byProduct = await runningOn(db, version, day);
  if (!byProduct) return circularSales(db, storeId, { pickupDay: day, orderedOn: day }, productIds);
  return salesForStore(
    productIds.flatMap((id) => byProduct.get(id) ?? []),
    storeId,
  );
}
