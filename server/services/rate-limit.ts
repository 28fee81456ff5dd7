import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { errors } from '../errors';

// Fixed-window counters in the database, so every server process enforces the same limit. An attempt is
// counted by one atomic upsert that answers the new count BEFORE any slow work (a password hash), so a
// burst of parallel requests cannot slip past the check: the 6th of 50 simultaneous tries already sees 6.

export interface Limit {
  /** Attempts allowed per window. */
  max: number;
  windowMs: number;
}

/** Counts one attempt under `key` and answers the count in the current window, this attempt included. */
export async function countAttempt(db: Kysely<Database>, key: string, windowMs: number, now = Date.now()): Promise<number> {
  return (await countInWindow(db, key, windowMs, now)).count;
}

/** As countAttempt, with when the current window started (to tell a refused client when to come back). */
export async function countInWindow(
  db: Kysely<Database>,
  key: string,
  windowMs: number,
  now = Date.now(),
  /** How many attempts this one is (a batch of events counts each). */
  weight = 1,
): Promise<{ count: number; windowStart: number }> {
  const expired = sql<boolean>`login_attempts.window_start <= ${now - windowMs}`;
  const row = await db
    .insertInto('login_attempts')
    .values({ key, window_start: now, count: weight })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when ${expired} then cast(${weight} as integer) else login_attempts.count + cast(${weight} as integer) end`,
        window_start: sql<number>`case when ${expired} then ${now} else login_attempts.window_start end`,
      }),
    )
    .returning(['count', 'window_start'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), windowStart: Number(row.window_start) };
}

/** true when this attempt is within the limit (counted either way). */
export async function takeAttempt(db: Kysely<Database>, key: string, limit: Limit, now = Date.now()): Promise<boolean> {
  return (await countAttempt(db, key, limit.windowMs, now)) <= limit.max;
}

/** Counts one attempt and refuses it past the limit: 429 with Retry-After, the seconds until the window ends. */
export async function enforceLimit(db: Kysely<Database>, key: string, limit: Limit, now = Date.now()): Promise<void> {
  const { count, windowStart } = await countInWindow(db, key, limit.windowMs, now);
  if (count > limit.max) throw errors.tooMany((windowStart + limit.windowMs - now) / 1000);
}

/** Gives back one counted attempt (a sign-in that succeeded is not a failure). */
export async function refundAttempt(db: Kysely<Database>, key: string): Promise<void> {
  await db
    .updateTable('login_attempts')
    .set({ count: sql<number>`case when count > 0 then count - 1 else 0 end` })
    .where('key', '=', key)
    .execute();
}

export async function clearAttempts(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('key', '=', key).execute();
}

/** Drops counters whose window ended long ago (the table would otherwise keep one row per address ever seen). */
export async function pruneAttempts(db: Kysely<Database>, olderThanMs: number, now = Date.now()): Promise<void> {
  await db
    .deleteFrom('login_attempts')
    .where('window_start', '<', now - olderThanMs)
    .execute();
}
