import { ordersPlaced } from '../metrics';
import type { Kysely, Transaction } from 'kysely';
import { orderTotal } from '../../core/shop/order-total';
import type { Database } from '../db/schema';
import { errors } from '../errors';
import { cartLineRows, findCartId } from './cart';
import { shopperLinePrices } from './prices';
import { catalogOfKind } from '../../core/shop/catalog';
import { skippedCouponText } from '../../core/shop/coupons';
import { AGE_CONFIRM_TEXT, longestNotice, meetsNotice, tenderPlan, type Tender } from '../../core/shop/checkout';
import { currentHold, lockSlotCount, refuseClosedSlot, slotFull } from './pickup-slots';
import { holdWindowLabel } from '../../core/shop/pickup-hold';
import { windowLabel } from '../../core/shop/pickup';
import { parseJson } from './users';
import type { Order } from '../../core/shop/api-types';
import { storeDay, storeNow } from '../../core/shop/store-day';
import { tiersOf, tiersTotal } from '../../core/shop/price';

export type OrderJson = Order;

// Pickup orders, placed from the user's cart at one store for one pickup window, in one transaction that
// locks the cart first (an update of its row: a row lock on PostgreSQL, the write lock on SQLite), so
// parallel submits from several tabs or sessions make one order; the others find the cart empty, or, with
// the same Idempotency-Key, get the first order back.

export interface PlaceOrder {
  userId: number;
  /** kind: shopping | wine | catering, the catalogue it orders (getOrderingStore answers it, with the tax rate). */
  store: { id: number; name: string; state: string; tax_rate_bp: number; kind: string; time_zone: string };
  /** Whether the shopper is a loyalty member (its roles, read with its session). */
  member: boolean;
  slotId: number;
  idempotencyKey: string | null;
  /** How the shopper pays at pickup; a split names its EBT SNAP part. */
  tender?: { method: Tender; ebt_cents?: number };
  /** The shopper confirmed they are 21 or over (needed for wine, beer and spirits). */
  ageConfirmed?: boolean;
  /** Coupons the cart showed applied: any not applied now is said in the order's notices. */
  seenCouponIds?: number[];
}

async function replayed(tx: Transaction<Database> | Kysely<Database>, userId: number, key: string | null): Promise<number | null> {
  if (!key) return null;
  const row = await tx
    .selectFrom('order_requests')
    .select('order_id')
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return row?.order_id ?? null;
}

/** The order's id, and whether it was placed by an earlier request with the same Idempotency-Key. */
export async function placeOrder(db: Kysely<Database>, input: PlaceOrder): Promise<{ id: number; replayed: boolean; notices: string[] }> {
  const placed = await insertOrder(db, input);
  if (!placed.replayed) ordersPlaced.inc(); // counted once committed
  return placed;
}

