import { sql } from 'kysely';
import { isPostgres, type AnyDb } from '../migration-helpers';

// PostgreSQL's page-cache version (migration 080) was a sequence moved inside the writing transaction: a sequence is
// not transactional, so another server could read the new version before the write committed, render the old
// content and keep it under the new version until the cache entry's lifetime ran out. The version is now what
// committed transactions left: each writing transaction adds one row (its transaction id; once, however many
// statements it runs) to page_cache_bumps, and the version is page_cache_base's count plus the rows a reader can
// see, which are only committed ones (server/db/page-cache-version.ts). No row is shared by two writers, so
// writers never wait on each other for it. SQLite's one-row counter is transactional already and stays.
export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`CREATE TABLE page_cache_bumps (xid bigint PRIMARY KEY)`.execute(db);
  await sql`CREATE TABLE page_cache_base (id int PRIMARY KEY, version bigint NOT NULL)`.execute(db);
  // Carries on from the sequence, so the version a running server last saw is not met again.
  await sql`INSERT INTO page_cache_base SELECT 1, last_value FROM page_cache_version`.execute(db);
  await sql`CREATE OR REPLACE FUNCTION page_cache_bump() RETURNS trigger AS $$
    BEGIN
      INSERT INTO page_cache_bumps (xid) VALUES (txid_current()) ON CONFLICT DO NOTHING;
      RETURN NULL;
    END $$ LANGUAGE plpgsql`.execute(db);
}
