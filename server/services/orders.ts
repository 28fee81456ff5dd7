import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { errors } from '../errors';
import { findCartId } from './cart';
import type { Order } from '../../core/shop/api-types';

export type OrderJson = Order;

// Pickup orders: placed from the user's cart for a chosen store, in one transaction that also empties the cart.

export async function placeOrder(db: Kysely<Database>, userId: number, storeId: number, pickupDate: string): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const cartId = await findCartId(tx, { userId, sessionId: null });
    const lines = cartId
      ? await tx
          .selectFrom('cart_lines')
          .innerJoin('products', 'products.id', 'cart_lines.product_id')
          .select(['cart_lines.product_id', 'cart_lines.quantity', 'products.name', 'products.price_cents'])
          .where('cart_lines.cart_id', '=', cartId)
          .execute()
      : [];
    if (!cartId || lines.length === 0) throw errors.badRequest('Your cart is empty.');
    const total = lines.reduce((n, l) => n + l.price_cents * l.quantity, 0);
    const order = await tx
      .insertInto('orders')
      .values({ user_id: userId, store_id: storeId, status: 'placed', pickup_date: pickupDate, total_cents: total, created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('order_lines')
      .values(
        lines.map((l) => ({
          order_id: order.id,
          product_id: l.product_id,
          name: l.name,
          quantity: l.quantity,
          price_cents: l.price_cents,
        })),
      )
      .execute();
    await tx.deleteFrom('cart_lines').where('cart_id', '=', cartId).execute();
    return order.id;
  });
}

export async function listOrders(db: Kysely<Database>, userId: number, orderId?: number): Promise<OrderJson[]> {
  let q = db
    .selectFrom('orders')
    .innerJoin('stores', 'stores.id', 'orders.store_id')
    .select([
      'orders.id',
      'orders.store_id',
      'stores.name as store_name',
      'orders.status',
      'orders.pickup_date',
      'orders.total_cents',
      'orders.created_at',
    ])
    .where('orders.user_id', '=', userId);
  if (orderId) q = q.where('orders.id', '=', orderId);
  const orders = await q.orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc').limit(100).execute();
  if (orders.length === 0) return [];
  const lines = await db
    .selectFrom('order_lines')
    .select(['order_id', 'product_id', 'name', 'quantity', 'price_cents'])
    .where(
      'order_id',
      'in',
      orders.map((o) => o.id),
    )
    .orderBy('name')
    .execute();
  return orders.map((o) => ({
    ...o,
    created_at: Number(o.created_at),
    lines: lines.filter((l) => l.order_id === o.id).map(({ order_id: _o, ...l }) => l),
  }));
}
