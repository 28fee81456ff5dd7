import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { Cart, CartLine } from '../../core/shop/api-types';
import { shopperLinePrices, storedLoyaltyMember } from './prices';
import { catalogOfKind, type Catalog } from '../../core/shop/catalog';
import { skippedCouponText } from '../../core/shop/coupons';
import { longestNotice } from '../../core/shop/checkout';
import { storeDay } from '../../core/shop/store-day';
import { isSubstitution } from '../../core/shop/substitution';
import { MAX_LINE_QUANTITY } from '../../core/shop/cart-quantity';
import { orderTotal } from '../../core/shop/order-total';

export type CartLineJson = CartLine;
export type CartJson = Cart;

// Carts: one per anonymous session, one per user. Every change is a single-row upsert on (cart, product), so
// two tabs changing the same cart at once never overwrite each other's lines; adding the same product twice
// adds both quantities.

export { MAX_LINE_QUANTITY };
type Q = Kysely<Database> | Transaction<Database>;

export interface CartOwner {
  userId: number | null;
  sessionId: string | null;
}

export async function findCartId(db: Q, owner: CartOwner): Promise<number | null> {
  if (owner.userId) return (await db.selectFrom('carts').select('id').where('user_id', '=', owner.userId).executeTakeFirst())?.id ?? null;
  if (owner.sessionId)
    return (
      (await db.selectFrom('carts').select('id').where('session_id', '=', owner.sessionId).where('user_id', 'is', null).executeTakeFirst())
        ?.id ?? null
    );
  return null;
}

/** The owner's cart, created on first use (a concurrent creation by another tab is picked up, not duplicated). */
export async function ensureCartId(db: Q, owner: CartOwner): Promise<number> {
  const existing = await findCartId(db, owner);
  if (existing) return existing;
  const now = Date.now();
  const values = owner.userId
    ? { user_id: owner.userId, session_id: null, created_at: now, updated_at: now }
    : { user_id: null, session_id: owner.sessionId, created_at: now, updated_at: now };
  await db
    .insertInto('carts')
    .values(values)
    .onConflict((oc) => oc.column(owner.userId ? 'user_id' : 'session_id').doNothing())
    .execute();
  const id = await findCartId(db, owner);
  if (!id) throw new Error('cart could not be created');
  return id;
}

/** Adds to a line (creating it); the sum is capped at MAX_LINE_QUANTITY. */
export async function addToLine(db: Q, cartId: number, productId: number, quantity: number): Promise<void> {
  const now = Date.now();
  await db
    .insertInto('cart_lines')
    .values({ cart_id: cartId, product_id: productId, quantity: Math.min(quantity, MAX_LINE_QUANTITY), updated_at: now })
    .onConflict((oc) =>
      oc.columns(['cart_id', 'product_id']).doUpdateSet({
        quantity: sql<number>`case when cart_lines.quantity + excluded.quantity > ${MAX_LINE_QUANTITY} then ${MAX_LINE_QUANTITY} else cart_lines.quantity + excluded.quantity end`,
        updated_at: now,
      }),
    )
    .execute();
}

/** Sets a line's quantity; 0 removes it. */
export async function setLine(db: Q, cartId: number, productId: number, quantity: number): Promise<void> {
  if (quantity === 0) {
    await db.deleteFrom('cart_lines').where('cart_id', '=', cartId).where('product_id', '=', productId).execute();
    return;
  }
  const now = Date.now();
  await db
    .insertInto('cart_lines')
    .values({ cart_id: cartId, product_id: productId, quantity, updated_at: now })
    .onConflict((oc) => oc.columns(['cart_id', 'product_id']).doUpdateSet({ quantity, updated_at: now }))
    .execute();
}

/**
 * A cart's lines of one catalogue (all when null) with what the cart, the order and their prices need of each
 * product, by product name. A shopper has one cart per catalogue: the grocery, wine and catering lines of their
 * cart row are three carts, each shown and ordered at its own store (docs/shop.md, "One cart per catalogue").
 */
