import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { TRACKING_COOKIE, trackingRefused } from '../../core/measure/consent';
import { variantFor } from '../../core/measure/variant';
import { requireCapability } from '../auth/guards';
import { CONTENT_EVENTS, SUBJECT_TYPES } from '../../core/wire/content-event';
import { countRefusals, openView, performance, recordEvents, checkSubjects } from '../services/measures/content-events';
import { requestAddress } from '../auth/anonymous-write-limit';
import { countInWindow, type Limit } from '../services/rate-limit';
import { deleteVariant, listVariants, promoteVariant, saveVariant, variantOf } from '../services/measures/variants';
import { errors } from '../errors';
import { answers, inputs, id, idParams, withSchemas } from '../validation';
import { authorOf } from './editor/documents';
import * as contentApi from '../../core/api/content';
import * as S from '../../core/api/schemas/content';
import { noContent } from '../../core/api/schemas/common';

// Measured content: the browser sends batches of impressions, clicks, closes and add-to-cart (each counted
// once per view); editors read them per day and manage A/B variants. A refusal of tracking writes nothing.

const viewId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8-64 letters, digits, - or _');
const eventsBody = z.object({
  events: z
    .array(
      z.object({
        view_id: viewId,
        subject_type: z.enum(SUBJECT_TYPES),
        subject_id: id,
        variant: z.enum(['A', 'B']),
        event: z.enum(CONTENT_EVENTS),
      }),
    )
    .min(1, 'send at least one event')
    .max(50, 'at most 50 events a batch'),
});
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');
const performanceQuery = z.object({ from: day.optional(), to: day.optional() });
const variantBody = z.object({
  subject_type: z.enum(SUBJECT_TYPES, { error: 'must be popup or block' }),
  subject_id: id,
  html: z.string({ error: 'Enter the content of variant B.' }).trim().min(1, 'Enter the content of variant B.').max(100_000),
});
const variantQuery = z.object({
  visitor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
});

const viewBody = z.object({
  subject_type: z.enum(SUBJECT_TYPES, { error: 'must be popup or block' }),
  subject_id: id,
  variant: z.enum(['A', 'B'], { error: 'must be A or B' }),
});

/** Events (views included) one visitor may send in a day: a signed-in account, else their session, else their address. */
export const EVENTS_PER_VISITOR: Limit = { max: 200, windowMs: 24 * 60 * 60 * 1000 };
/** All anonymous visitors of one address (a /64) together, so fresh cookies do not buy a fresh budget. */
export const EVENTS_PER_ADDRESS: Limit = { max: 1000, windowMs: 24 * 60 * 60 * 1000 };

/** A visit of a preview (a preview link, or an editor's ?preview=true): measured by nobody. */
export function isPreviewVisit(request: FastifyRequest): boolean {
  const referer = request.headers.referer;
  if (!referer) return false;
  try {
    const from = new URL(referer);
    return from.pathname.startsWith('/preview/') || from.searchParams.get('preview') === 'true';
  } catch {
    return false;
  }
}

/** Counts `n` events against the visitor's and (anonymous) the address's daily budget; false past either. */
async function withinBudget(db: FastifyInstance['db']['kysely'], request: FastifyRequest, n: number): Promise<boolean> {
  const day = new Date().toISOString().slice(0, 10);
  const { user, sessionId } = request.visitor;
  const address = requestAddress(request);
  const visitor = user ? `u:${user.id}` : sessionId ? `s:${sessionId}` : `a:${address}`;
  const mine = await countInWindow(db, `events:${visitor}|${day}`, EVENTS_PER_VISITOR.windowMs, Date.now(), n);
  if (mine.count > EVENTS_PER_VISITOR.max) return false;
  if (user) return true;
  const shared = await countInWindow(db, `events-addr:${address}|${day}`, EVENTS_PER_ADDRESS.windowMs, Date.now(), n);
  return shared.count <= EVENTS_PER_ADDRESS.max;
}

const secondsLeftToday = (now = Date.now()) => (86_400_000 - (now % 86_400_000)) / 1000;

