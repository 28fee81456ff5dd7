import type { AnyDb } from '../migration-helpers';
import { msType, withAutoId } from '../migration-helpers';

// The shop module: carts (one per anonymous session or per user), favorites, pickup orders.
export async function up(db: AnyDb): Promise<void> {
  const ms = msType(db);
  await withAutoId(db, db.schema.createTable('carts'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('session_id', 'text')
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();
  // NULLs never collide, so each user and each session has at most one cart.
  await db.schema.createIndex('carts_user').unique().on('carts').column('user_id').execute();
  await db.schema.createIndex('carts_session').unique().on('carts').column('session_id').execute();

  await db.schema
    .createTable('cart_lines')
    .addColumn('cart_id', 'integer', (c) => c.notNull().references('carts.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .addPrimaryKeyConstraint('cart_lines_pk', ['cart_id', 'product_id'])
    .execute();

  await db.schema
    .createTable('favorites')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addPrimaryKeyConstraint('favorites_pk', ['user_id', 'product_id'])
    .execute();

  await withAutoId(db, db.schema.createTable('orders'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('store_id', 'integer', (c) => c.notNull().references('stores.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('pickup_date', 'text', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_user').on('orders').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('order_lines')
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_lines_pk', ['order_id', 'product_id'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
