import type { AnyDb } from '../migration-helpers';

// A substitution choice per cart and order line: none, best_match, or this_product with the chosen product.
export async function up(db: AnyDb): Promise<void> {
  for (const table of ['cart_lines', 'order_lines']) {
    await db.schema
      .alterTable(table)
      .addColumn('substitution', 'text', (c) => c.notNull().defaultTo('best_match'))
      .execute();
    await db.schema.alterTable(table).addColumn('substitute_id', 'integer').execute();
  }
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
