import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Whether the products changed after `since` are exactly the changes already applied to the search index
 * (product id → its updated_at, server/services/product-search.ts): their count, the sum of their times (counted
 * from `since`, so the sums stay exact) and of their ids agree. A product changed again, added or deleted changes
 * one of the three; then the refresh lists the window's rows. One aggregate over the `products_updated` index. Also
 * how many products changed after `since` (a refresh too large to list builds a new index instead).
 */
export async function windowApplied(
  db: Kysely<Database>,
  since: number,
  applied: ReadonlyMap<number, number>,
): Promise<{ applied: boolean; changed: number }> {
  const row = await db
    .selectFrom('products')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.sum<number | string | null>(sql`updated_at - ${since}`).as('at'),
      eb.fn.sum<number | string | null>('id').as('ids'),
    ])
    .where('updated_at', '>', since)
    .executeTakeFirst();
  let n = 0;
  let at = 0;
  let ids = 0;
  for (const [id, t] of applied) {
    n++;
    at += t - since;
    ids += id;
  }
  const changed = Number(row?.n ?? 0);
  return { applied: changed === n && Number(row?.at ?? 0) === at && Number(row?.ids ?? 0) === ids, changed };
}
