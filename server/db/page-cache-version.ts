import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Database } from './schema';

// The page cache's version (server/render/page-cache.ts): it moves when a transaction that wrote what pages are made
// of commits, and never before, so no server can keep old content under a new version (docs/architecture.md,
// "Page cache"). On PostgreSQL, triggers (migrations 080, 520) record each writing transaction in page_cache_bumps;
// on SQLite they add one to a one-row counter.

/** Rows of page_cache_bumps a reader folds into page_cache_base, so counting them stays cheap. */
const FOLD_AT = 200;

const onPostgres = (db: Kysely<Database>) => db.getExecutor().adapter instanceof PostgresAdapter;

// The catalogue's big tables (products, store_products, their attributes) have no page-cache triggers: a price
// file touches millions of rows and must move the version once, not once a row. Whoever writes them (a
// back-office edit, an applied import) calls this once, inside the same transaction, so every server's page
// cache drops its entries on its next request once it commits. Trigger-bumped tables need none.
export async function bumpPageCacheVersion(db: Kysely<Database>): Promise<void> {
  if (onPostgres(db)) await sql`INSERT INTO page_cache_bumps (xid) VALUES (txid_current()) ON CONFLICT DO NOTHING`.execute(db);
  else await sql`UPDATE page_cache_version SET version = version + 1 WHERE id = 1`.execute(db);
}

/** The version now (every server compares it with the one its cached answers were made under). */
export async function readPageCacheVersion(db: Kysely<Database>): Promise<string> {
  if (!onPostgres(db)) {
    const row = await sql<{ version: string }>`SELECT version FROM page_cache_version WHERE id = 1`.execute(db);
    return String(row.rows[0]?.version ?? '');
  }
  // One statement, one snapshot: the base and the rows not yet folded into it agree.
  const row = await sql<{ base: string; bumps: string }>`
    SELECT (SELECT version FROM page_cache_base WHERE id = 1) AS base, (SELECT count(*) FROM page_cache_bumps) AS bumps`.execute(db);
  const { base, bumps } = row.rows[0] ?? { base: '0', bumps: '0' };
  if (Number(bumps) >= FOLD_AT) await foldBumps(db).catch(() => undefined);
  return String(Number(base) + Number(bumps));
}

/**
 * Moves the committed rows into the base in one transaction, so the sum every reader sees stays the same. Two servers
 * folding at once: the second deletes only what the first left, and adds only what it deleted.
 */
async function foldBumps(db: Kysely<Database>): Promise<void> {
  await sql`WITH gone AS (DELETE FROM page_cache_bumps RETURNING 1)
    UPDATE page_cache_base SET version = version + (SELECT count(*) FROM gone) WHERE id = 1`.execute(db);
}
