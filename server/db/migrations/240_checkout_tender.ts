import type { AnyDb } from '../migration-helpers';

// Checkout round two (docs/shop.md, "Checkout"; docs/pricing.md, "Coupons"): an order records how the shopper
// pays at pickup (card, EBT SNAP or a split, and the EBT part), whether staff must check ID at pickup, and what
// coupons took off; each line records the coupon applied to it.
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('tender', 'text', (c) => c.notNull().defaultTo('card'))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('ebt_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('id_check', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('coupon_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('order_lines').addColumn('coupon_id', 'integer').execute();
  await db.schema
    .alterTable('order_lines')
    .addColumn('coupon_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
