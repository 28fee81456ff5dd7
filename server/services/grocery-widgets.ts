import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Store } from '../../core/wire/store';
import type { AddToCartData, CouponData, ProductGridData, StoreHoursData, WeeklyAdData } from '../../core/wire/grocery-widgets';
import { DAYS, formatDayHours, localTime } from '../../core/store-layer/hours';
import { circularDateLine } from '../../core/circulars/dates';
import { storeDay } from '../../core/shop/store-day';
import { couponDay } from '../../core/shop/coupons';
import { storeTimeZone } from './stores';
import { money } from '../../core/shop/money';
import { getProduct, listProducts } from './products';
import { parseJson } from './users';

// The data of the grocery widgets (docs/widgets.md, "Grocery widgets"), for one store: products through the shop's
// one price path (listProducts / getProduct → storePrices), so a widget shows what the shop and the cart charge.
// Prices are everyone's (no member price of a signed-in shopper): the page cache keeps one page per store.

/** Ids from "12, 15 20": whole positive numbers, in order, each once, at most `max`. */
export function productIdsOf(text: unknown, max: number): number[] {
  const ids = String(text ?? '')
    .split(/[\s,;]+/)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0 && n < 2_147_483_648);
  return [...new Set(ids)].slice(0, max);
}

export const countOf = (v: unknown, fallback: number, max: number): number => Math.min(max, Math.max(1, Math.trunc(Number(v)) || fallback));

/** The products of the ad running today at the store (its first running circular), in the ad's order. */
async function runningAd(db: Kysely<Database>, storeId: number) {
  const today = storeDay(new Date(), await storeTimeZone(db, storeId));
  const ads = await db
    .selectFrom('circulars')
    .selectAll()
    .where('status', '=', 'publish')
    .where('start_date', '<=', today)
    .where('end_date', '>=', today)
    .orderBy('start_date', 'desc')
    .orderBy('id')
    .execute();
  const ad = ads.find((c) => {
    const stores = parseJson<number[]>(c.store_ids, []);
    return stores.length === 0 || stores.includes(storeId);
  });
  if (!ad) return null;
  const items = await db.selectFrom('circular_items').select('product_id').where('circular_id', '=', ad.id).orderBy('position').execute();
  return { ad, ids: items.map((i) => i.product_id) };
}

const byIds = async (db: Kysely<Database>, storeId: number, ids: number[], count: number) =>
  ids.length
    ? (await listProducts(db, { storeId, catalog: 'grocery', ids, sort: 'relevance', page: 1, perPage: count, userId: null })).items
    : [];

export async function productGridData(db: Kysely<Database>, store: Store, s: Record<string, unknown>): Promise<ProductGridData> {
  const count = countOf(s.count, 8, 24);
  const base = { storeId: store.id, catalog: 'grocery' as const, sort: 'name' as const, page: 1, perPage: count, userId: null };
  let items;
  if (s.source === 'picked') items = await byIds(db, store.id, productIdsOf(s.product_ids, 24), count);
  else if (s.source === 'ad') items = await byIds(db, store.id, (await runningAd(db, store.id))?.ids ?? [], count);
  else if (s.source === 'department') {
    const department = Math.trunc(Number(s.department_id));
    items = department > 0 ? (await listProducts(db, { ...base, department })).items : [];
  } else items = (await listProducts(db, { ...base, onSale: true })).items;
  return { store_id: store.id, store_name: store.name, items };
}

export async function addToCartData(db: Kysely<Database>, store: Store, s: Record<string, unknown>): Promise<AddToCartData> {
  const id = Math.trunc(Number(s.product_id));
  const product = id > 0 && id < 2_147_483_648 ? await getProduct(db, id, store.id, null) : null;
  return { store_name: store.name, product };
}

export function storeHoursData(store: Store, now = new Date()): StoreHoursData {
  const today = localTime(now, store.time_zone).day;
  return {
    store_name: store.name,
    store_url: store.url ?? '',
    days: DAYS.map(([key, day]) => ({ day, hours: formatDayHours(store.hours?.[key]), today: key === today })),
  };
}

export async function weeklyAdData(db: Kysely<Database>, store: Store, s: Record<string, unknown>): Promise<WeeklyAdData> {
  const running = await runningAd(db, store.id);
  if (!running) return { store_name: store.name, ad: null, items: [] };
  return {
    store_name: store.name,
    ad: { title: running.ad.title, url: `/circulars/${running.ad.slug}`, dates: circularDateLine(running.ad) },
    items: await byIds(db, store.id, running.ids, countOf(s.count, 4, 12)),
  };
}

/** The chosen coupon while it runs, else the first coupon running today (none: null). */
export async function couponData(db: Kysely<Database>, s: Record<string, unknown>): Promise<CouponData> {
  // Coupons are the chain's (not one store's): they run by the chain's day, as everywhere (couponDay).
  const today = couponDay(new Date());
  const running = db
    .selectFrom('coupons')
    .selectAll()
    .where('active', '=', 1)
    .where('start_date', '<=', today)
    .where('end_date', '>=', today);
  const id = Math.trunc(Number(s.coupon_id));
  const row =
    (id > 0 && id < 2_147_483_648 ? await running.where('id', '=', id).executeTakeFirst() : undefined) ??
    (await running.orderBy('end_date').orderBy('id').limit(1).executeTakeFirst());
  if (!row) return { coupon: null };
  const off = row.discount_kind === 'percent' ? `${row.discount_value}% off` : `${money(row.discount_value)} off`;
  return { coupon: { id: row.id, title: row.title, description: row.description, off, ends: row.end_date } };
}
