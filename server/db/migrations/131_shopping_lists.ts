import type { AnyDb } from '../migration-helpers';
import { msType, withAutoId } from '../migration-helpers';

// Shopping lists: several named lists per shopper, each product at most once per list (the primary key makes
// parallel adds of the same product one line).
export async function up(db: AnyDb): Promise<void> {
  const ms = msType(db);
  await withAutoId(db, db.schema.createTable('shopping_lists'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('shopping_lists_user').on('shopping_lists').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('shopping_list_items')
    .addColumn('list_id', 'integer', (c) => c.notNull().references('shopping_lists.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .addPrimaryKeyConstraint('shopping_list_items_pk', ['list_id', 'product_id'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
