import type { ColumnBuilderCallback, ColumnDataType } from 'kysely';
import type { AnyDb } from '../migration-helpers';
import { msType, withAutoId } from '../migration-helpers';

// The catalogue a grocer runs from its back office and its feeds (docs/catalogue.md):
// - stores gain their own time zone, combined sales-tax rate, services, opening date and holiday hours;
// - products gain what a shelf label and a product page show (UPC, size as value + unit, ingredients,
//   allergens, nutrition, SNAP, tax category, age restriction, catering notice, images, active) and the
//   product kind they were made from;
// - attributes move to a keyed table so filters are answered from an index, not by parsing JSON per row;
// - a store's shelf gains the member (loyalty) price and the promotion that set its sale;
// - promotions, digital coupons and the audit log are new.
// Every catalogue row carries updated_at (ms), so caches and search indexes can follow changes incrementally.
export async function up(db: AnyDb): Promise<void> {
  const ms = msType(db);
  const add = async (table: string, columns: Array<[string, ColumnDataType, ColumnBuilderCallback]>) => {
    for (const [name, type, build] of columns) await db.schema.alterTable(table).addColumn(name, type, build).execute();
  };

  await add('stores', [
    ['time_zone', 'text', (c) => c.notNull().defaultTo('America/New_York')],
    ['tax_rate_bp', 'integer', (c) => c.notNull().defaultTo(0)],
    ['opening_date', 'text', (c) => c],
    ['services', 'text', (c) => c.notNull().defaultTo('[]')],
    ['seo', 'text', (c) => c.notNull().defaultTo('{}')],
    ['updated_at', ms, (c) => c.notNull().defaultTo(0)],
  ]);
  await db.schema
    .createTable('store_hours_exceptions')
    .addColumn('store_id', 'integer', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('open', 'text')
    .addColumn('close', 'text')
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('store_hours_exceptions_pk', ['store_id', 'day'])
    .execute();

  await add('departments', [['updated_at', ms, (c) => c.notNull().defaultTo(0)]]);

  await add('products', [
    ['kind', 'text', (c) => c.notNull().defaultTo('')],
    ['upc', 'text', (c) => c],
    ['size_value', 'real', (c) => c],
    ['size_unit', 'text', (c) => c.notNull().defaultTo('')],
    ['ingredients', 'text', (c) => c.notNull().defaultTo('')],
    ['allergens', 'text', (c) => c.notNull().defaultTo('[]')],
    ['nutrition', 'text', (c) => c],
    ['snap_eligible', 'integer', (c) => c.notNull().defaultTo(0)],
    ['tax_category', 'text', (c) => c.notNull().defaultTo('grocery')],
    ['age_restricted', 'integer', (c) => c.notNull().defaultTo(0)],
    ['catering_notice_hours', 'integer', (c) => c.notNull().defaultTo(0)],
    ['images', 'text', (c) => c.notNull().defaultTo('[]')],
    ['active', 'integer', (c) => c.notNull().defaultTo(1)],
    ['seo', 'text', (c) => c.notNull().defaultTo('{}')],
    ['updated_at', ms, (c) => c.notNull().defaultTo(0)],
  ]);
  // A UPC names one product; products without one (store-made items) may share the empty value (NULL).
  await db.schema.createIndex('products_upc').on('products').column('upc').unique().execute();
  await db.schema.createIndex('products_updated').on('products').column('updated_at').execute();
  await db.schema.createIndex('products_kind').on('products').column('kind').execute();

  await db.schema
    .createTable('product_attributes')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('attribute', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_attributes_pk', ['attribute', 'product_id'])
    .execute();
  await db.schema.createIndex('product_attributes_product').on('product_attributes').column('product_id').execute();
  // Existing rows' JSON attributes, once; from here on the table is the source and the JSON column its copy.
  const rows = await db.selectFrom('products').select(['id', 'attributes']).execute();
  const links: Array<{ product_id: number; attribute: string }> = [];
  for (const row of rows as Array<{ id: number; attributes: string }>) {
    let keys: unknown;
    try {
      keys = JSON.parse(row.attributes);
    } catch {
      keys = [];
    }
    if (Array.isArray(keys)) for (const k of new Set(keys)) if (typeof k === 'string') links.push({ product_id: row.id, attribute: k });
  }
  for (let i = 0; i < links.length; i += 500)
    await db
      .insertInto('product_attributes')
      .values(links.slice(i, i + 500))
      .execute();

  await add('store_products', [
    ['member_price_cents', 'integer', (c) => c],
    ['promotion_id', 'integer', (c) => c],
    ['updated_at', ms, (c) => c.notNull().defaultTo(0)],
  ]);

  // A promotion is the merchandiser's record of a sale; saving it writes the sale onto each of its stores'
  // shelf rows (store_products.sale_*), so every price is still read from one row.
  await withAutoId(db, db.schema.createTable('promotions'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sale_price_cents', 'integer', (c) => c.notNull())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('store_ids', 'text', (c) => c.notNull().defaultTo('[]')) // JSON number[]; empty = every shopping store
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('promotions_product').on('promotions').columns(['product_id', 'end_date']).execute();

  await withAutoId(db, db.schema.createTable('coupons'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('discount_kind', 'text', (c) => c.notNull()) // amount | percent
    .addColumn('discount_value', 'integer', (c) => c.notNull()) // cents, or whole percent
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('limit_per_order', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('coupon_products')
    .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupons.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('coupon_products_pk', ['coupon_id', 'product_id'])
    .execute();
  await db.schema.createIndex('coupon_products_product').on('coupon_products').column('product_id').execute();
  await db.schema
    .createTable('clipped_coupons')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupons.id').onDelete('cascade'))
    .addColumn('clipped_at', ms, (c) => c.notNull())
    .addPrimaryKeyConstraint('clipped_coupons_pk', ['user_id', 'coupon_id'])
    .execute();

  await add('circulars', [
    ['status', 'text', (c) => c.notNull().defaultTo('publish')],
    ['seo', 'text', (c) => c.notNull().defaultTo('{}')],
    ['updated_at', ms, (c) => c.notNull().defaultTo(0)],
  ]);

  await add('recipes', [
    ['prep_minutes', 'integer', (c) => c.notNull().defaultTo(0)],
    ['cook_minutes', 'integer', (c) => c.notNull().defaultTo(0)],
    ['images', 'text', (c) => c.notNull().defaultTo('[]')],
    ['nutrition', 'text', (c) => c],
    ['status', 'text', (c) => c.notNull().defaultTo('publish')],
    ['seo', 'text', (c) => c.notNull().defaultTo('{}')],
    ['updated_at', ms, (c) => c.notNull().defaultTo(0)],
  ]);

  // Who changed what in the catalogue: one row per manual change, one per applied import (its counts and
  // difference in `after`).
  await withAutoId(db, db.schema.createTable('audit_log'))
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull()) // store | department | product | store_product | promotion | coupon | circular | recipe | import
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull()) // create | update | delete | import
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_entity').on('audit_log').columns(['entity', 'entity_id', 'id']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
