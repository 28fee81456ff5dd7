import type { AnyDb } from '../migration-helpers';

// An ordered line's units by the unit price each was ordered at (JSON [{quantity, price_cents}]): a quantity
// increase after a weekly ad ended is charged at the price of the day of the change (core/shop/price.ts,
// docs/pricing.md). Empty for lines ordered before: they are one tier at their price_cents.
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('order_lines')
    .addColumn('price_tiers', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}
