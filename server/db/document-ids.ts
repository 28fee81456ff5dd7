import { sql, type Kysely } from 'kysely';
import { isPostgres } from './migration-helpers';
import type { Database } from './schema';

// Ids for documents created on the site, above the seeded range. PostgreSQL draws them from a sequence
// (migration 141), so parallel requests never collide; SQLite serialises writers, so max(id)+1 inside the
// writing transaction is safe there.

export const USER_DOCUMENT_IDS_FROM = 100000;

export async function nextDocumentIds(tx: Kysely<Database>, count: number): Promise<number[]> {
  if (count <= 0) return [];
  if (isPostgres(tx)) {
    const rows = await sql<{ id: string }>`select nextval('documents_id_seq') as id from generate_series(1, ${count})`.execute(tx);
    return rows.rows.map((r) => Number(r.id));
  }
  const max = await tx
    .selectFrom('documents')
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirst();
  const first = Math.max(USER_DOCUMENT_IDS_FROM, Number(max?.max ?? 0) + 1);
  return Array.from({ length: count }, (_, i) => first + i);
}
