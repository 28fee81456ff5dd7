import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ElementNode } from '../../react-app/widgets/types';
import { parseJson } from '../services/users';
import { renderPage } from '../render/page';

// Published page documents at their slug; everything else falls through to the 404 page.
export async function sendPage(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, slug: string): Promise<boolean> {
  const doc = await app.db.kysely
    .selectFrom('documents')
    .select(['id', 'title', 'tree', 'settings', 'slug'])
    .where('type', '=', 'page')
    .where('slug', '=', slug)
    .where('status', '=', 'publish')
    .executeTakeFirst();
  if (!doc) return false;
  const tree = parseJson<ElementNode[]>(doc.tree, []);
  const html = await renderPage(app, request, {
    title: doc.slug === 'home' ? app.siteSettings.name : doc.title,
    tree,
    page: { id: doc.id, ...parseJson<Record<string, unknown>>(doc.settings, {}) },
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