export function cartLineRows(db: Q, cartId: number, catalog: Catalog | null = null) {
  let q = db
    .selectFrom('cart_lines')
    .innerJoin('products', 'products.id', 'cart_lines.product_id')
    .select([
      'cart_lines.product_id',
      'cart_lines.quantity',
      'cart_lines.substitution',
      'cart_lines.substitute_id',
      'products.name',
      'products.size',
      'products.attributes',
      'products.tax_category',
      'products.snap_eligible',
      'products.age_restricted',
      'products.catering_notice_hours',
    ])
    .where('cart_lines.cart_id', '=', cartId);
  if (catalog) q = q.where('products.catalog', '=', catalog);
  return q.orderBy('products.name').execute();
}

/** The store's catalogue (grocery for a shopping store). */
export async function storeCatalog(db: Q, storeId: number): Promise<Catalog> {
  const row = await db.selectFrom('stores').select('kind').where('id', '=', storeId).executeTakeFirst();
  return catalogOfKind(row?.kind === 'wine' || row?.kind === 'catering' ? row.kind : 'shopping');
}

/** The day of the window the cart's owner holds at the store (its prices are that day's), or null. */
async function heldDay(
  db: Q,
  cart: { user_id: number | null; session_id: string | null } | undefined,
  storeId: number,
): Promise<string | null> {
  const holder = cart?.user_id ? `u:${cart.user_id}` : cart?.session_id ? `s:${cart.session_id}` : null;
  if (!holder) return null;
  const hold = await db
    .selectFrom('slot_holds')
    .innerJoin('pickup_slots', 'pickup_slots.id', 'slot_holds.slot_id')
    .select('pickup_slots.day')
    .where('slot_holds.holder', '=', holder)
    .where('slot_holds.expires_at', '>', Date.now())
    .where('pickup_slots.store_id', '=', storeId)
    .executeTakeFirst();
  return hold?.day ?? null;
}

