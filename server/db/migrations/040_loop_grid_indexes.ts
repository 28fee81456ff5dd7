import type { AnyDb } from '../migration-helpers';

// Loop grids list recipes and products by name: an index per order keeps an unfiltered page a range scan
// instead of a sort of the whole table.
export async function up(db: AnyDb): Promise<void> {
  await db.schema.createIndex('recipes_title').on('recipes').columns(['title', 'id']).execute();
  await db.schema.createIndex('products_name').on('products').columns(['name', 'id']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
