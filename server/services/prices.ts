import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { linePrice, type Price, type PricingDays, type Sale } from '../../core/shop/price';
import { storeDay } from '../../core/shop/store-day';
import type { Database } from '../db/schema';
import { parseJson } from './users';

// A store's prices for a set of products: its shelf price, its own sales and the circulars that run for it, for
// a pickup day and an order day (core/shop/price.ts decides; both today by default). Product views, the cart,
// orders and order changes all call this.

type Q = Kysely<Database> | Transaction<Database>;

export interface StorePrice extends Price {
  available: boolean;
}

/** The circular sales running for a store on either of two days, by product. */
async function circularSales(db: Q, storeId: number, days: PricingDays, productIds: number[]): Promise<Map<number, Sale[]>> {
  const out = new Map<number, Sale[]>();
  if (productIds.length === 0) return out;
  const rows = await db
    .selectFrom('circular_items')
    .innerJoin('circulars', 'circulars.id', 'circular_items.circular_id')
    .select([
      'circular_items.product_id',
      'circular_items.sale_price_cents',
      'circulars.start_date',
      'circulars.end_date',
      'circulars.store_ids',
    ])
    .where('circulars.status', '=', 'publish') // a draft ad sets no price
    .where((eb) =>
      eb.or(
        [days.pickupDay, days.orderedOn].map((day) => eb.and([eb('circulars.start_date', '<=', day), eb('circulars.end_date', '>=', day)])),
      ),
    )
    .where('circular_items.product_id', 'in', productIds)
    .execute();
  for (const r of rows) {
    const stores = parseJson<number[]>(r.store_ids, []);
    if (stores.length > 0 && !stores.includes(storeId)) continue;
    const list = out.get(r.product_id) ?? [];
    list.push({ sale_price_cents: r.sale_price_cents, start_date: r.start_date, end_date: r.end_date });
    out.set(r.product_id, list);
  }
  return out;
}

/** Prices of the products the store carries; a product it does not carry is absent from the map. */
export async function storePrices(db: Q, storeId: number, productIds: number[], days?: PricingDays): Promise<Map<number, StorePrice>> {
  const out = new Map<number, StorePrice>();
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return out;
  const today = storeDay(new Date());
  const when = days ?? { pickupDay: today, orderedOn: today };
  const [shelf, sales] = await Promise.all([
    db.selectFrom('store_products').selectAll().where('store_id', '=', storeId).where('product_id', 'in', ids).execute(),
    circularSales(db, storeId, when, ids),
  ]);
  for (const s of shelf) out.set(s.product_id, { ...linePrice(s, sales.get(s.product_id) ?? [], when), available: s.available === 1 });
  return out;
}

// The same rule in SQL, for the lists that filter or sort by price over a whole shelf (40,000 rows at a
// large grocer): what is charged is the lowest of the shelf price, the store's own sale running that day and
// a circular's sale for that store (linePrice in storePrices decides each product shown; these only choose and order).

/** The store's own sale runs on `day` and undercuts the shelf price (store_products is in the query). */
export const onSaleSql = (day: string): RawBuilder<boolean> =>
  sql<boolean>`(store_products.sale_price_cents is not null and store_products.sale_price_cents < store_products.price_cents and (store_products.sale_start is null or store_products.sale_start <= ${day}) and (store_products.sale_end is null or store_products.sale_end >= ${day}))`;

/** The lowest circular sale running for the store on `day`, by products.id (NULL where none): a handful of rows. */
export async function circularPriceSql(db: Q, storeId: number, day: string): Promise<RawBuilder<number | null>> {
  const rows = await db
    .selectFrom('circular_items')
    .innerJoin('circulars', 'circulars.id', 'circular_items.circular_id')
    .select(['circular_items.product_id', 'circular_items.sale_price_cents', 'circulars.store_ids'])
    .where('circulars.status', '=', 'publish')
    .where('circulars.start_date', '<=', day)
    .where('circulars.end_date', '>=', day)
    .execute();
  const best = new Map<number, number>();
  for (const r of rows) {
    const stores = parseJson<number[]>(r.store_ids, []);
    if (stores.length > 0 && !stores.includes(storeId)) continue;
    best.set(r.product_id, Math.min(best.get(r.product_id) ?? Infinity, r.sale_price_cents));
  }
  if (best.size === 0) return sql<null>`cast(null as integer)`;
  // Literals (whole numbers read from the database): PostgreSQL types them, and the statement stays small.
  const whens = [...best].map(([id, cents]) => sql`when ${sql.lit(Math.trunc(id))} then ${sql.lit(Math.trunc(cents))}`);
  return sql<number | null>`(case products.id ${sql.join(whens, sql` `)} end)`;
}

/** The charged price of the row (store_products and products in the query). */
export function chargedPriceSql(day: string, circular: RawBuilder<number | null>): RawBuilder<number> {
  const shelf = sql<number>`(case when ${onSaleSql(day)} then store_products.sale_price_cents else store_products.price_cents end)`;
  return sql<number>`(case when ${circular} is not null and ${circular} < ${shelf} then ${circular} else ${shelf} end)`;
}
