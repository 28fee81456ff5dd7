import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { decideStore, readRequirement } from '../../../core/store-layer/store-requirement';
import { escapeHtml } from '../../../core/security/escape-html';
import { requireCapability } from '../../auth/guards';
import { ApiError, errors } from '../../errors';
import { renderPage } from '../../render/page';
import { findDocument, liveView } from '../../services/documents/repository';
import {
  createPreviewLink,
  DEVICE_VIEWPORTS,
  findPreviewLink,
  PREVIEW_DEVICES,
  PREVIEW_MAX_GROUPS,
  revokePreviewLinks,
  type PreviewClaims,
} from '../../services/documents/preview-link';
import { can } from '../../services/capabilities';
import { assertMayEdit, documentRights } from '../../services/editorial/policy';
import { toUser } from '../../services/users';
import { getStore, type Store } from '../../services/stores';
import type { User } from '../../services/users';
import { answers, id, idParams, withSchemas } from '../../validation';
import * as editorApi from '../../../core/api/editor';
import * as S from '../../../core/api/schemas/editor';

// Preview as any shopper: an editor makes a signed, expiring link to a page's draft (or to what visitors will
// see at a future date: the page, its content blocks and its popups as scheduled then) as a simulated visitor:
// a store, user groups (segments) and a device. Every rule runs against that visitor: the page's store
// requirement here, content targeting in the content slots, the popups' rules in the browser, whose explainer
// is shown. A phone or tablet gets the page in a frame of that viewport. Never cached, never indexed.

const linkBody = z.object({
  mode: z.enum(['draft', 'at']).default('draft'),
  at: z.number({ error: 'must be a time' }).int().min(0).max(8_640_000_000_000).nullable().default(null),
  store_id: id.nullable().default(null),
  user_group_ids: z
    .array(id, { error: 'must be a list of user group ids' })
    .max(PREVIEW_MAX_GROUPS, `at most ${PREVIEW_MAX_GROUPS} user groups`)
    .default([]),
  device: z.enum(PREVIEW_DEVICES, { error: 'must be desktop, tablet or mobile' }).default('desktop'),
  ttl_minutes: z
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60, 'at most a week')
    .default(24 * 60),
});

/** The simulated shopper of a preview: a signed-in customer in those segments, or anonymous without any. */
export const PREVIEW_SHOPPER_ID = -1; // never a real user: nothing personal is found or written for it
function simulatedUser(claims: PreviewClaims, storeId: number | null): User | null {
  if (!claims.groups.length) return null;
  return { id: PREVIEW_SHOPPER_ID, email: '', name: 'Preview shopper', roles: ['customer'], segment_ids: claims.groups, store_id: storeId };
}

/** What the page's store requirement does to the simulated visitor: the store it ends up at, and a note. */
async function requirementFor(
  app: FastifyInstance,
  page: Record<string, unknown>,
  store: Store | null,
): Promise<{ storeId: number | null; notice?: string }> {
  const decision = decideStore(readRequirement(page), store);
  if (decision.action === 'none') return { storeId: store?.id ?? null };
  if (decision.action === 'redirect')
    return { storeId: store?.id ?? null, notice: `Preview: this visitor would be sent to ${decision.url} (the page's store requirement).` };
  const next = await getStore(app.db.kysely, decision.storeId);
  return {
    storeId: next?.id ?? store?.id ?? null,
    notice: `Preview: this page's store requirement switches this visitor from ${store?.name ?? 'no store'} to ${next?.name ?? 'another store'}.`,
  };
}

function describeVisitor(claims: PreviewClaims, store: Store | null): string {
  const groups = claims.groups.length ? `user groups ${claims.groups.join(', ')}` : 'anonymous';
  const when = claims.mode === 'at' && claims.at != null ? `, at ${new Date(claims.at).toISOString()}` : ', the draft';
  return `${store?.name ?? 'no store'}, ${groups}, ${claims.device}${when}`;
}

