import { ordersPlaced } from '../metrics';
import type { Kysely, Transaction } from 'kysely';
import { orderTotal } from '../../core/shop/order-total';
import type { Database } from '../db/schema';
import { errors } from '../errors';
import { cartLineRows, findCartId } from './cart';
import { storePrices } from './prices';
import { lockSlot } from './pickup-slots';
import { parseJson } from './users';
import type { Order } from '../../core/shop/api-types';
import { storeDay } from '../../core/shop/store-day';
import { tiersOf, tiersTotal } from '../../core/shop/price';

export type OrderJson = Order;

// Pickup orders, placed from the user's cart at one store for one pickup window, in one transaction that
// locks the cart first (an update of its row: a row lock on PostgreSQL, the write lock on SQLite), so
// parallel submits from several tabs or sessions make one order; the others find the cart empty, or, with
// the same Idempotency-Key, get the first order back.

export interface PlaceOrder {
  userId: number;
  store: { id: number; name: string; state: string };
  slotId: number;
  idempotencyKey: string | null;
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
export async function placeOrder(db: Kysely<Database>, input: PlaceOrder): Promise<{ id: number; replayed: boolean }> {
  const placed = await insertOrder(db, input);
  if (!placed.replayed) ordersPlaced.inc(); // counted once committed
  return placed;
}

async function insertOrder(db: Kysely<Database>, input: PlaceOrder): Promise<{ id: number; replayed: boolean }> {
  const { userId, store } = input;
  return db.transaction().execute(async (tx) => {
    const cartId = await findCartId(tx, { userId, sessionId: null });
    if (cartId) await tx.updateTable('carts').set({ updated_at: Date.now() }).where('id', '=', cartId).execute();
    const earlier = await replayed(tx, userId, input.idempotencyKey);
    if (earlier) return { id: earlier, replayed: true };
    const lines = cartId ? await cartLineRows(tx, cartId) : [];
    if (!cartId || lines.length === 0) throw errors.badRequest('Your cart is empty.');
    // Priced for the window's pickup day, ordered today (core/shop/price.ts): the window is read first.
    const window = await tx.selectFrom('pickup_slots').select('day').where('id', '=', input.slotId).executeTakeFirst();
    if (!window) throw errors.missing('Pickup window');
    const prices = await storePrices(
      tx,
      store.id,
      lines.map((l) => l.product_id),
      { pickupDay: window.day, orderedOn: storeDay(new Date()) },
    );
    const priced = lines.map((l) => {
      const price = prices.get(l.product_id);
      if (!price) throw errors.badRequest(`${l.name} is not sold at ${store.name}. Remove it to place the order.`);
      if (!price.available) throw errors.badRequest(`${l.name} is out of stock at ${store.name}. Remove it to place the order.`);
      return { ...l, price_cents: price.price_cents, line_total_cents: price.price_cents * l.quantity };
    });
    // The shopper's own hold is their place in the window: it is not counted against them (it goes below).
    const slot = await lockSlot(tx, input.slotId, `u:${userId}`);
    if (slot.store_id !== store.id)
      throw errors.badRequest(`That pickup window belongs to another store. Choose a window at ${store.name}.`);
    const taxPlace = await tx.selectFrom('stores').select(['state', 'tax_rate_bp']).where('id', '=', store.id).executeTakeFirstOrThrow();
    const totals = orderTotal(
      priced.map((l) => ({ line_total_cents: l.line_total_cents, tax_category: l.tax_category })),
      taxPlace,
    );
    const order = await tx
      .insertInto('orders')
      .values({
        user_id: userId,
        store_id: store.id,
        status: 'placed',
        pickup_date: slot.day,
        slot_id: slot.id,
        ...totals,
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
        })),
      )
      .execute();
    await tx.deleteFrom('cart_lines').where('cart_id', '=', cartId).execute();
    await tx.deleteFrom('slot_holds').where('holder', '=', `u:${userId}`).execute();
    if (input.idempotencyKey)
      await tx
        .insertInto('order_requests')
        .values({ user_id: userId, idempotency_key: input.idempotencyKey, order_id: order.id, created_at: Date.now() })
        .execute();
    return { id: order.id, replayed: false };
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
      'orders.created_at',
    ])
    .where('orders.user_id', '=', userId);
  if (orderId) q = q.where('orders.id', '=', orderId);
  const orders = await q.orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc').limit(100).execute();
  if (orders.length === 0) return [];
  const lines = await db
    .selectFrom('order_lines')
    .select(['order_id', 'product_id', 'name', 'quantity', 'price_cents', 'substitution', 'substitute_id', 'price_tiers'])
    .where(
      'order_id',
      'in',
      orders.map((o) => o.id),
    )
    .orderBy('name')
    .execute();
  return orders.map(({ start_time, end_time, ...o }) => ({
    ...o,
    pickup_window: start_time && end_time ? { start: start_time, end: end_time } : null,
    created_at: Number(o.created_at),
    lines: lines
      .filter((l) => l.order_id === o.id)
      .map(({ order_id: _o, price_tiers, ...l }) => ({
        ...l,
        line_total_cents: tiersTotal(tiersOf(parseJson(price_tiers, null), l.quantity, l.price_cents)),
      })),
  }));
}
