import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { parseJson } from '../users';

// The file-uploads debug log the admin screen shows, downloads and clears.
export const UPLOADS_LOG = 'file-uploads';

export interface DebugLogEntry {
  id: number;
  level: string;
  message: string;
  context: Record<string, unknown>;
  created_at: string;
}

export async function writeLog(
  db: Kysely<Database>,
  level: 'info' | 'warning',
  message: string,
  context: Record<string, unknown>,
): Promise<void> {
  await db
    .insertInto('debug_log')
    .values({ source: UPLOADS_LOG, level, message, context: JSON.stringify(context), created_at: Date.now() })
    .execute();
}

export async function readLog(db: Kysely<Database>, limit = 500): Promise<DebugLogEntry[]> {
  const rows = await db.selectFrom('debug_log').selectAll().where('source', '=', UPLOADS_LOG).orderBy('id', 'desc').limit(limit).execute();
  return rows.map((r) => ({
    id: r.id,
    level: r.level,
    message: r.message,
    context: parseJson(r.context, {}),
    created_at: new Date(Number(r.created_at)).toISOString(),
  }));
}

export async function clearLog(db: Kysely<Database>): Promise<number> {
  const r = await db.deleteFrom('debug_log').where('source', '=', UPLOADS_LOG).executeTakeFirst();
  return Number(r.numDeletedRows);
}