/** A phone or tablet preview: the page in a frame of the device's viewport, so media queries and rules see it. */
function deviceFrame(token: string, title: string, visitor: string, viewport: { width: number; height: number }): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Preview: ${escapeHtml(title)}</title>
<style>body{margin:0;font:16px/1.4 system-ui,sans-serif;background:#e8ebe6;color:#1b1f1a}header{padding:.75rem 1rem;background:#1b1f1a;color:#fff}
main{display:flex;justify-content:center;padding:1rem}iframe{border:1px solid #555;border-radius:12px;background:#fff;max-width:100%}</style>
</head><body><header><h1 style="font-size:1rem;margin:0">Preview as a shopper: ${escapeHtml(visitor)}</h1></header>
<main><iframe class="preview-device" title="${escapeHtml(`Preview: ${title}`)}" src="/preview/${escapeHtml(token)}?frame=1" width="${viewport.width}" height="${viewport.height}"></iframe></main>
</body></html>`;
}

// The token is checked by its signature; ?frame=1 is the framed page itself (anything else is the frame).
const tokenParams = z.object({ token: z.string() });
const frameQuery = z.object({ frame: z.unknown().optional() });

export async function previewRoutes(base: FastifyInstance): Promise<void> {
  const app = withSchemas(base);
  const db = app.db.kysely;

  const linkSchema = {
    params: idParams,
    body: linkBody,
    response: answers(editorApi.previewLink, S.previewLink),
  };
  app.post(editorApi.previewLink.path, { preValidation: requireCapability('edit_content'), schema: linkSchema }, async (request) => {
    const { id: docId } = request.params;
    const { body } = request;
    const doc = await findDocument(db, docId);
    if (!doc || doc.type !== 'page') throw errors.missing('Page');
    assertMayEdit(await documentRights(db, request.visitor.user), doc.type);
    if (body.mode === 'at' && body.at == null)
      throw errors.invalidParam('Choose the date to preview.', { at: 'Choose the date to preview.' });
    if (body.store_id != null && !(await getStore(db, body.store_id)))
      throw errors.invalidParam(`Unknown store id: ${body.store_id}.`, { store_id: `Unknown store id: ${body.store_id}.` });
    const exp = Date.now() + body.ttl_minutes * 60_000;
    const token = await createPreviewLink(
      db,
      {
        doc: docId,
        mode: body.mode,
        at: body.at,
        store: body.store_id,
        groups: [...new Set(body.user_group_ids)],
        device: body.device,
        exp,
      },
      request.visitor.user!.id,
    );
    return { url: `/preview/${token}`, expires_at: exp };
  });

  // Every live preview link of the document stops working at once.
  app.post(
    editorApi.revokePreviewLinks.path,
    {
      preValidation: requireCapability('edit_content'),
      schema: { params: idParams, response: answers(editorApi.revokePreviewLinks, S.previewLinksRevoked) },
    },
    async (request) => {
      const doc = await findDocument(db, request.params.id);
      if (!doc) throw errors.missing('Document');
      return { revoked: await revokePreviewLinks(db, doc.id) };
    },
  );

  app.get('/preview/:token', { schema: { params: tokenParams, querystring: frameQuery } }, async (request, reply) => {
    const { token } = request.params;
    const check = await findPreviewLink(db, token);
    if (!check.ok)
      throw check.reason === 'expired'
        ? new ApiError(410, 'rest_preview_expired', 'This preview link has expired. Ask for a new one.')
        : check.reason === 'revoked'
          ? new ApiError(410, 'rest_preview_revoked', 'This preview link was revoked. Ask for a new one.')
          : errors.forbidden('This preview link is not valid.');
    const { claims } = check;
    // Checked on every use: the document as it is now, and its creator's rights as they are now.
    const doc = await findDocument(db, claims.doc);
    if (!doc || doc.status === 'trash')
      throw new ApiError(410, 'rest_preview_gone', 'This page is in the trash: its preview links no longer work.');
    const creator = await db.selectFrom('users').selectAll().where('id', '=', check.createdBy).executeTakeFirst();
    if (!creator || !can(toUser(creator), 'edit_content'))
      throw errors.forbidden('The editor who made this preview link can no longer edit pages. Ask for a new one.');
    const chosen = claims.store ? await getStore(db, claims.store) : null;
    const send = (html: string) =>
      reply.type('text/html; charset=utf-8').header('Cache-Control', 'private, no-store').header('X-Robots-Tag', 'noindex').send(html);
    const viewport = DEVICE_VIEWPORTS[claims.device];
    if (viewport && request.query.frame !== '1') return send(deviceFrame(token, doc.title, describeVisitor(claims, chosen), viewport));

    const at = claims.mode === 'at' ? (claims.at ?? Date.now()) : undefined;
    const tree = at === undefined ? (doc.draft ?? doc.tree) : liveView(doc, at).tree;
    const requirement = await requirementFor(app, doc.settings, chosen);
    const requester = request.visitor;
    request.visitor = { user: simulatedUser(claims, requirement.storeId), sessionId: null, storeId: requirement.storeId };
    const html = await renderPage(app, request, {
      title: `Preview: ${doc.title}`,
      tree,
      page: { id: doc.id, ...doc.settings },
      bodyClass: `page page-preview page-${doc.slug.replace(/[^a-z0-9-]/g, '-')}`,
      at,
      popupPath: `/${doc.slug}`,
      explainPopups: true,
      notice: requirement.notice,
      nonceVisitor: requester,
    });
    return send(html);
  });
}
