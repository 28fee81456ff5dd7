import { sql } from 'kysely';
import type { AnyDb } from '../migration-helpers';
import { isPostgres } from '../migration-helpers';

// PostgreSQL: ids of documents created on the site (kit imports) come from a sequence, so parallel imports never
// pick the same max(id)+1. It starts above every existing id and the seeded range (100000, as
// server/db/document-ids.ts). SQLite needs none: its writers are serialised.
export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create sequence if not exists documents_id_seq`.execute(db);
  await sql`select setval('documents_id_seq', greatest(100000, (select coalesce(max(id), 0) + 1 from documents)), false)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
