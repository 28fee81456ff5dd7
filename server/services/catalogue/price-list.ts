import { sql } from 'kysely';
import type { ListPage, StorePriceRecord } from '../../../core/wire/catalogue-admin';
import { isPostgres } from '../../db/migration-helpers';
import { contains, pageOf, type Tx } from './common';
import { keptSelection, keptTotal } from './list-pages';
import { priceQuery, SEARCH_IDS, toPrice } from './product-admin';

// A store's shelf in the back office (docs/catalogue.md): 40,000 rows a store at a grocer's scale.

export interface PriceListQuery {
  store_id: number;
  q?: string;
  page: number;
  per_page: number;
}

/**
 * One store's shelf, by product id (the primary key's order: no sort of the whole shelf per page). Its total and
 * its pages' ids are kept per catalogue version (list-pages.ts): a store's 40,000 rows are counted once per change.
 * A search finds the matching products first (PostgreSQL: the trigram index of names, migration 231), then their
 * rows on this shelf by primary key, never walking the shelf to test each product's name.
 */
export async function storePriceList(db: Tx, query: PriceListQuery): Promise<ListPage<StorePriceRecord>> {
  const offset = (query.page - 1) * query.per_page;
  const shelf = db.selectFrom('store_products').where('store_products.store_id', '=', query.store_id);
  const list = ['prices', query.store_id, query.q ?? null];
  const { ids, total } = await keptSelection(db, [...list, query.page, query.per_page], async () => {
    if (query.q) {
      const like = sql.raw(isPostgres(db) ? 'ilike' : 'like');
      const named = sql<boolean>`products.name ${like} ${contains(query.q)} escape '!'`;
      // SQLite: three characters or more, the trigram index of names (migration 231) as the product list reads it.
      const phrase = `name : "${query.q.replaceAll('"', '""')}"`;
      const found =
        !isPostgres(db) && [...query.q].length >= 3
          ? sql<boolean>`products.id in (select rowid from products_name_fts where products_name_fts match ${phrase})`
          : named;
      // In no particular order (an order by id would walk the table on SQLite): sorted here, SEARCH_IDS at most.
      const matches = (
        await db
          .selectFrom('products')
          .select('id')
          .where(found)
          .limit(SEARCH_IDS + 1)
          .execute()
      ).sort((a, b) => a.id - b.id);
      if (matches.length <= SEARCH_IDS) {
        const carried = matches.length
          ? await shelf
              .select('store_products.product_id')
              .where(
                'store_products.product_id',
                'in',
                matches.map((m) => m.id),
              )
              .orderBy('store_products.product_id')
              .execute()
          : [];
        return { total: carried.length, ids: carried.slice(offset, offset + query.per_page).map((r) => r.product_id) };
      }
      // A search matching most of the catalogue: counted once, paged from the shelf's primary key.
      const searched = shelf.where('store_products.product_id', 'in', (eb) => eb.selectFrom('products').select('products.id').where(named));
      return {
        total: await keptTotal(db, list, async () =>
          Number((await searched.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
        ),
        ids: (
          await searched
            .select('store_products.product_id')
            .orderBy('store_products.product_id')
            .limit(query.per_page)
            .offset(offset)
            .execute()
        ).map((r) => r.product_id),
      };
    }
    return {
      // Counted from the shelf's primary key alone, once per catalogue version.
      total: await keptTotal(db, list, async () =>
        Number((await shelf.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
      ),
      // The page's product ids from the shelf's primary key (an offset skips index entries), then their rows.
      ids: (
        await shelf.select('store_products.product_id').orderBy('store_products.product_id').limit(query.per_page).offset(offset).execute()
      ).map((r) => r.product_id),
    };
  });
  const rows = ids.length
    ? await priceQuery(db)
        .where('store_products.store_id', '=', query.store_id)
        .where('store_products.product_id', 'in', ids)
        .orderBy('store_products.product_id')
        .execute()
    : [];
  return pageOf(rows.map(toPrice), total, query.page, query.per_page);
}
