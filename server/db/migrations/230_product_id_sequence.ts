import { sql } from 'kysely';
import type { AnyDb } from '../migration-helpers';
import { isPostgres } from '../migration-helpers';

// PostgreSQL: ids of products created on the site (the back office, feed imports) come from one sequence, so an
// import's new products and a product added by hand at the same moment never pick the same id. It starts above
// every existing id and above the fixed ranges of seeds and benchmark catalogues (they end below 1,000,000).
// SQLite needs none: its writers are serialised, and max(id)+1 inside the writing transaction is safe.
export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create sequence if not exists products_id_seq`.execute(db);
  await sql`select setval('products_id_seq', greatest(1000000, (select coalesce(max(id), 0) + 1 from products)), false)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
