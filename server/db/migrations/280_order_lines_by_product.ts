import type { AnyDb } from '../migration-helpers';

// A product page's "Often bought with" (server/services/often-bought-with.ts) starts from the orders holding the
// product: the primary key leads with the order, so without this index that lookup reads every order line.
export async function up(db: AnyDb): Promise<void> {
  await db.schema.createIndex('order_lines_product').on('order_lines').columns(['product_id', 'order_id']).execute();
}
