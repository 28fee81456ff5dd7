import { sql, type Kysely, type RawBuilder, type Selectable, type Transaction } from 'kysely';
import { linePrice, memberPrice, type Price, type PricingDays, type Sale } from '../../core/shop/price';
import { applyCoupons, couponDay, type AppliedCoupon, type Coupon, type SkippedCoupon } from '../../core/shop/coupons';
import { storeDay } from '../../core/shop/store-day';
import type { CouponsTable, Database, StoreProductsTable } from '../db/schema';
import { parseJson } from './users';
import { storeTimeZone } from './stores';

// A store's prices for a set of products: its shelf price, its own sales and the circulars that run for it, for
// a pickup day and an order day (core/shop/price.ts decides; both today by default). Product views, the cart,
// orders and order changes all call this.

type Q = Kysely<Database> | Transaction<Database>;

export interface StorePrice extends Price {
  available: boolean;
  /** The store's member (loyalty) price where it undercuts `price_cents` for everyone, else null. */
  member_cents: number | null;
}

/** Whose prices: a loyalty member pays member prices (core/shop/price.ts memberPrice). */
export interface PriceFor {
  member: boolean;
}

/** A published circular's item running on one of the days, as read (store_ids is the ad's JSON list of stores). */
export interface CircularSaleRow {
  product_id: number;
  sale_price_cents: number;
  start_date: string;
  end_date: string;
  store_ids: string;
}

/** Items of published circulars running on either day: of these products, or of every product (null). */
export function circularSaleRows(db: Q, days: PricingDays, productIds: number[] | null): Promise<CircularSaleRow[]> {
  let q = db
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
    );
  if (productIds) q = q.where('circular_items.product_id', 'in', productIds);
  return q.execute();
}

/** The rows' sales that run for this store (an ad with no stores listed runs for all), by product. */
export function salesForStore(rows: Iterable<CircularSaleRow>, storeId: number): Map<number, Sale[]> {
  const out = new Map<number, Sale[]>();
  for (const r of rows) {
    const stores = parseJson<number[]>(r.store_ids, []);
    if (stores.length > 0 && !stores.includes(storeId)) continue;
    const list = out.get(r.product_id) ?? [];
    list.push({ sale_price_cents: r.sale_price_cents, start_date: r.start_date, end_date: r.end_date });
    out.set(r.product_id, list);
  }
  return out;
}

/** The circular sales running for a store on either of two days, by product. */
export async function circularSales(db: Q, storeId: number, days: PricingDays, productIds: number[]): Promise<Map<number, Sale[]>> {
  if (productIds.length === 0) return new Map();
  return salesForStore(await circularSaleRows(db, days, productIds), storeId);
}

/** Prices of the products the store carries; a product it does not carry is absent from the map. */
export async function storePrices(
  db: Q,
  storeId: number,
  productIds: number[],
  days?: PricingDays,
  who: PriceFor = { member: false },
): Promise<Map<number, StorePrice>> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map();
  // Without days: an order placed today, on the store's clock, for pickup today.
  const today = days ? '' : storeDay(new Date(), await storeTimeZone(db, storeId));
  const when = days ?? { pickupDay: today, orderedOn: today };
  const [shelf, sales] = await Promise.all([
    db.selectFrom('store_products').selectAll().where('store_id', '=', storeId).where('product_id', 'in', ids).execute(),
    circularSales(db, storeId, when, ids),
  ]);
  return pricesOf(shelf, sales, when, who);
}

/** The shelf columns a price is made from (a list reads them joined to its products: one statement, not two). */
export type ShelfRow = Pick<
  Selectable<StoreProductsTable>,
  'product_id' | 'price_cents' | 'sale_price_cents' | 'sale_start' | 'sale_end' | 'member_price_cents' | 'available'
>;

/** Prices of shelf rows already read, with the circular sales running for them (circularSales). */
export function pricesOf(
  shelf: readonly ShelfRow[],
  sales: Map<number, Sale[]>,
  when: PricingDays,
  who: PriceFor,
): Map<number, StorePrice> {
  const out = new Map<number, StorePrice>();
  for (const s of shelf) {
    const base = linePrice(s, sales.get(s.product_id) ?? [], when);
    const member = s.member_price_cents !== null && s.member_price_cents < base.price_cents ? s.member_price_cents : null;
    out.set(s.product_id, {
      ...memberPrice(base, s.price_cents, s.member_price_cents, who.member),
      available: s.available === 1,
      member_cents: member,
    });
  }
  return out;
}