export const refusesTracking = (request: FastifyRequest): boolean =>
  trackingRefused({ cookie: request.cookies?.[TRACKING_COOKIE], gpc: request.headers['sec-gpc'] as string | undefined });

const variantParams = z.object({ type: z.enum(SUBJECT_TYPES), id });

export async function measureRoutes(base: FastifyInstance): Promise<void> {
  const app = withSchemas(base);
  const db = app.db.kysely;
  const editor = { preValidation: requireCapability('edit_pages') };

  const visitOf = (request: FastifyRequest) => ({
    storeId: request.visitor.storeId,
    audience: request.visitor.user ? ('customer' as const) : ('anonymous' as const),
  });

  // A view (its impression), issued when the subject comes into view: never cached, counted once.
  app.post(
    contentApi.openView.path,
    {
      schema: {
        ...inputs(contentApi.openView, { body: viewBody }),
        response: { ...answers(contentApi.openView, S.viewOpened, 201), 204: noContent },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      if (refusesTracking(request) || isPreviewVisit(request)) return reply.code(204).send();
      if (!(await withinBudget(db, request, 1))) {
        await countRefusals(db, 'over_budget', 1);
        throw errors.tooMany(secondsLeftToday());
      }
      return reply.code(201).send({ view_id: await openView(db, request.body, visitOf(request)) });
    },
  );

  app.post(
    contentApi.sendContentEvents.path,
    {
      schema: {
        ...inputs(contentApi.sendContentEvents, { body: eventsBody }),
        response: { ...answers(contentApi.sendContentEvents, S.eventsAccepted, 202), 204: noContent },
      },
    },
    async (request, reply) => {
      const { events } = request.body;
      if (refusesTracking(request) || isPreviewVisit(request)) return reply.code(204).send();
      await checkSubjects(db, events, 'events');
      if (!(await withinBudget(db, request, events.length))) {
        await countRefusals(db, 'over_budget', events.length);
        throw errors.tooMany(secondsLeftToday());
      }
      const { accepted, refused } = await recordEvents(db, events, visitOf(request));
      return reply.code(202).send({ accepted, refused });
    },
  );

  /** The variant a visitor gets (stable per visitor; A without an id or when tracking is refused). */
  app.get(
    contentApi.variantFor.path,
    { schema: { params: variantParams, querystring: variantQuery, response: answers(contentApi.variantFor, S.variantFor) } },
    async (request) => {
      const { params: p, query: q } = request;
      const b = await variantOf(db, p.type, p.id);
      const variant = b && !refusesTracking(request) ? variantFor(q.visitor ?? null, `${p.type}:${p.id}`) : 'A';
      return { variant, html: variant === 'B' && b ? b.html : null };
    },
  );

  app.get(contentApi.variants.path, { ...editor, schema: { response: answers(contentApi.variants, S.variants) } }, async () => ({
    items: await listVariants(db),
  }));
  app.post(
    contentApi.saveVariant.path,
    {
      ...editor,
      schema: { body: variantBody, response: answers(contentApi.saveVariant, S.variantSaved, 201) },
    },
    async (request, reply) => {
      const { body } = request;
      return reply.code(201).send(await saveVariant(db, body.subject_type, body.subject_id, body.html));
    },
  );
  app.delete(
    contentApi.deleteVariant.path,
    { ...editor, schema: { params: idParams, response: answers(contentApi.deleteVariant, S.variantDeleted) } },
    async (request) => {
      await deleteVariant(db, request.params.id);
      return { deleted: true };
    },
  );
  app.post(
    contentApi.promoteVariant.path,
    { ...editor, schema: { params: idParams, response: answers(contentApi.promoteVariant, S.variantPromoted) } },
    async (request) => {
      await promoteVariant(db, request.params.id, authorOf(request));
      return { promoted: true };
    },
  );

  app.get(
    contentApi.contentPerformance.path,
    { ...editor, schema: { querystring: performanceQuery, response: answers(contentApi.contentPerformance, S.contentPerformance) } },
    async (request) => {
      const q = request.query;
      const today = new Date().toISOString().slice(0, 10);
      const from = q.from ?? new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
      return { from, to: q.to ?? today, ...(await performance(db, from, q.to ?? today)) };
    },
  );
}
