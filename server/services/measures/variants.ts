import type { Kysely } from 'kysely';
import { box, w } from '../../../core/wire/document';
import type { Database } from '../../db/schema';
import { errors } from '../../errors';
import { sanitize } from '../sanitize';
import { forgetBlocks } from '../content/blocks';
import { getBlock } from '../content/block-admin';
import { publish, type Author } from '../documents/revisions';
import type { SubjectType } from '../../../core/wire/content-event';
import { checkSubjects } from './content-events';

// A/B variants: variant B of a popup or a content block is HTML (sanitised) shown instead of A's content to
// the visitors core/measure/variant.ts puts in B. Promoting B makes it the content everybody sees.

export interface ContentVariant {
  id: number;
  subject_type: SubjectType;
  subject_id: number;
  html: string;
  created_at: number;
}

const toVariant = (r: { id: number; subject_type: string; subject_id: number; payload: string; created_at: number }): ContentVariant => {
  let html: string;
  try {
    html = String((JSON.parse(r.payload) as { html?: unknown }).html ?? '');
  } catch {
    throw errors.badRequest(`Variant ${r.id} is unreadable.`);
  }
  return { id: r.id, subject_type: r.subject_type as SubjectType, subject_id: r.subject_id, html, created_at: Number(r.created_at) };
};

export async function listVariants(db: Kysely<Database>): Promise<ContentVariant[]> {
  return (await db.selectFrom('content_variants').selectAll().orderBy('id').execute()).map(toVariant);
}

export async function variantOf(db: Kysely<Database>, type: SubjectType, id: number): Promise<ContentVariant | null> {
  const row = await db
    .selectFrom('content_variants')
    .selectAll()
    .where('subject_type', '=', type)
    .where('subject_id', '=', id)
    .executeTakeFirst();
  return row ? toVariant(row) : null;
}

/** Adds (or replaces) variant B of a subject; 400 on subject_id when the subject does not exist. */
export async function saveVariant(db: Kysely<Database>, type: SubjectType, subjectId: number, html: string): Promise<ContentVariant> {
  await checkSubjects(db, [{ subject_type: type, subject_id: subjectId }], 'subject_id');
  const payload = JSON.stringify({ html: sanitize(html) });
  await db
    .insertInto('content_variants')
    .values({ subject_type: type, subject_id: subjectId, payload, created_at: Date.now() })
    .onConflict((oc) => oc.columns(['subject_type', 'subject_id']).doUpdateSet({ payload }))
    .execute();
  const saved = await variantOf(db, type, subjectId);
  if (!saved) throw errors.missing('Variant');
  return saved;
}

export async function deleteVariant(db: Kysely<Database>, id: number): Promise<void> {
  const result = await db.deleteFrom('content_variants').where('id', '=', id).executeTakeFirst();
  if (!Number(result.numDeletedRows)) throw errors.missing('Variant');
}

/** B becomes the content everybody sees (a block's HTML; a popup's tree, through a published revision). */
export async function promoteVariant(db: Kysely<Database>, id: number, author: Author): Promise<void> {
  const row = await db.selectFrom('content_variants').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw errors.missing('Variant');
  const variant = toVariant(row);
  if (variant.subject_type === 'block') {
    const block = await getBlock(db, variant.subject_id);
    await db.updateTable('content_blocks').set({ html: variant.html, updated_at: Date.now() }).where('id', '=', block.id).execute();
    forgetBlocks(db, block.kind);
  } else {
    const tree = [box(`ab${variant.id}`.slice(0, 16), [w(`ab${variant.id}t`.slice(0, 16), 'text-editor', { editor: variant.html })])];
    await publish(db, variant.subject_id, { tree, author });
  }
  await db.deleteFrom('content_variants').where('id', '=', id).execute();
}
