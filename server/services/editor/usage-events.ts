import type { Kysely } from 'kysely';
import { whitelistDetails } from '../../../core/events/usage-whitelist';
import type { Database } from '../../db/schema';

// Stores a usage event from the editor and admin screens with only its whitelisted details.
export async function recordUsageEvent(db: Kysely<Database>, name: string, details: unknown, userId: number | null): Promise<boolean> {
  const kept = whitelistDetails(name, details);
  if (!kept) return false;
  await db.insertInto('editor_usage_events').values({ name, details: JSON.stringify(kept), user_id: userId, created_at: Date.now() }).execute();
  return true;
}

export async function usageCounts(db: Kysely<Database>): Promise<Array<{ name: string; count: number }>> {
  const rows = await db.selectFrom('editor_usage_events').select(['name', (eb) => eb.fn.countAll().as('count')]).groupBy('name').orderBy('name').execute();
  return rows.map((r) => ({ name: r.name, count: Number(r.count) }));
}
