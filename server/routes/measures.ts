import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { TRACKING_COOKIE, trackingRefused } from '../../core/measure/consent';
import { variantFor } from '../../core/measure/variant';
import { requireCapability } from '../auth/guards';
import { CONTENT_EVENTS, SUBJECT_TYPES } from '../../core/wire/content-event';
import { performance, recordEvents, checkSubjects } from '../services/measures/content-events';
import { deleteVariant, listVariants, promoteVariant, saveVariant, variantOf } from '../services/measures/variants';
import { id, idParams, withSchemas } from '../validation';
import { authorOf } from './editor/documents';

// Measured content: the browser sends batches of impressions, clicks, closes and add-to-cart (each counted
// once per view); editors read them per day and manage A/B variants. A refusal of tracking writes nothing.

const BASE = '/wp-json/site/v1';
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

export const refusesTracking = (request: FastifyRequest): boolean =>
  trackingRefused({ cookie: request.cookies?.[TRACKING_COOKIE], gpc: request.headers['sec-gpc'] as string | undefined });

const variantParams = z.object({ type: z.enum(SUBJECT_TYPES), id });

export async function measureRoutes(base: FastifyInstance): Promise<void> {
  const app = withSchemas(base);
  const db = app.db.kysely;
  const editor = { preValidation: requireCapability('edit_pages') };

  app.post(`${BASE}/content-events`, { schema: { body: eventsBody } }, async (request, reply) => {
    const { events } = request.body;
    if (refusesTracking(request)) return reply.code(204).send();
    await checkSubjects(db, events, 'events');
    await recordEvents(db, events, { storeId: request.visitor.storeId, audience: request.visitor.user ? 'customer' : 'anonymous' });
    return reply.code(202).send({ accepted: events.length });
  });

  /** The variant a visitor gets (stable per visitor; A without an id or when tracking is refused). */
  app.get(`${BASE}/content-variants/:type/:id/for`, { schema: { params: variantParams, querystring: variantQuery } }, async (request) => {
    const { params: p, query: q } = request;
    const b = await variantOf(db, p.type, p.id);
    const variant = b && !refusesTracking(request) ? variantFor(q.visitor ?? null, `${p.type}:${p.id}`) : 'A';
    return { variant, html: variant === 'B' && b ? b.html : null };
  });

  app.get(`${BASE}/content-variants`, editor, async () => ({ items: await listVariants(db) }));
  app.post(`${BASE}/content-variants`, { ...editor, schema: { body: variantBody } }, async (request, reply) => {
    const { body } = request;
    return reply.code(201).send(await saveVariant(db, body.subject_type, body.subject_id, body.html));
  });
  app.delete(`${BASE}/content-variants/:id`, { ...editor, schema: { params: idParams } }, async (request) => {
    await deleteVariant(db, request.params.id);
    return { deleted: true };
  });
  app.post(`${BASE}/content-variants/:id/promote`, { ...editor, schema: { params: idParams } }, async (request) => {
    await promoteVariant(db, request.params.id, authorOf(request));
    return { promoted: true };
  });

  app.get(`${BASE}/content-performance`, { ...editor, schema: { querystring: performanceQuery } }, async (request) => {
    const q = request.query;
    const today = new Date().toISOString().slice(0, 10);
    const from = q.from ?? new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
    return { from, to: q.to ?? today, ...(await performance(db, from, q.to ?? today)) };
  });
}
