import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { wilson, winner } from '../../../core/measure/confidence';
import type { ContentEvent, ContentEventName, SubjectType } from '../../../core/wire/content-event';
import type { DayRow, Performance, VariantSummary } from '../../../core/wire/content-performance';
import type { Database } from '../../db/schema';
import { errors } from '../../errors';

// Measured content: impressions, clicks, closes and add-to-cart of popups and content blocks, per view, store
// and audience. One row per (view, subject, event): the unique index makes a repeated or parallel send count
// once, on SQLite and PostgreSQL alike, and a batch is one INSERT.
//
// A view is issued by the server (openView, its impression), never chosen by the client: a click, close or
// add-to-cart must name a view of the same subject and variant (an add-to-cart, a view that was clicked), so
// invented views, closes without impressions and clicks for a variant that does not exist are refused, counted
// per day and reason. Events older than RAW_DAYS are rolled up into daily counts (docs/security.md).

/** Days of single events kept; older ones live on as daily counts. */
export const RAW_DAYS = 30;

export type RefusalReason = 'impression_not_issued' | 'no_impression' | 'no_click' | 'no_variant' | 'over_budget';

const utcDay = (now: number) => new Date(now).toISOString().slice(0, 10);

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

/** Counts refused events of a day by reason. */
export async function countRefusals(db: Kysely<Database>, reason: RefusalReason, n: number, now = Date.now()): Promise<void> {
  if (n <= 0) return;
  await db
    .insertInto('content_event_refusals')
    .values({ day: utcDay(now), reason, count: n })
    .onConflict((oc) =>
      oc.columns(['day', 'reason']).doUpdateSet({ count: sql<number>`content_event_refusals.count + cast(${n} as integer)` }),
    )
    .execute();
}

/**
 * Issues a view of a subject in a variant and counts its impression. A variant B that does not exist is refused
 * (400 naming `variant`, and counted), as is a missing subject.
 */
export async function openView(
  db: Kysely<Database>,
  subject: { subject_type: SubjectType; subject_id: number; variant: 'A' | 'B' },
  visit: Visit,
  now = Date.now(),
): Promise<string> {
  await checkSubjects(db, [subject], 'subject_id');
  if (subject.variant === 'B') {
    const b = await db
      .selectFrom('content_variants')
      .select('id')
      .where('subject_type', '=', subject.subject_type)
      .where('subject_id', '=', subject.subject_id)
      .executeTakeFirst();
    if (!b) {
      await countRefusals(db, 'no_variant', 1, now);
      throw errors.invalidParam('This content has no variant B.', { variant: 'This content has no variant B.' });
    }
  }
  const view_id = randomBytes(18).toString('base64url');
  const day = utcDay(now);
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('content_views')
      .values({ view_id, ...subject, day, created_at: now })
      .execute();
    await tx
      .insertInto('content_events')
      .values({ view_id, ...subject, event: 'impression', store_id: visit.storeId, audience: visit.audience, day, created_at: now })
      .execute();
  });
  return view_id;
}

/**
 * Records the events that name a view the server issued for the same subject and variant (an add-to-cart: a view
 * that was clicked); the others are refused and counted. Answers how many of each.
 */
export async function recordEvents(
  db: Kysely<Database>,
  events: ContentEvent[],
  visit: Visit,
  now = Date.now(),
): Promise<{ accepted: number; refused: number }> {
  if (!events.length) return { accepted: 0, refused: 0 };
  const ids = [...new Set(events.map((e) => e.view_id))];
  const [views, clicked] = await Promise.all([
    db.selectFrom('content_views').selectAll().where('view_id', 'in', ids).execute(),
    db.selectFrom('content_events').select('view_id').where('view_id', 'in', ids).where('event', '=', 'click').execute(),
  ]);
  const viewOf = new Map(views.map((v) => [v.view_id, v]));
  const wasClicked = new Set(clicked.map((c) => c.view_id));
  const refusals = new Map<RefusalReason, number>();
  const refuse = (reason: RefusalReason) => refusals.set(reason, (refusals.get(reason) ?? 0) + 1);
  const matches = (e: ContentEvent): boolean => {
    const v = viewOf.get(e.view_id);
    return !!v && v.subject_type === e.subject_type && v.subject_id === e.subject_id && v.variant === e.variant;
  };
  const accepted: ContentEvent[] = [];
  // Clicks and closes first: an accepted click in the same batch counts for its add-to-cart.
  for (const e of events.filter((x) => x.event !== 'add_to_cart')) {
    if (e.event === 'impression') refuse('impression_not_issued');
    else if (!matches(e)) refuse('no_impression');
    else {
      accepted.push(e);
      if (e.event === 'click') wasClicked.add(e.view_id);
    }
  }
  for (const e of events.filter((x) => x.event === 'add_to_cart')) {
    if (!matches(e)) refuse('no_impression');
    else if (!wasClicked.has(e.view_id)) refuse('no_click');
    else accepted.push(e);
  }
  for (const [reason, n] of refusals) await countRefusals(db, reason, n, now);
  if (accepted.length)
    await db
      .insertInto('content_events')
      .values(accepted.map((e) => ({ ...e, store_id: visit.storeId, audience: visit.audience, day: utcDay(now), created_at: now })))
      .onConflict((oc) => oc.columns(['view_id', 'subject_type', 'subject_id', 'event']).doNothing())
      .execute();
  return { accepted: accepted.length, refused: events.length - accepted.length };
}

