import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Database } from './schema';

// The catalogue's big tables (products, store_products, their attributes) have no page-cache triggers: a price
// file touches millions of rows and must move the version once, not once a row. Whoever writes them (a
// back-office edit, an applied import) calls this once, inside the same transaction, so every server's page
// cache drops its entries on its next request (server/render/page-cache.ts). Trigger-bumped tables need none.
export async function bumpPageCacheVersion(db: Kysely<Database>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) await sql`SELECT nextval('page_cache_version')`.execute(db);
  else await sql`UPDATE page_cache_version SET version = version + 1 WHERE id = 1`.execute(db);
}

/** The version now (every server compares it with the one its cached answers were made under). */
export async function readPageCacheVersion(db: Kysely<Database>): Promise<string> {
  const row =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? await sql<{ version: string }>`SELECT last_value AS version FROM page_cache_version`.execute(db)
      : await sql<{ version: string }>`SELECT version FROM page_cache_version WHERE id = 1`.execute(db);
  return String(row.rows[0]?.version ?? '');
}
