import type { AnyDb } from '../migration-helpers';

// The shopper's own shopping store (docs/shop.md, "Back from the wine or catering shop"): kept beside the current
// store, which may be a wine or catering store, so a page for the shopping store switches back to the store the
// shopper chose rather than the wine or catering store's related one.
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('shopping_store_id', 'integer').execute();
  await db.schema.alterTable('users').addColumn('shopping_store_id', 'integer').execute();
}
