import type { FastifyInstance, FastifyReply } from 'fastify';
import { can } from '../../services/capabilities';
import { errors } from '../../errors';
import { renderPage } from '../../render/page';
import { decodeSettings, findDocument } from '../../services/documents/repository';
import { getRevision, workingSettings, workingTree } from '../../services/documents/revisions';
import { id } from '../../validation';

// A revision rendered by the published renderer, beside the current draft, before an editor restores it
// (react-app/editor/RevisionPreview.tsx shows both in frames). Sandboxed: the answer's own policy forbids
// scripts, forms, popups and navigating the editor (CSP `sandbox`), and the frames say the same. Without scripts,
// elements waiting for an entrance animation are shown as they end. Never cached, never indexed. docs/editor.md.

export const REVISION_PREVIEW_SANDBOX = 'sandbox allow-same-origin';
/** Elements that wait for their entrance animation (which needs the runtime) are shown as it leaves them. */
const STATIC_STYLE = '<style>.elementor-invisible{visibility:visible!important}</style>';

type Params = { id: string; rev?: string };

export async function revisionPreviewRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db.kysely;

  const send = (reply: FastifyReply, html: string) =>
    reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'private, no-store')
      .header('X-Robots-Tag', 'noindex')
      .header('Content-Security-Policy', REVISION_PREVIEW_SANDBOX)
      .send(html.replace('</head>', `${STATIC_STYLE}\n</head>`));

  const preview = async (params: Params, reply: FastifyReply, request: Parameters<typeof renderPage>[1]) => {
    // The API's JSON errors (401/403/404): these frames are only ever opened by the editor.
    if (!request.visitor.user) throw errors.notLoggedIn();
    if (!can(request.visitor.user, 'edit_pages')) throw errors.forbidden();
    const docId = id.safeParse(params.id);
    const revId = params.rev === undefined ? null : id.safeParse(params.rev);
    if (!docId.success || (revId && !revId.success)) throw errors.missing('Revision');
    const doc = await findDocument(db, docId.data);
    if (!doc) throw errors.missing('Document');
    let tree = workingTree(doc);
    let settings = workingSettings(doc).settings;
    let title = `Current draft: ${doc.title}`;
    if (revId?.success) {
      const revision = await getRevision(db, doc.id, revId.data);
      const stored = await db.selectFrom('document_revisions').select('settings').where('id', '=', revision.id).executeTakeFirst();
      tree = revision.tree;
      // Revisions saved before settings were versioned carry none: the current settings then.
      if (stored?.settings) settings = decodeSettings(doc.id, stored.settings);
      title = `Revision ${revision.version}: ${revision.title}`;
    }
    const html = await renderPage(app, request, {
      title,
      tree,
      page: { id: doc.id, ...settings },
      bodyClass: `page page-revision-preview page-${doc.slug.replace(/[^a-z0-9-]/g, '-')}`,
      seo: { noindex: true },
      scriptless: true,
    });
    return send(reply, html);
  };

  app.get<{ Params: Params }>('/editor/:id/preview/revision/:rev', async (request, reply) => preview(request.params, reply, request));
  app.get<{ Params: Params }>('/editor/:id/preview/draft', async (request, reply) => preview(request.params, reply, request));
}