/**
 * Rolls events older than RAW_DAYS up into daily counts and deletes them (and their views), in one transaction:
 * the performance screen reads both, so its numbers do not move. Safe to repeat and to run from any process.
 */
export async function rollUpContentEvents(db: Kysely<Database>, now = Date.now()): Promise<void> {
  const before = utcDay(now - RAW_DAYS * 86_400_000);
  await db.transaction().execute(async (tx) => {
    const rows = await dayCounts(tx).where('day', '<', before).execute();
    if (rows.length)
      await tx
        .insertInto('content_event_days')
        .values(
          rows.map((r) => ({
            ...r,
            impression: Number(r.impression),
            click: Number(r.click),
            close: Number(r.close),
            add_to_cart: Number(r.add_to_cart),
          })),
        )
        .execute();
    await tx.deleteFrom('content_events').where('day', '<', before).execute();
    await tx.deleteFrom('content_views').where('day', '<', before).execute();
    await tx
      .deleteFrom('content_event_refusals')
      .where('day', '<', utcDay(now - 365 * 86_400_000))
      .execute();
  });
}

const countOf = (event: ContentEventName) => sql<number>`sum(case when event = ${event} then 1 else 0 end)`;

/** The raw events counted per day, subject, variant, store and audience (one count per event name). */
const dayCounts = (db: Kysely<Database>) =>
  db
    .selectFrom('content_events')
    .select(['day', 'subject_type', 'subject_id', 'variant', 'store_id', 'audience'])
    .select([
      countOf('impression').as('impression'),
      countOf('click').as('click'),
      countOf('close').as('close'),
      countOf('add_to_cart').as('add_to_cart'),
    ])
    .groupBy(['day', 'subject_type', 'subject_id', 'variant', 'store_id', 'audience']);

export async function performance(db: Kysely<Database>, from: string, to: string): Promise<Performance> {
  const raw = await dayCounts(db).where('day', '>=', from).where('day', '<=', to).execute();
  const rolled = await db
    .selectFrom('content_event_days')
    .select(['day', 'subject_type', 'subject_id', 'variant', 'store_id', 'audience'])
    .select((eb) => [
      eb.fn.sum<number>('impression').as('impression'),
      eb.fn.sum<number>('click').as('click'),
      eb.fn.sum<number>('close').as('close'),
      eb.fn.sum<number>('add_to_cart').as('add_to_cart'),
    ])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy(['day', 'subject_type', 'subject_id', 'variant', 'store_id', 'audience'])
    .execute();
  const rows = [...rolled, ...raw].sort(
    (a, b) =>
      a.day.localeCompare(b.day) ||
      a.subject_type.localeCompare(b.subject_type) ||
      a.subject_id - b.subject_id ||
      a.variant.localeCompare(b.variant),
  );
  const refusalRows = await db
    .selectFrom('content_event_refusals')
    .select(['reason', (eb) => eb.fn.sum<number>('count').as('n')])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('reason')
    .execute();
  const refused = { total: 0, by_reason: {} as Record<string, number> };
  for (const r of refusalRows) {
    refused.by_reason[r.reason] = Number(r.n);
    refused.total += Number(r.n);
  }
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
  return { days, variants, winners, refused };
}
