import type { Kysely, Selectable } from 'kysely';
import type { ReviewEntry, ReviewQueueItem, ReviewStatus } from '../../../core/wire/editorial';
import type { Database, DocumentReviewsTable } from '../../db/schema';
import { ApiError, errors } from '../../errors';
import { recordAudit, type Actor } from '../catalogue/audit';
import { findDocument } from '../documents/repository';
import { publish, schedule, workingTree, type Author } from '../documents/revisions';

// Submit for review → approve (publishes, or schedules at the time the submitter asked for) or request changes,
// each with a comment (docs/editor.md, "Roles and approval"). One row per submission; every transition is
// written to the audit log with the document's version.

type Row = Selectable<DocumentReviewsTable>;

const STATUSES: readonly ReviewStatus[] = ['pending', 'changes_requested', 'approved'];
const asStatus = (s: string): ReviewStatus => STATUSES.find((x) => x === s) ?? 'pending';
const ms = (v: number | string | null): number | null => (v == null ? null : Number(v));

const toEntry = (r: Row): ReviewEntry => ({
  id: r.id,
  document_id: r.document_id,
  version: r.version,
  status: asStatus(r.status),
  submitted_by: r.submitted_by,
  submitted_at: Number(r.submitted_at),
  note: r.note,
  publish_at: ms(r.publish_at),
  decided_by: r.decided_by,
  decided_at: ms(r.decided_at),
  comment: r.comment,
});

const actorOf = (author: Author): Actor => ({ id: author.id || null, name: author.name });

async function pendingOf(db: Kysely<Database>, documentId: number): Promise<Row | undefined> {
  return db
    .selectFrom('document_reviews')
    .selectAll()
    .where('document_id', '=', documentId)
    .where('status', '=', 'pending')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

const noPending = (): ApiError => new ApiError(409, 'rest_review_not_pending', 'Nothing is waiting for review on this document.');

/** The document's latest submissions, newest first. */
export async function reviewsOf(db: Kysely<Database>, documentId: number, limit = 20): Promise<ReviewEntry[]> {
  const rows = await db
    .selectFrom('document_reviews')
    .selectAll()
    .where('document_id', '=', documentId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toEntry);
}

export async function submitForReview(
  db: Kysely<Database>,
  documentId: number,
  input: { note: string; publishAt: number | null; author: Author },
): Promise<ReviewEntry> {
  return db.transaction().execute(async (tx) => {
    const doc = await findDocument(tx, documentId);
    if (!doc) throw errors.missing('Document');
    if (await pendingOf(tx, documentId)) throw new ApiError(409, 'rest_review_pending', 'This document is already waiting for review.');
    const now = Date.now();
    const row = await tx
      .insertInto('document_reviews')
      .values({
        document_id: documentId,
        version: doc.version,
        status: 'pending',
        submitted_by_id: input.author.id || null,
        submitted_by: input.author.name,
        submitted_at: now,
        note: input.note,
        publish_at: input.publishAt,
        decided_by_id: null,
        decided_by: null,
        decided_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(tx, actorOf(input.author), 'document', documentId, 'submit', null, auditOf(row), now);
    return toEntry(row);
  });
}

const auditOf = (r: Row) => ({
  review: r.id,
  status: r.status,
  version: r.version,
  note: r.note || undefined,
  comment: r.comment || undefined,
});

/** Closes the pending submission; null when another reviewer decided first. */
async function decide(
  db: Kysely<Database>,
  documentId: number,
  status: Exclude<ReviewStatus, 'pending'>,
  comment: string,
  author: Author,
): Promise<{ before: Row; after: Row }> {
  return db.transaction().execute(async (tx) => {
    const before = await pendingOf(tx, documentId);
    if (!before) throw noPending();
    const now = Date.now();
    const after = await tx
      .updateTable('document_reviews')
      .set({ status, comment, decided_by_id: author.id || null, decided_by: author.name, decided_at: now })
      .where('id', '=', before.id)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
    if (!after) throw noPending();
    await recordAudit(
      tx,
      actorOf(author),
      'document',
      documentId,
      status === 'approved' ? 'approve' : 'request_changes',
      auditOf(before),
      auditOf(after),
      now,
    );
    return { before, after };
  });
}

export async function requestChanges(db: Kysely<Database>, documentId: number, comment: string, author: Author): Promise<ReviewEntry> {
  return toEntry((await decide(db, documentId, 'changes_requested', comment, author)).after);
}

/**
 * Approves the pending submission and publishes the draft, or schedules it when the submitter asked for a later
 * time. The reviewer's base version guards against approving a draft that changed after they looked at it (409,
 * and the submission stays pending).
 */
export async function approve(
  db: Kysely<Database>,
  documentId: number,
  input: { comment: string; baseVersion?: number; author: Author },
): Promise<ReviewEntry> {
  const { before, after } = await decide(db, documentId, 'approved', input.comment, input.author);
  try {
    const doc = await findDocument(db, documentId);
    if (!doc) throw errors.missing('Document');
    const tree = workingTree(doc);
    const at = ms(before.publish_at);
    const save = { tree, baseVersion: input.baseVersion, author: input.author };
    if (at != null && at > Date.now()) await schedule(db, documentId, { ...save, publishAt: at, unpublishAt: doc.unpublish_at ?? null });
    else await publish(db, documentId, save);
  } catch (error) {
    // Not published: the submission waits again, as it was.
    await db
      .updateTable('document_reviews')
      .set({ status: 'pending', comment: before.comment, decided_by_id: null, decided_by: null, decided_at: null })
      .where('id', '=', before.id)
      .execute();
    throw error;
  }
  return toEntry(after);
}

/** A publisher published directly: the pending submission is settled by that publish (audited as an approval). */
export async function settleByPublish(db: Kysely<Database>, documentId: number, author: Author): Promise<void> {
  if (!(await pendingOf(db, documentId))) return;
  await decide(db, documentId, 'approved', 'Published directly.', author).catch((error: unknown) => {
    if (!(error instanceof ApiError && error.code === 'rest_review_not_pending')) throw error;
  });
}

/** The review queue: pending submissions first (oldest first), then the latest decisions. */
export async function reviewQueue(db: Kysely<Database>, allowedTypes: readonly string[]): Promise<ReviewQueueItem[]> {
  if (!allowedTypes.length) return [];
  const base = db
    .selectFrom('document_reviews as r')
    .innerJoin('documents as d', 'd.id', 'r.document_id')
    .selectAll('r')
    .select(['d.title', 'd.type', 'd.slug', 'd.version as current_version'])
    .where('d.type', 'in', [...allowedTypes]);
  const [pending, decided] = await Promise.all([
    base.where('r.status', '=', 'pending').orderBy('r.submitted_at').orderBy('r.id').limit(200).execute(),
    base.where('r.status', '!=', 'pending').orderBy('r.decided_at', 'desc').orderBy('r.id', 'desc').limit(20).execute(),
  ]);
  return [...pending, ...decided].map((r) => ({
    ...toEntry(r),
    title: r.title,
    type: r.type,
    slug: r.slug,
    changed_since: r.status === 'pending' && r.current_version !== r.version,
  }));
}
