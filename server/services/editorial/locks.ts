import type { Kysely } from 'kysely';
import { LOCK_FRESH_MS, type LockState } from '../../../core/wire/editorial';
import type { Database } from '../../db/schema';
import { ApiError } from '../../errors';
import { recordAudit } from '../catalogue/audit';
import type { Author } from '../documents/revisions';

// The soft lock (docs/editor.md, "Roles and approval"): each editor tab sends a heartbeat with its own random
// token. A fresh heartbeat (within LOCK_FRESH_MS) from another tab means someone is editing: the caller is told
// who and may take over; the tab taken over keeps its token as `previous_token`, so its next heartbeat or save
// learns who took over. It never blocks reading, and a stale lock is simply claimed.

const holderOf = (row: { user_name: string; since: number | string; heartbeat_at: number | string }) => ({
  name: row.user_name || 'Someone',
  since: Number(row.since),
  heartbeat_at: Number(row.heartbeat_at),
});

export async function heartbeat(
  db: Kysely<Database>,
  documentId: number,
  input: { token: string; take: boolean; author: Author },
): Promise<LockState> {
  return db.transaction().execute(async (tx) => {
    const now = Date.now();
    const row = await tx.selectFrom('document_locks').selectAll().where('document_id', '=', documentId).executeTakeFirst();
    const fresh = !!row && now - Number(row.heartbeat_at) < LOCK_FRESH_MS;
    if (row && row.token !== input.token && fresh && !input.take)
      return { held: false, holder: holderOf(row), taken_over: row.previous_token === input.token };
    const mine = !!row && row.token === input.token;
    const values = {
      token: input.token,
      user_id: input.author.id || null,
      user_name: input.author.name,
      since: row && mine ? Number(row.since) : now,
      heartbeat_at: now,
      // A take-over remembers whom it took the document from; a claim of a stale lock or a renewal keeps the record.
      previous_token: row && !mine && fresh ? row.token : (row?.previous_token ?? null),
    };
    if (row) await tx.updateTable('document_locks').set(values).where('document_id', '=', documentId).execute();
    else
      await tx
        .insertInto('document_locks')
        .values({ document_id: documentId, ...values })
        .execute();
    if (row && !mine && fresh)
      await recordAudit(
        tx,
        { id: input.author.id || null, name: input.author.name },
        'document',
        documentId,
        'take_over',
        { holder: row.user_name },
        { holder: input.author.name },
        now,
      );
    return { held: true, holder: null, taken_over: false };
  });
}

/** The tab leaves the editor: its lock (only its own) goes at once. */
export async function releaseLock(db: Kysely<Database>, documentId: number, token: string): Promise<void> {
  await db.deleteFrom('document_locks').where('document_id', '=', documentId).where('token', '=', token).execute();
}

/**
 * A save from a tab that was taken over, while the one who took over still holds the document, answers 409 naming who, so
 * the first editor's autosave never overwrites the one who took over. Saves without a token (scripts) pass.
 */
export async function checkSaveLock(db: Kysely<Database>, documentId: number, token: string | undefined): Promise<void> {
  if (!token) return;
  const row = await db.selectFrom('document_locks').selectAll().where('document_id', '=', documentId).executeTakeFirst();
  // Only the tab taken over: a tab that opened beside a holder and did not take over is warned, not stopped
  // (versions still refuse a stale save).
  if (!row || row.previous_token !== token || row.token === token || Date.now() - Number(row.heartbeat_at) >= LOCK_FRESH_MS) return;
  const holder = holderOf(row);
  throw new ApiError(
    409,
    'rest_document_locked',
    `${holder.name} took over editing this document. Your change was not saved; reload to see their version.`,
    { holder: holder.name },
  );
}
