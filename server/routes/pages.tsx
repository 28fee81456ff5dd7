import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ElementNode } from '../../react-app/widgets/types';
import { parseJson } from '../services/users';
import { renderPage } from '../render/page';
import { applyStoreRequirement } from '../render/store-requirement';
import { cachedStore } from '../services/content/answers';
import { homepageFor } from '../services/content/homepage';

const loadPage = (app: FastifyInstance, slug: string) =>
  app.db.kysely
    .selectFrom('documents')
    .select(['id', 'title', 'tree', 'settings', 'slug'])
    .where('type', '=', 'page')
    .where('slug', '=', slug)
    .where('status', '=', 'publish')
    .executeTakeFirst();

/** On the home page, a visitor whose store (or store group) has its own home page sees that page, at '/'. */
async function homeFor(app: FastifyInstance, request: FastifyRequest): Promise<string> {
  const store = request.visitor.storeId ? await cachedStore(app, request.visitor.storeId).catch(() => null) : null;
  if (!store) return 'home';
  const url = await homepageFor(app.db.kysely, store);
  return url === '/' ? 'home' : url.slice(1);
}

// Published page documents at their slug; everything else falls through to the 404 page. The page's store
// requirement is applied first (a redirect or a session update, never a reload in the browser).
export async function sendPage(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, slug: string): Promise<boolean> {
  let doc = await loadPage(app, slug);
  if (!doc) return false;
  const settings = parseJson<Record<string, unknown>>(doc.settings, {});
  const outcome = await applyStoreRequirement(app, request, reply, settings);
  if ('redirect' in outcome) {
    reply.header('Cache-Control', 'no-store').redirect(outcome.redirect, 302);
    return true;
  }
  const home = slug === 'home' ? await homeFor(app, request) : slug;
  if (home !== slug) doc = (await loadPage(app, home)) ?? doc;
  const tree = parseJson<ElementNode[]>(doc.tree, []);
  const html = await renderPage(app, request, {
    title: slug === 'home' ? app.siteSettings.name : doc.title,
    tree,
    page: {
      id: doc.id,
      ...(home === slug ? settings : parseJson<Record<string, unknown>>(doc.settings, {})),
      home_url: `/${doc.slug === 'home' ? '' : doc.slug}`,
    },
    bodyClass: `page page-${slug.replace(/[^a-z0-9-]/g, '-')}`,
    notice: outcome.notice,
  });
  reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
  return true;
}

export async function pageRoutes(app: FastifyInstance): Promise<void> {
  app.get('/', { config: { pageCache: true } }, async (request, reply) => {
    if (!(await sendPage(app, request, reply, 'home'))) return reply.callNotFound();
    return reply;
  });
  app.get('/*', { config: { pageCache: true } }, async (request, reply) => {
    const path = decodeURIComponent((request.params as { '*': string })['*'] ?? '').replace(/\/+$/, '');
    if (path.length > 200 || !/^[a-z0-9/_-]+$/i.test(path) || !(await sendPage(app, request, reply, path.toLowerCase())))
      return reply.callNotFound();
    return reply;
  });
}
