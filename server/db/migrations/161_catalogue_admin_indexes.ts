import type { AnyDb } from '../migration-helpers';

// The back office (docs/catalogue.md): a promotion's change or deletion first takes its old sale off the shelf
// rows it set (store_products.promotion_id), which must not scan every store's shelf. Products page by
// (name, id) through products_name (migration 040).
export async function up(db: AnyDb): Promise<void> {
  await db.schema.createIndex('store_products_promotion').on('store_products').column('promotion_id').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
