import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireCapability } from '../../auth/guards';
import { ApiError, errors } from '../../errors';
import { renderPage } from '../../render/page';
import { findDocument, liveView } from '../../services/documents/repository';
import { signPreview, verifyPreview } from '../../services/documents/preview-link';
import { getStore } from '../../services/stores';
import { id, parse } from '../../validation';
import { DOCUMENTS_BASE } from './documents';

// Preview as a shopper: an editor makes a signed, expiring link to a page's draft (or to what visitors will
// see at a future date, the schedule applied) as a chosen store; anyone holding the link sees that page
// until it expires, without signing in. Never cached, never indexed.

const linkBody = z.object({
  mode: z.enum(['draft', 'at']).default('draft'),
  at: z.number({ error: 'must be a time' }).int().min(0).max(8_640_000_000_000).nullable().default(null),
  store_id: id.nullable().default(null),
  ttl_minutes: z
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60, 'at most a week')
    .default(24 * 60),
});

export async function previewRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db.kysely;

  app.post(`${DOCUMENTS_BASE}/:id/preview-link`, { preHandler: requireCapability('edit_pages') }, async (request) => {
    const docId = parse(id, (request.params as { id?: string }).id, 'id');
    const body = parse(linkBody, request.body, 'body');
    const doc = await findDocument(db, docId);
    if (!doc || doc.type !== 'page') throw errors.missing('Page');
    if (body.mode === 'at' && body.at == null)
      throw errors.invalidParam('Choose the date to preview.', { at: 'Choose the date to preview.' });
    if (body.store_id != null && !(await getStore(db, body.store_id)))
      throw errors.invalidParam(`Unknown store id: ${body.store_id}.`, { store_id: `Unknown store id: ${body.store_id}.` });
    const exp = Date.now() + body.ttl_minutes * 60_000;
    const token = signPreview(app.nonceSecret, { doc: docId, mode: body.mode, at: body.at, store: body.store_id, exp });
    return { url: `/preview/${token}`, expires_at: exp };
  });

  app.get('/preview/:token', async (request, reply) => {
    const token = (request.params as { token: string }).token;
    const check = verifyPreview(app.nonceSecret, token);
    if (!check.ok)
      throw check.reason === 'expired'
        ? new ApiError(410, 'rest_preview_expired', 'This preview link has expired. Ask for a new one.')
        : errors.forbidden('This preview link is not valid.');
    const { claims } = check;
    const doc = await findDocument(db, claims.doc);
    if (!doc) throw errors.missing('Page');
    const tree = claims.mode === 'draft' ? (doc.draft ?? doc.tree) : liveView(doc, claims.at ?? Date.now()).tree;
    // The simulated visitor: the chosen store, not signed in.
    request.visitor = { user: null, sessionId: null, storeId: claims.store ?? request.visitor.storeId };
    const html = await renderPage(app, request, {
      title: `Preview: ${doc.title}`,
      tree,
      page: { id: doc.id, ...doc.settings },
      bodyClass: `page page-preview page-${doc.slug.replace(/[^a-z0-9-]/g, '-')}`,
    });
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'private, no-store').header('X-Robots-Tag', 'noindex').send(html);
  });
}
