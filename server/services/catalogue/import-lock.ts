import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

// One import at a time, across every server and the command line: a single row in the database names the
// holder (process id, host, a random token) and carries its heartbeat. A holder whose heartbeat is older than
// STALE_MS, or whose process on this host is gone, is dead: its lock is taken over and its import marked
// interrupted (docs/imports.md, Locking).

export const STALE_MS = 60_000;
export const HEARTBEAT_MS = 5_000;

export interface ImportLock {
  token: string;
  /** Names the import that holds it (known once its history row exists). */
  attach(importId: number): Promise<void>;
  /** Renews the heartbeat; false when another process took the lock over (this one was deemed dead). */
  renew(): Promise<boolean>;
  release(): Promise<void>;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock, or answers null when a live holder has it. */
export async function acquireImportLock(db: Kysely<Database>, now = Date.now()): Promise<ImportLock | null> {
  const host = hostname();
  const token = randomBytes(12).toString('hex');
  const held = await db.selectFrom('import_lock').selectAll().where('id', '=', 1).executeTakeFirst();
  if (!held) throw new Error('import_lock has no row: run the migrations');
  let query = db.updateTable('import_lock').set({ import_id: null, pid: process.pid, host, token, heartbeat_at: now }).where('id', '=', 1);
  const free = held.token === null;
  const dead =
    !free && (Number(held.heartbeat_at) < now - STALE_MS || (held.host === host && held.pid !== null && !processAlive(held.pid)));
  if (!free && !dead) return null;
  // Only if nobody took it meanwhile: the row must still be as read.
  query = free ? query.where('token', 'is', null) : query.where('token', '=', held.token);
  const taken = await query.executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) return null;
  if (dead && held.import_id !== null)
    await db
      .updateTable('imports')
      .set({ status: 'interrupted', phase: 'done', finished_at: now, updated_at: now })
      .where('id', '=', held.import_id)
      .where('status', '=', 'running')
      .execute();
  return heldImportLock(db, token);
}

/** The lock this process holds, by its token (an import's worker thread renews and checks it on its own connection). */
export function heldImportLock(db: Kysely<Database>, token: string): ImportLock {
  const mine = db.updateTable('import_lock').where('id', '=', 1).where('token', '=', token);
  return {
    token,
    async attach(importId) {
      await mine.set({ import_id: importId, heartbeat_at: Date.now() }).execute();
    },
    async renew() {
      const r = await mine.set({ heartbeat_at: Date.now() }).executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    async release() {
      await mine.set({ import_id: null, pid: null, host: null, token: null, heartbeat_at: 0 }).execute();
    },
  };
}

/** The running import, if a live process holds the lock. */
export async function runningImport(db: Kysely<Database>, now = Date.now()): Promise<number | null> {
  const held = await db.selectFrom('import_lock').selectAll().where('id', '=', 1).executeTakeFirst();
  if (!held || held.token === null) return null;
  if (Number(held.heartbeat_at) < now - STALE_MS) return null;
  if (held.host === hostname() && held.pid !== null && !processAlive(held.pid)) return null;
  return held.import_id ?? -1;
}
