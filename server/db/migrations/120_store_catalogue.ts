import type { AnyDb } from '../migration-helpers';

// Per-store catalogue: which products a store carries, at which price, with an optional sale (start and end
// dates inclusive, in the store's local days). Products and departments belong to one catalogue (grocery,
// catering or wine) and carry shopper-facing attributes; circulars name the stores whose prices they set.
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('catalog', 'text', (c) => c.notNull().defaultTo('grocery'))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('attributes', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('departments')
    .addColumn('catalog', 'text', (c) => c.notNull().defaultTo('grocery'))
    .execute();
  await db.schema
    .alterTable('circulars')
    .addColumn('store_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .createTable('store_products')
    .addColumn('store_id', 'integer', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('sale_price_cents', 'integer')
    .addColumn('sale_start', 'text')
    .addColumn('sale_end', 'text')
    .addColumn('available', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('store_products_pk', ['store_id', 'product_id'])
    .execute();
  await db.schema.createIndex('store_products_product').on('store_products').column('product_id').execute();
  await db.schema.createIndex('products_catalog').on('products').columns(['catalog', 'department_id']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