async function insertOrder(db: Kysely<Database>, input: PlaceOrder): Promise<{ id: number; replayed: boolean; notices: string[] }> {
  const { userId, store } = input;
  // The store's catalogue is the cart ordered: a grocery store orders the grocery lines, the wine cellar the wine
  // (one cart per catalogue, docs/shop.md); the other catalogues' lines stay in the cart for their own order.
  const catalog = catalogOfKind(store.kind === 'wine' || store.kind === 'catering' ? store.kind : 'shopping');
  return db.transaction().execute(async (tx) => {
    const cartId = await findCartId(tx, { userId, sessionId: null });
    if (cartId) await tx.updateTable('carts').set({ updated_at: Date.now() }).where('id', '=', cartId).execute();
    const earlier = await replayed(tx, userId, input.idempotencyKey);
    if (earlier) return { id: earlier, replayed: true, notices: [] };
    const lines = cartId ? await cartLineRows(tx, cartId, catalog) : [];
    if (!cartId || lines.length === 0)
      throw errors.badRequest(catalog === 'grocery' ? 'Your cart is empty.' : `Your ${catalog} cart is empty.`);
    // Priced for the window's pickup day, ordered today (core/shop/price.ts): the window is read first.
    const window = await tx
      .selectFrom('pickup_slots')
      .select(['id', 'store_id', 'day', 'start_time', 'end_time'])
      .where('id', '=', input.slotId)
      .executeTakeFirst();
    if (!window) throw errors.missing('Pickup window');
    // Which store's window comes first: another store's window is refused as that, whatever else is wrong with it.
    if (window.store_id !== store.id)
      throw errors.badRequest(`That pickup window belongs to another store. Choose a window at ${store.name}.`);
    const notice = longestNotice(lines);
    const now = new Date();
    if (!meetsNotice(window, storeNow(now, store.time_zone), notice)) {
      const message = `Catering in your cart needs ${notice} hours' notice. Choose a later pickup window.`;
      throw errors.invalidParam(message, { slot_id: message });
    }
    if (lines.some((l) => l.age_restricted === 1) && input.ageConfirmed !== true) {
      const message = `Your cart has wine, beer or spirits: confirm "${AGE_CONFIRM_TEXT}"`;
      throw errors.invalidParam(message, { age_confirmed: message });
    }
    const { prices, coupons, skipped } = await shopperLinePrices(
      tx,
      store.id,
      lines,
      { pickupDay: window.day, orderedOn: storeDay(now, store.time_zone) },
      userId,
      input.member,
    );
    const priced = lines.map((l) => {
      const price = prices.get(l.product_id);
      if (!price) throw errors.badRequest(`${l.name} is not sold at ${store.name}. Remove it to place the order.`);
      if (!price.available) throw errors.badRequest(`${l.name} is out of stock at ${store.name}. Remove it to place the order.`);
      const coupon = coupons.get(l.product_id) ?? null;
      return { ...l, price_cents: price.price_cents, line_total_cents: price.price_cents * l.quantity, coupon };
    });
    const slot = window;
    refuseClosedSlot(slot, store.time_zone);
    // The store's tax place as the request read it (one round trip less inside the transaction than reading it again).
    const taxPlace = { state: store.state, tax_rate_bp: store.tax_rate_bp };
    const totals = orderTotal(
      priced.map((l) => ({
        line_total_cents: l.line_total_cents,
        tax_category: l.tax_category,
        discount_cents: l.coupon?.discount_cents ?? 0,
      })),
      taxPlace,
    );
    const ebtEligible = priced
      .filter((l) => l.snap_eligible === 1)
      .reduce((n, l) => n + l.line_total_cents - (l.coupon?.discount_cents ?? 0), 0);
    const tender = tenderPlan(input.tender?.method ?? 'card', totals.total_cents, ebtEligible, input.tender?.ebt_cents);
    if ('field' in tender) throw errors.invalidParam(tender.message, { [tender.field]: tender.message });
    const order = await tx
      .insertInto('orders')
      .values({
        user_id: userId,
        store_id: store.id,
        status: 'placed',
        pickup_date: slot.day,
        slot_id: slot.id,
        ...totals,
        tender: tender.plan.method,
        ebt_cents: tender.plan.ebt_cents,
        id_check: priced.some((l) => l.age_restricted === 1) ? 1 : 0,
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('order_lines')
      .values(
        priced.map((l) => ({
          order_id: order.id,
          product_id: l.product_id,
          name: l.name,
          quantity: l.quantity,
          price_cents: l.price_cents,
          substitution: l.substitution,
          substitute_id: l.substitute_id,
          price_tiers: JSON.stringify([{ quantity: l.quantity, price_cents: l.price_cents }]),
          coupon_id: l.coupon?.coupon_id ?? null,
          coupon_cents: l.coupon?.discount_cents ?? 0,
        })),
      )
      .execute();
    await tx
      .deleteFrom('cart_lines')
      .where('cart_id', '=', cartId)
      .where(
        'product_id',
        'in',
        priced.map((l) => l.product_id),
      )
      .execute();
    // The order uses up the shopper's hold; one on another window (chosen in another tab) is released, and said.
    const held = await currentHold(tx, `u:${userId}`);
    await tx.deleteFrom('slot_holds').where('holder', '=', `u:${userId}`).execute();
    if (input.idempotencyKey)
      await tx
        .insertInto('order_requests')
        .values({ user_id: userId, idempotency_key: input.idempotencyKey, order_id: order.id, created_at: Date.now() })
        .execute();
    // The window's place, last: its row stays locked to the commit and every order of the window waits for it, so
    // it is taken after every other write (2 statements, then the commit). The count includes this order.
    const place = await lockSlotCount(tx, slot.id, `u:${userId}`);
    if (place.used > place.slot.capacity) throw slotFull();
    // A coupon the cart showed that is not applied now (it ended, or was withdrawn, in between) is said.
    const applied = new Set(priced.flatMap((l) => (l.coupon ? [l.coupon.coupon_id] : [])));
    const notices = (input.seenCouponIds ?? [])
      .filter((id) => !applied.has(id))
      .map((id) => {
        const why = skipped.find((s) => s.coupon_id === id);
        return why ? skippedCouponText(why) : 'A coupon your cart showed no longer applies, so it was not applied.';
      });
    if (held && held.slot.id !== slot.id)
      notices.push(`Your hold on ${holdWindowLabel(held)} was released: this order is for ${windowLabel(slot.start_time, slot.end_time)}.`);
    return { id: order.id, replayed: false, notices };
  });
}

/** An order with its store and pickup window joined: the head every order read starts from. */
export const selectOrders = (db: Kysely<Database>) =>
  db
    .selectFrom('orders')
    .innerJoin('stores', 'stores.id', 'orders.store_id')
    .leftJoin('pickup_slots', 'pickup_slots.id', 'orders.slot_id')
    .select(['orders.id', 'orders.store_id', 'stores.name as store_name', 'orders.status', 'orders.pickup_date']);

export async function listOrders(db: Kysely<Database>, userId: number, orderId?: number): Promise<OrderJson[]> {
  let q = selectOrders(db)
    .select([
      'orders.slot_id',
      'pickup_slots.start_time',
      'pickup_slots.end_time',
      'orders.subtotal_cents',
      'orders.fee_cents',
      'orders.tax_cents',
      'orders.total_cents',
      'orders.coupon_cents',
      'orders.tender',
      'orders.ebt_cents',
      'orders.id_check',
      'orders.created_at',
    ])
    .where('orders.user_id', '=', userId);
  if (orderId) q = q.where('orders.id', '=', orderId);
  const orders = await q.orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc').limit(100).execute();
  if (orders.length === 0) return [];
  const lines = await db
    .selectFrom('order_lines')
    .leftJoin('products as substitute', 'substitute.id', 'order_lines.substitute_id')
    .leftJoin('coupons', 'coupons.id', 'order_lines.coupon_id')
    .select([
      'order_lines.order_id',
      'order_lines.product_id',
      'order_lines.name',
      'order_lines.quantity',
      'order_lines.price_cents',
      'order_lines.substitution',
      'order_lines.substitute_id',
      'order_lines.price_tiers',
      'order_lines.coupon_cents',
      'substitute.name as substitute_name',
      'coupons.title as coupon_title',
    ])
    .where(
      'order_lines.order_id',
      'in',
      orders.map((o) => o.id),
    )
    .orderBy('order_lines.name')
    .execute();
  return orders.map(({ start_time, end_time, tender, ebt_cents, id_check, ...o }) => ({
    ...o,
    pickup_window: start_time && end_time ? { start: start_time, end: end_time } : null,
    created_at: Number(o.created_at),
    tender: { method: tender, ebt_cents, card_cents: o.total_cents - ebt_cents },
    id_check: id_check === 1,
    lines: lines
      .filter((l) => l.order_id === o.id)
      .map(({ order_id: _o, price_tiers, substitute_name, coupon_title, ...l }) => ({
        ...l,
        line_total_cents: tiersTotal(tiersOf(parseJson(price_tiers, null), l.quantity, l.price_cents)),
        substitute_name: l.substitution === 'this_product' ? substitute_name : null,
        coupon_title: l.coupon_cents > 0 ? coupon_title : null,
      })),
  }));
}
