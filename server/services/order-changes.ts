import type { Kysely } from 'kysely';
import { changeError, isOrderState, transitionError, type OrderState } from '../../core/shop/order-state';
import { orderTotal, type TaxPlace } from '../../core/shop/order-total';
import { storeDay, storeNow } from '../../core/shop/store-day';
import type { StaffSlot } from '../../core/shop/staff-orders';
import { isSubstitution } from '../../core/shop/substitution';
import { changeTiers, tiersOf, tiersTotal } from '../../core/shop/price';
import { unitDiscount } from '../../core/shop/coupons';
import { isMember, storePrices } from './prices';
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
    .select(['pickup_slots.start_time', 'stores.state', 'stores.tax_rate_bp', 'stores.time_zone'])
    .where('orders.id', '=', orderId)
    .executeTakeFirstOrThrow();
  const status: OrderState = isOrderState(order.status) ? order.status : 'placed';
  return { ...order, status };
}

/** The cut-off is on the store's clock: 2 hours before its window, in its zone. */
function shopperMayChange(order: { status: OrderState; pickup_date: string; start_time: string | null; time_zone: string }): void {
  const error = changeError(
    { status: order.status, day: order.pickup_date, start_time: order.start_time },
    storeNow(new Date(), order.time_zone),
  );
  if (error) throw errors.conflict(error);
}

/**
 * Recomputes the order's totals from its lines (each unit at the price it was ordered at, less its coupon), and
 * its tender plan: EBT SNAP for the eligible items follows the new eligible subtotal; a split's EBT part is capped
 * at it.
 */
async function retotal(tx: Tx, orderId: number, place: TaxPlace): Promise<void> {
  const lines = await tx
    .selectFrom('order_lines')
    .innerJoin('products', 'products.id', 'order_lines.product_id')
    .select([
      'order_lines.quantity',
      'order_lines.price_cents',
      'order_lines.price_tiers',
      'order_lines.coupon_cents',
      'products.tax_category',
      'products.snap_eligible',
    ])
    .where('order_lines.order_id', '=', orderId)
    .execute();
  const totalLines = lines.map((l) => ({
    line_total_cents: tiersTotal(tiersOf(parseJson(l.price_tiers, null), l.quantity, l.price_cents)),
    tax_category: l.tax_category,
    discount_cents: l.coupon_cents,
    snap: l.snap_eligible === 1,
  }));
  const totals = orderTotal(totalLines, place);
  const eligible = totalLines.filter((l) => l.snap).reduce((n, l) => n + l.line_total_cents - l.discount_cents, 0);
  const order = await tx.selectFrom('orders').select(['tender', 'ebt_cents']).where('id', '=', orderId).executeTakeFirstOrThrow();
  const ebt = order.tender === 'ebt_snap' ? eligible : order.tender === 'split' ? Math.min(order.ebt_cents, eligible) : 0;
  await tx
    .updateTable('orders')
    .set({ ...totals, ebt_cents: ebt })
    .where('id', '=', orderId)
    .execute();
}

/**
 * A line's coupon discount after its quantity changes: the coupon covers at most the units it covered when the
 * order was placed (its limit per order was spent then), at the same discount per unit.
 */
async function couponAfterChange(
  tx: Tx,
  line: { coupon_id: number | null; coupon_cents: number; quantity: number; price_cents: number },
  quantity: number,
): Promise<number> {
  if (line.coupon_id === null || line.coupon_cents <= 0) return 0;
  const coupon = await tx
    .selectFrom('coupons')
    .select(['discount_kind', 'discount_value'])
    .where('id', '=', line.coupon_id)
    .executeTakeFirst();
  const each = coupon
    ? unitDiscount(
        { discount_kind: coupon.discount_kind === 'percent' ? 'percent' : 'amount', discount_value: coupon.discount_value },
        line.price_cents,
      )
    : 0;
  if (each <= 0) return Math.floor((line.coupon_cents * Math.min(quantity, line.quantity)) / line.quantity);
  const units = Math.round(line.coupon_cents / each);
  return Math.min(units, quantity) * each;
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
      .select(['product_id', 'name', 'quantity', 'price_cents', 'price_tiers', 'coupon_id', 'coupon_cents'])
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
          await storePrices(
            tx,
            order.store_id,
            [productId],
            { pickupDay: order.pickup_date, orderedOn: storeDay(new Date(), order.time_zone) },
            { member: await isMember(tx, userId) },
          )
        ).get(productId);
        if (!price?.available)
          throw errors.badRequest(`${line.name} is no longer sold at ${order.store_name}. Keep the quantity or remove it.`);
        unitNow = price.price_cents;
      }
      await tx
        .updateTable('order_lines')
        .set({
          quantity,
          price_tiers: JSON.stringify(changeTiers(tiers, quantity, unitNow)),
          coupon_cents: await couponAfterChange(tx, line, quantity),
        })
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
    .select([
      'orders.id',
      'users.name',
      'orders.status',
      'orders.total_cents',
      'orders.tender',
      'orders.ebt_cents',
      'orders.id_check',
      'pickup_slots.start_time',
      'pickup_slots.end_time',
    ])
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
      tender: { method: r.tender, ebt_cents: r.ebt_cents, card_cents: r.total_cents - r.ebt_cents },
      id_check: r.id_check === 1,
      lines: own,
    });
    slots.set(key, slot);
  }
  return [...slots.values()];
}
