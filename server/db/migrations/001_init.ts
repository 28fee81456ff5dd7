import type { AnyDb } from '../migration-helpers';
import { msType, withAutoId } from '../migration-helpers';

export async function up(db: AnyDb): Promise<void> {
  const ms = msType(db);
  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('stores')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('address_1', 'text', (c) => c.notNull())
    .addColumn('address_2', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('postal_code', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('hours', 'text', (c) => c.notNull())
    .addColumn('latitude', 'real', (c) => c.notNull())
    .addColumn('longitude', 'real', (c) => c.notNull())
    .addColumn('store_number', 'text', (c) => c.notNull())
    .addColumn('is_selectable', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('store_segment_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('store_group_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('other_attributes', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('shopping'))
    .execute();

  await withAutoId(db, db.schema.createTable('users'))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('roles', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('segment_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('store_id', 'integer')
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('store_id', 'integer')
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('expires_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_expires').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('departments')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('parent_id', 'integer')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('department_id', 'integer', (c) => c.notNull().references('departments.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('size', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('hue', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('products_department').on('products').columns(['department_id', 'name']).execute();

  await db.schema
    .createTable('recipes')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('minutes', 'integer', (c) => c.notNull())
    .addColumn('serves', 'integer', (c) => c.notNull())
    .addColumn('ingredients', 'text', (c) => c.notNull())
    .addColumn('steps', 'text', (c) => c.notNull())
    .addColumn('hue', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('terms')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('taxonomy', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addUniqueConstraint('terms_taxonomy_slug', ['taxonomy', 'slug'])
    .execute();

  await db.schema
    .createTable('recipe_terms')
    .addColumn('recipe_id', 'integer', (c) => c.notNull().references('recipes.id').onDelete('cascade'))
    .addColumn('term_id', 'integer', (c) => c.notNull().references('terms.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('recipe_terms_pk', ['recipe_id', 'term_id'])
    .execute();
  // Filtering starts from the terms: (term_id, recipe_id) keeps it an index-only lookup.
  await db.schema.createIndex('recipe_terms_term').on('recipe_terms').columns(['term_id', 'recipe_id']).execute();

  await db.schema
    .createTable('circulars')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('display_start_date', 'text')
    .addColumn('display_end_date', 'text')
    .execute();

  await db.schema
    .createTable('circular_items')
    .addColumn('circular_id', 'integer', (c) => c.notNull().references('circulars.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('sale_price_cents', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('circular_items_pk', ['circular_id', 'product_id'])
    .execute();

  await db.schema
    .createTable('documents')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('tree', 'text', (c) => c.notNull())
    .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('conditions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('updated_at', ms, (c) => c.notNull())
    .addUniqueConstraint('documents_type_slug', ['type', 'slug'])
    .execute();

  await withAutoId(db, db.schema.createTable('content_blocks'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('slider_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('store_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('store_group_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('user_group_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('content_blocks_kind').on('content_blocks').columns(['kind', 'slug']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
