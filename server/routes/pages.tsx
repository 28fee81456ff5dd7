import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findPublished } from '../services/documents/repository';
import { renderPage } from '../render/page';

// Published page documents at their slug; everything else falls through to the 404 page.
export async function sendPage(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, slug: string): Promise<boolean> {
  const doc = await findPublished(app.db.kysely, 'page', slug);
  if (!doc) return false;
  const html = await renderPage(app, request, {
    title: doc.slug === 'home' ? app.siteSettings.name : doc.title,
    tree: doc.tree,
    page: { id: doc.id, ...doc.settings },
    bodyClass: `page page-${doc.slug.replace(/[^a-z0-9-]/g, '-')}`,
  });
  reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
  return true;
}

export async function pageRoutes(app: FastifyInstance): Promise<void> {
  app.get('/', async (request, reply) => {
    if (!(await sendPage(app, request, reply, 'home'))) return reply.callNotFound();
    return reply;
  });
  app.get('/*', async (request, reply) => {
    const path = decodeURIComponent((request.params as { '*': string })['*'] ?? '').replace(/\/+$/, '');
    if (path.length > 200 || !/^[a-z0-9/_-]+$/i.test(path) || !(await sendPage(app, request, reply, path.toLowerCase())))
      return reply.callNotFound();
    return reply;
  });
}
