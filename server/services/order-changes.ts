import type { Kysely } from 'kysely';
import { changeError, isOrderState, transitionError, type OrderState } from '../../core/shop/order-state';
import { orderTotal, type TaxPlace } from '../../core/shop/order-total';
import { storeDay } from '../../core/shop/store-day';
import { localTime } from '../../core/store-layer/hours';
import type { StaffSlot } from '../../core/shop/staff-orders';
import { isSubstitution } from '../../core/shop/substitution';
import { changeTiers, tiersOf, tiersTotal } from '../../core/shop/price';
import { storePrices } from './prices';
import type { Database } from '../db/schema';
import { errors } from '../errors';
import { selectOrders } from './orders';
import { requireStaffOf } from './store-staff';
import { parseJson, type User } from './users';

// After an order is placed: the shopper changes a quantity or cancels until the cut-off, staff move it along
// placed → picking → ready → picked up. Each change locks the order row first (an update), then checks.

type Tx = Parameters<Parameters<ReturnType<Kysely<Database>['transaction']>['execute']>[0]>[0];

async function lockedOrder(tx: Tx, orderId: number, userId: number | null) {
  let lock = tx
    .updateTable('orders')
    .set((eb) => ({ status: eb.ref('status') }))
    .where('id', '=', orderId);
  if (userId !== null) lock = lock.where('user_id', '=', userId);
  const { numUpdatedRows } = await lock.executeTakeFirst();
  if (Number(numUpdatedRows) === 0) throw errors.missing('Order');
  const order = await selectOrders(tx)
    .select(['pickup_slots.start_time', 'stores.state', 'stores.tax_rate_bp'])
    .where('orders.id', '=', orderId)
    .executeTakeFirstOrThrow();
  const status: OrderState = isOrderState(order.status) ? order.status : 'placed';
  return { ...order, status };
}

function shopperMayChange(order: { status: OrderState; pickup_date: string; start_time: string | null }): void {
  const now = new Date();
  const error = changeError(
    { status: order.status, day: order.pickup_date, start_time: order.start_time },
    { day: storeDay(now), minute: localTime(now).minute },
  );
  if (error) throw errors.conflict(error);
}

/** Recomputes the order's totals from its lines (each unit at the price it was ordered at). */
async function retotal(tx: Tx, orderId: number, place: TaxPlace): Promise<void> {
  const lines = await tx
    .selectFrom('order_lines')
    .innerJoin('products', 'products.id', 'order_lines.product_id')
    .select(['order_lines.quantity', 'order_lines.price_cents', 'order_lines.price_tiers', 'products.tax_category'])
    .where('order_lines.order_id', '=', orderId)
    .execute();
  const totals = orderTotal(
    lines.map((l) => ({
      line_total_cents: tiersTotal(tiersOf(parseJson(l.price_tiers, null), l.quantity, l.price_cents)),
      tax_category: l.tax_category,
    })),
    place,
  );
  await tx.updateTable('orders').set(totals).where('id', '=', orderId).execute();
}

/** Sets a line's quantity (0 removes it; the last line cannot go: cancel instead). */
export async function changeOrderLine(
  db: Kysely<Database>,
  userId: number,
  orderId: number,
  productId: number,
  quantity: number,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const order = await lockedOrder(tx, orderId, userId);
    shopperMayChange(order);
    const line = await tx
      .selectFrom('order_lines')
      .select(['product_id', 'name', 'quantity', 'price_cents', 'price_tiers'])
      .where('order_id', '=', orderId)
      .where('product_id', '=', productId)
      .executeTakeFirst();
    if (!line) throw errors.missing('Order line');
    const tiers = tiersOf(parseJson(line.price_tiers, null), line.quantity, line.price_cents);
    if (quantity === 0) {
      const { n } = await tx
        .selectFrom('order_lines')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow();
      if (Number(n) <= 1) throw errors.badRequest('An order needs at least one product. Cancel the order instead.');
      await tx.deleteFrom('order_lines').where('order_id', '=', orderId).where('product_id', '=', productId).execute();
    } else {
      // Added units cost what an order placed today for that pickup day would pay (an ended ad is not honoured).
      let unitNow = line.price_cents;
      if (quantity > line.quantity) {
        const price = (
          await storePrices(tx, order.store_id, [productId], { pickupDay: order.pickup_date, orderedOn: storeDay(new Date()) })
        ).get(productId);
        if (!price?.available)
          throw errors.badRequest(`${line.name} is no longer sold at ${order.store_name}. Keep the quantity or remove it.`);
        unitNow = price.price_cents;
      }
      await tx
        .updateTable('order_lines')
        .set({ quantity, price_tiers: JSON.stringify(changeTiers(tiers, quantity, unitNow)) })
        .where('order_id', '=', orderId)
        .where('product_id', '=', productId)
        .execute();
    }
    await retotal(tx, orderId, order);
  });
}

export async function cancelOrder(db: Kysely<Database>, userId: number, orderId: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const order = await lockedOrder(tx, orderId, userId);
    shopperMayChange(order);
    await tx.updateTable('orders').set({ status: 'cancelled' }).where('id', '=', orderId).execute();
  });
}

/** Staff of the order's store (or an administrator) move it one step forward. */
export async function moveOrder(db: Kysely<Database>, user: User | null, orderId: number, to: OrderState): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const order = await lockedOrder(tx, orderId, null);
    await requireStaffOf(tx, user, order.store_id, order.store_name);
    const error = transitionError(order.status, to);
    if (error) throw errors.conflict(error);
    await tx.updateTable('orders').set({ status: to }).where('id', '=', orderId).execute();
  });
}

/** A store's orders of a day, grouped by pickup window, with their lines and substitution choices. */
export async function ordersBySlot(db: Kysely<Database>, storeId: number, day: string): Promise<StaffSlot[]> {
  const rows = await db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .leftJoin('pickup_slots', 'pickup_slots.id', 'orders.slot_id')
    .select(['orders.id', 'users.name', 'orders.status', 'orders.total_cents', 'pickup_slots.start_time', 'pickup_slots.end_time'])
    .where('orders.store_id', '=', storeId)
    .where('orders.pickup_date', '=', day)
    .orderBy('pickup_slots.start_time')
    .orderBy('orders.id')
    .execute();
  const lines = rows.length
    ? await db
        .selectFrom('order_lines')
        .leftJoin('products as substitute', 'substitute.id', 'order_lines.substitute_id')
        .select([
          'order_lines.order_id',
          'order_lines.product_id',
          'order_lines.name',
          'order_lines.quantity',
          'order_lines.substitution',
          'substitute.name as substitute_name',
        ])
        .where(
          'order_lines.order_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('order_lines.name')
        .execute()
    : [];
  const slots = new Map<string, StaffSlot>();
  for (const r of rows) {
    const key = r.start_time ?? '';
    const slot = slots.get(key) ?? { start: r.start_time, end: r.end_time, orders: [] };
    const own = lines
      .filter((l) => l.order_id === r.id)
      .map((l) => ({
        product_id: l.product_id,
        name: l.name,
        quantity: l.quantity,
        substitution: isSubstitution(l.substitution) ? l.substitution : 'best_match',
        substitute_name: l.substitution === 'this_product' ? l.substitute_name : null,
      }));
    slot.orders.push({
      id: r.id,
      customer: r.name,
      status: isOrderState(r.status) ? r.status : 'placed',
      items: own.reduce((n, l) => n + l.quantity, 0),
      total_cents: r.total_cents,
      lines: own,
    });
    slots.set(key, slot);
  }
  return [...slots.values()];
}