/** Whether an account is a loyalty member (the `loyalty_member` role): it sees and pays member prices. */
export const isLoyaltyMember = (account: { roles: readonly string[] } | null | undefined): boolean =>
  account?.roles.includes('loyalty_member') ?? false;

/** The same, from the roles as the users table stores them (JSON). */
export const storedLoyaltyMember = (roles: string | null | undefined): boolean =>
  isLoyaltyMember({ roles: parseJson<string[]>(roles ?? '[]', []) });

/**
 * Whether the account is a loyalty member. `known`: the caller already read its roles (the signed-in visitor's, with
 * the session), so no statement is run for them.
 */
export async function isMember(db: Q, userId: number | null, known?: boolean): Promise<boolean> {
  if (userId === null) return false;
  if (known !== undefined) return known;
  const row = await db.selectFrom('users').select('roles').where('id', '=', userId).executeTakeFirst();
  return storedLoyaltyMember(row?.roles);
}

/** The coupons the account has clipped, with their products (any state: core/shop/coupons.ts decides). */
export async function clippedCoupons(db: Q, userId: number | null, productIds?: number[]): Promise<Coupon[]> {
  if (userId === null) return [];
  let q = db
    .selectFrom('clipped_coupons')
    .innerJoin('coupons', 'coupons.id', 'clipped_coupons.coupon_id')
    .selectAll('coupons')
    .where('clipped_coupons.user_id', '=', userId);
  if (productIds) {
    if (productIds.length === 0) return [];
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('coupon_products')
          .select('coupon_products.coupon_id')
          .whereRef('coupon_products.coupon_id', '=', 'coupons.id')
          .where('coupon_products.product_id', 'in', productIds),
      ),
    );
  }
  return couponsWithProducts(db, await q.orderBy('coupons.id').execute());
}

/** Coupon rows as the pricing rule reads them, each with the products it applies to (one query for all). */
export async function couponsWithProducts(db: Q, rows: Array<Selectable<CouponsTable>>): Promise<Coupon[]> {
  if (rows.length === 0) return [];
  const links = await db
    .selectFrom('coupon_products')
    .select(['coupon_id', 'product_id'])
    .where(
      'coupon_id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    discount_kind: r.discount_kind === 'percent' ? 'percent' : 'amount',
    discount_value: r.discount_value,
    product_ids: links.filter((l) => l.coupon_id === r.id).map((l) => l.product_id),
    start_date: r.start_date,
    end_date: r.end_date,
    limit_per_order: r.limit_per_order,
    active: r.active === 1,
  }));
}

export interface ShopperLinePrices {
  prices: Map<number, StorePrice>;
  coupons: Map<number, AppliedCoupon>;
  skipped: SkippedCoupon[];
}

/**
 * The prices a shopper pays for lines at a store (docs/pricing.md): the rule's price, the member price for a
 * loyalty member, then the clipped coupons running today (the chain's day). The cart, the order and order changes use it.
 */
export async function shopperLinePrices(
  db: Q,
  storeId: number,
  lines: ReadonlyArray<{ product_id: number; quantity: number }>,
  days: PricingDays,
  userId: number | null,
  /** Whether that account is a loyalty member, when the caller knows (else it is read). */
  knownMember?: boolean,
): Promise<ShopperLinePrices> {
  const ids = lines.map((l) => l.product_id);
  const [member, clipped] = await Promise.all([isMember(db, userId, knownMember), clippedCoupons(db, userId, ids)]);
  const prices = await storePrices(db, storeId, ids, days, { member });
  const eligible = lines.flatMap((l) => {
    const p = prices.get(l.product_id);
    return p?.available ? [{ product_id: l.product_id, quantity: l.quantity, unit_cents: p.price_cents }] : [];
  });
  // Coupons run by the chain's day, not the store's (couponDay): the day the coupons list and clip read.
  const { applied, skipped } = applyCoupons(eligible, clipped, couponDay(new Date()));
  return { prices, coupons: applied, skipped };
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
