import { sql } from 'kysely';
import { isPostgres, type AnyDb } from '../migration-helpers';

// The version the full-page cache (server/render/page-cache.ts) checks: every write to a table a published
// page is rendered from bumps it, by a trigger, whoever writes (editor, import, seed, another server). On
// PostgreSQL a sequence (no row lock shared by concurrent writers); on SQLite (one writer) a one-row table.
export const PAGE_SOURCE_TABLES = ['documents', 'content_blocks', 'stores', 'settings', 'circulars', 'circular_items', 'recipes', 'terms'];

export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`CREATE SEQUENCE page_cache_version`.execute(db);
    await sql`CREATE FUNCTION page_cache_bump() RETURNS trigger AS $$ BEGIN PERFORM nextval('page_cache_version'); RETURN NULL; END $$ LANGUAGE plpgsql`.execute(
      db,
    );
    for (const table of PAGE_SOURCE_TABLES)
      await sql`CREATE TRIGGER ${sql.raw(`page_cache_${table}`)} AFTER INSERT OR UPDATE OR DELETE ON ${sql.table(table)} FOR EACH STATEMENT EXECUTE FUNCTION page_cache_bump()`.execute(
        db,
      );
    return;
  }
  await db.schema
    .createTable('page_cache_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db.insertInto('page_cache_version').values({ id: 1, version: 1 }).execute();
  for (const table of PAGE_SOURCE_TABLES)
    for (const event of ['INSERT', 'UPDATE', 'DELETE'])
      await sql`CREATE TRIGGER ${sql.raw(`page_cache_${table}_${event.toLowerCase()}`)} AFTER ${sql.raw(event)} ON ${sql.table(table)} BEGIN UPDATE page_cache_version SET version = version + 1 WHERE id = 1; END`.execute(
        db,
      );
}