/** The cart priced at a store: lines the store does not sell (or is out of) show, but are not counted or charged. */
export async function cartJson(db: Q, cartId: number | null, storeId: number | null): Promise<CartJson> {
  const store =
    storeId === null
      ? undefined
      : await db
          .selectFrom('stores')
          .select(['name', 'state', 'tax_rate_bp', 'kind', 'time_zone'])
          .where('id', '=', storeId)
          .executeTakeFirst();
  const storeName = store?.name ?? null;
  const catalog = catalogOfKind(store?.kind === 'wine' || store?.kind === 'catering' ? store.kind : 'shopping');
  if (!cartId || storeId === null || !store)
    return {
      id: cartId,
      store_id: storeId,
      store_name: storeName,
      lines: [],
      count: 0,
      total_cents: 0,
      estimate: store ? orderTotal([], store) : null,
      catalog,
      other_carts: [],
    };
  // The cart's owner, with its roles (a loyalty member's prices) in the same statement.
  const owner = await db
    .selectFrom('carts')
    .leftJoin('users', 'users.id', 'carts.user_id')
    .select(['carts.user_id', 'carts.session_id', 'users.roles'])
    .where('carts.id', '=', cartId)
    .executeTakeFirst();
  const rows = await cartLineRows(db, cartId, catalog);
  const today = storeDay(new Date(), store.time_zone);
  const pickupDay = (await heldDay(db, owner, storeId)) ?? today;
  const member = storedLoyaltyMember(owner?.roles);
  const { prices, coupons, skipped } = await shopperLinePrices(
    db,
    storeId,
    rows,
    { pickupDay, orderedOn: today },
    owner?.user_id ?? null,
    member,
  );
  const subIds = [...new Set(rows.flatMap((r) => (r.substitute_id === null ? [] : [r.substitute_id])))];
  const subNames = new Map(
    subIds.length
      ? (await db.selectFrom('products').select(['id', 'name']).where('id', 'in', subIds).execute()).map((p) => [p.id, p.name])
      : [],
  );
  const row = new Map(rows.map((r) => [r.product_id, r]));
  const lines = rows.map((r): CartLine => {
    const price = prices.get(r.product_id);
    const available = price?.available ?? false;
    return {
      product_id: r.product_id,
      name: r.name,
      size: r.size,
      image: `/media/products/${r.product_id}.svg`,
      quantity: r.quantity,
      price_cents: price?.price_cents ?? 0,
      was_cents: price?.was_cents ?? null,
      line_total_cents: available && price ? price.price_cents * r.quantity : 0,
      available,
      substitution: isSubstitution(r.substitution) ? r.substitution : 'best_match',
      substitute_id: r.substitute_id,
      substitute_name: r.substitute_id === null ? null : (subNames.get(r.substitute_id) ?? null),
      basis: price?.basis ?? 'shelf',
      coupon: (available && coupons.get(r.product_id)) || null,
      snap_eligible: r.snap_eligible === 1,
      age_restricted: r.age_restricted === 1,
      catering_notice_hours: r.catering_notice_hours,
    };
  });
  const counted = lines.filter((l) => l.available);
  const others = await db
    .selectFrom('cart_lines')
    .innerJoin('products', 'products.id', 'cart_lines.product_id')
    .select(['products.catalog', (eb) => eb.fn.sum<number>('cart_lines.quantity').as('n')])
    .where('cart_lines.cart_id', '=', cartId)
    .where('products.catalog', '!=', catalog)
    .groupBy('products.catalog')
    .orderBy('products.catalog')
    .execute();
  return {
    id: cartId,
    store_id: storeId,
    store_name: storeName,
    lines,
    priced_for: pickupDay,
    count: counted.reduce((n, l) => n + l.quantity, 0),
    total_cents: counted.reduce((n, l) => n + l.line_total_cents, 0),
    // The same pure function the order is totalled with, so the estimate is what placing the order charges.
    estimate: orderTotal(
      counted.map((l) => ({
        line_total_cents: l.line_total_cents,
        tax_category: row.get(l.product_id)?.tax_category ?? 'general',
        discount_cents: l.coupon?.discount_cents ?? 0,
      })),
      store,
    ),
    catalog,
    other_carts: others.map((o) => ({ catalog: o.catalog, count: Number(o.n) })),
    ebt_eligible_cents: counted
      .filter((l) => l.snap_eligible)
      .reduce((n, l) => n + l.line_total_cents - (l.coupon?.discount_cents ?? 0), 0),
    age_restricted: counted.some((l) => l.age_restricted),
    notice_hours: longestNotice(counted.map((l) => ({ catering_notice_hours: l.catering_notice_hours ?? 0 }))),
    coupon_notices: skipped.map(skippedCouponText),
  };
}

/** On sign-in the anonymous session's cart joins the user's cart (quantities add up), in one transaction. */
export async function mergeSessionCart(db: Kysely<Database>, userId: number, previousSessionId: string | null): Promise<void> {
  if (!previousSessionId) return;
  await db.transaction().execute(async (tx) => {
    const sessionCart = await findCartId(tx, { userId: null, sessionId: previousSessionId });
    if (!sessionCart) return;
    const userCart = await findCartId(tx, { userId, sessionId: null });
    if (!userCart) {
      await tx
        .updateTable('carts')
        .set({ user_id: userId, session_id: null, updated_at: Date.now() })
        .where('id', '=', sessionCart)
        .execute();
      return;
    }
    const lines = await tx.selectFrom('cart_lines').select(['product_id', 'quantity']).where('cart_id', '=', sessionCart).execute();
    for (const line of lines) await addToLine(tx, userCart, line.product_id, line.quantity);
    await tx.deleteFrom('cart_lines').where('cart_id', '=', sessionCart).execute();
    await tx.deleteFrom('carts').where('id', '=', sessionCart).execute();
  });
}
