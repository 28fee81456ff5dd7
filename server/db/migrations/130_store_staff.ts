import type { AnyDb } from '../migration-helpers';

// Which stores a store_staff account works at: the staff screen and API answer for those stores only.
// A table of its own, not users.store_id, which is the account's shopping store and the shopper may change.
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('store_staff')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('store_id', 'integer', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('store_staff_pk', ['user_id', 'store_id'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
