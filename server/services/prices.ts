import type { Kysely, Transaction } from 'kysely';
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
