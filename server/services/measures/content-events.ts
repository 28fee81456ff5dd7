import { sql, type Kysely } from 'kysely';
import { wilson, winner } from '../../../core/measure/confidence';
import type { ContentEvent, ContentEventName, SubjectType } from '../../../core/wire/content-event';
import type { DayRow, Performance, VariantSummary } from '../../../core/wire/content-performance';
import type { Database } from '../../db/schema';
import { errors } from '../../errors';

// Measured content: impressions, clicks, closes and add-to-cart of popups and content blocks, per view, store
// and audience. One row per (view, subject, event): the unique index makes a repeated or parallel send count
// once, on SQLite and PostgreSQL alike, and a batch is one INSERT.

export interface Visit {
  storeId: number | null;
  audience: 'anonymous' | 'customer';
}

/** 400 naming the field when a subject does not exist (a popup document or a content block). */
export async function checkSubjects(
  db: Kysely<Database>,
  subjects: Array<{ subject_type: SubjectType; subject_id: number }>,
  field: string,
) {
  const popups = [...new Set(subjects.filter((s) => s.subject_type === 'popup').map((s) => s.subject_id))];
  const blocks = [...new Set(subjects.filter((s) => s.subject_type === 'block').map((s) => s.subject_id))];
  const foundPopups = popups.length
    ? await db.selectFrom('documents').select('id').where('type', '=', 'popup').where('id', 'in', popups).execute()
    : [];
  const foundBlocks = blocks.length ? await db.selectFrom('content_blocks').select('id').where('id', 'in', blocks).execute() : [];
  const missingPopup = popups.find((id) => !foundPopups.some((r) => r.id === id));
  if (missingPopup !== undefined) throw errors.invalidParam(`No popup ${missingPopup}.`, { [field]: `No popup ${missingPopup}.` });
  const missingBlock = blocks.find((id) => !foundBlocks.some((r) => r.id === id));
  if (missingBlock !== undefined)
    throw errors.invalidParam(`No content block ${missingBlock}.`, { [field]: `No content block ${missingBlock}.` });
}

export async function recordEvents(db: Kysely<Database>, events: ContentEvent[], visit: Visit, now = Date.now()): Promise<void> {
  if (!events.length) return;
  const day = new Date(now).toISOString().slice(0, 10);
  await db
    .insertInto('content_events')
    .values(events.map((e) => ({ ...e, store_id: visit.storeId, audience: visit.audience, day, created_at: now })))
    .onConflict((oc) => oc.columns(['view_id', 'subject_type', 'subject_id', 'event']).doNothing())
    .execute();
}

const countOf = (event: ContentEventName) => sql<number>`sum(case when event = ${event} then 1 else 0 end)`;

export async function performance(db: Kysely<Database>, from: string, to: string): Promise<Performance> {
  const rows = await db
    .selectFrom('content_events')
    .select(['day', 'subject_type', 'subject_id', 'variant', 'store_id', 'audience'])
    .select([
      countOf('impression').as('impression'),
      countOf('click').as('click'),
      countOf('close').as('close'),
      countOf('add_to_cart').as('add_to_cart'),
    ])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy(['day', 'subject_type', 'subject_id', 'variant', 'store_id', 'audience'])
    .orderBy('day')
    .orderBy('subject_type')
    .orderBy('subject_id')
    .orderBy('variant')
    .execute();
  const days: DayRow[] = rows.map((r) => ({
    ...r,
    impression: Number(r.impression),
    click: Number(r.click),
    close: Number(r.close),
    add_to_cart: Number(r.add_to_cart),
  }));
  const byVariant = new Map<string, VariantSummary>();
  for (const r of days) {
    const key = `${r.subject_type}|${r.subject_id}|${r.variant}`;
    const v = byVariant.get(key) ?? {
      subject_type: r.subject_type,
      subject_id: r.subject_id,
      variant: r.variant,
      impressions: 0,
      clicks: 0,
      click_through: wilson(0, 0),
    };
    v.impressions += r.impression;
    v.clicks += r.click;
    byVariant.set(key, v);
  }
  const variants = [...byVariant.values()].map((v) => ({ ...v, click_through: wilson(v.clicks, v.impressions) }));
  const subjects = [...new Set(variants.map((v) => `${v.subject_type}|${v.subject_id}`))];
  const winners = subjects.map((s) => {
    const [type, id] = s.split('|');
    const a = variants.find((v) => `${v.subject_type}|${v.subject_id}` === s && v.variant === 'A');
    const b = variants.find((v) => `${v.subject_type}|${v.subject_id}` === s && v.variant === 'B');
    return { subject_type: type, subject_id: Number(id), winner: a && b ? winner(a.click_through, b.click_through) : null };
  });
  return { days, variants, winners };
}
