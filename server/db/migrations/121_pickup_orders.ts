import type { AnyDb } from '../migration-helpers';
import { msType, withAutoId } from '../migration-helpers';

// Pickup windows with a capacity, short holds while a shopper shops, orders that take a window, price
// breakdowns, and the Idempotency-Key of each placed order (a double submit returns the first order).
export async function up(db: AnyDb): Promise<void> {
  const ms = msType(db);
  await withAutoId(db, db.schema.createTable('pickup_slots'))
    .addColumn('store_id', 'integer', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text', (c) => c.notNull())
    .addColumn('capacity', 'integer', (c) => c.notNull())
    // Bumped by every write that changes who occupies the window: the row lock serialises them.
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('pickup_slots_store_day').unique().on('pickup_slots').columns(['store_id', 'day', 'start_time']).execute();

  await withAutoId(db, db.schema.createTable('slot_holds'))
    .addColumn('slot_id', 'integer', (c) => c.notNull().references('pickup_slots.id').onDelete('cascade'))
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('slot_holds_holder').unique().on('slot_holds').column('holder').execute();
  await db.schema.createIndex('slot_holds_slot').on('slot_holds').columns(['slot_id', 'expires_at']).execute();

  await db.schema.alterTable('orders').addColumn('slot_id', 'integer').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('subtotal_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('fee_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('tax_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('orders_slot').on('orders').columns(['slot_id', 'status']).execute();

  await db.schema
    .createTable('order_requests')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addPrimaryKeyConstraint('order_requests_pk', ['user_id', 'idempotency_key'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
