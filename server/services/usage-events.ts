import type { Kysely } from 'kysely';
import { isUsageEventName, pickDetails, type UsageDetails } from '../../core/events/usage-events';
import type { Database } from '../db/schema';

// Usage events (docs/api.md), one table for the events the browser sends and the ones the server records
// itself (kit imports, cloud kit applies); only whitelisted detail fields are ever stored.
export async function recordUsageEvent(
  db: Kysely<Database>,
  event: string,
  details: Record<string, unknown>,
  userId: number | null,
  page = '',
): Promise<{ id: number; details: UsageDetails } | null> {
  if (!isUsageEventName(event)) return null;
  const kept = pickDetails(event, details);
  const row = await db
    .insertInto('usage_events')
    .values({ event, details: JSON.stringify(kept), page, user_id: userId, created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), details: kept };
}

export async function usageCounts(db: Kysely<Database>): Promise<Array<{ name: string; count: number }>> {
  const rows = await db
    .selectFrom('usage_events')
    .select(['event', (eb) => eb.fn.countAll().as('count')])
    .groupBy('event')
    .orderBy('event')
    .execute();
  return rows.map((r) => ({ name: r.event, count: Number(r.count) }));
}
