import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

// Fixed-window counters of failed sign-ins per email and per client address.
export const SIGN_IN_LIMITS = { perEmail: 5, perAddress: 30, windowMs: 15 * 60 * 1000 };

export async function isBlocked(db: Kysely<Database>, key: string, limit: number, now = Date.now()): Promise<boolean> {
  const row = await db.selectFrom('login_attempts').select(['count', 'window_start']).where('key', '=', key).executeTakeFirst();
  return !!row && now - row.window_start < SIGN_IN_LIMITS.windowMs && row.count >= limit;
}

export async function recordFailure(db: Kysely<Database>, key: string, now = Date.now()): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const row = await tx.selectFrom('login_attempts').select(['count', 'window_start']).where('key', '=', key).executeTakeFirst();
    if (!row || now - row.window_start >= SIGN_IN_LIMITS.windowMs) {
      await tx
        .insertInto('login_attempts')
        .values({ key, window_start: now, count: 1 })
        .onConflict((oc) => oc.column('key').doUpdateSet({ window_start: now, count: 1 }))
        .execute();
    } else {
      await tx
        .updateTable('login_attempts')
        .set((eb) => ({ count: eb('count', '+', 1) }))
        .where('key', '=', key)
        .execute();
    }
  });
}

export async function clearFailures(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('key', '=', key).execute();
}
