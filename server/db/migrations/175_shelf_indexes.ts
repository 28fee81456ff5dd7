import { sql } from 'kysely';
import type { AnyDb } from '../migration-helpers';

// Indexes that keep the shop's lists flat at 40,000 products × 100 stores (docs/performance.md "Scale"):
// - a catalogue's active products in name order, and an aisle's, so a page walks an index instead of sorting;
// - a store's shelf by price (price ranges and price sort start there);
// - a store's shelf rows that carry a sale (the on-sale filter reads only those);
// - a product's shelf rows across stores stays on store_products_product (migration 120);
// - circular items by product, as every price look-up asks for them.
export async function up(db: AnyDb): Promise<void> {
  await db.schema.createIndex('products_catalog_name').on('products').columns(['catalog', 'active', 'name', 'id']).execute();
  // An aisle (a department subtree) counted and paged from the index alone, whatever the catalogue's size.
  await db.schema
    .createIndex('products_department_shelf')
    .on('products')
    .columns(['department_id', 'catalog', 'active', 'name', 'id'])
    .execute();
  await db.schema.createIndex('store_products_price').on('store_products').columns(['store_id', 'price_cents']).execute();
  await db.schema
    .createIndex('store_products_sale')
    .on('store_products')
    .columns(['store_id', 'product_id'])
    .where(sql<boolean>`sale_price_cents is not null`)
    .execute();
  await db.schema.createIndex('circular_items_product').on('circular_items').column('product_id').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
