import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { box, w } from '../../core/wire/document';
import { renderPage } from '../render/page';
import { applyStoreRequirement } from '../render/store-requirement';
import { SearchPage } from '../render/search-page';
import { search } from '../services/search';
import { shopStore } from '../services/shop-store';
import { loadCircular, loadRecipe, setRequestIslandProps } from '../services/shopper-content';

const slugParam = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,120}$/) });
const searchQuery = z.object({ s: z.string().max(200).optional() });

async function sendHtml(reply: FastifyReply, html: string): Promise<FastifyReply> {
  return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
}

// Shopper pages built from the database: search (?s=), circulars and recipe details. Each content page is an
// element tree with its island, so it renders and hydrates like any page-builder page.
export async function shopperPageRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db.kysely;

  app.get('/search', { config: { pageCache: true } }, async (request, reply) => {
    const parsed = searchQuery.safeParse(request.query ?? {});
    const query = parsed.success ? (parsed.data.s ?? '').trim() : '';
    // The search page disallows the catering and wine stores (docs/behaviour.md): their visitors shop their own store again.
    const page = { store_requirement: 'disallow_special' };
    const outcome = await applyStoreRequirement(app, request, reply, page);
    if ('redirect' in outcome) return reply.header('Cache-Control', 'no-store').redirect(outcome.redirect, 302);
    // Products as the shopper's grocery store sells them (the page cache keys pages by store).
    const results = query ? await search(db, query, (await shopStore(db, request.visitor.storeId, 'grocery')).id) : null;
    return sendHtml(
      reply,
      await renderPage(app, request, {
        title: query ? `Search: ${query}` : 'Search',
        content: <SearchPage results={results} query={query} />,
        bodyClass: 'page page-search',
        page,
        notice: outcome.notice,
      }),
    );
  });

  async function contentPage(request: FastifyRequest, reply: FastifyReply, island: 'circular' | 'recipe') {
    const params = slugParam.safeParse(request.params);
    const props = params.success
      ? await (island === 'circular' ? loadCircular(db, params.data.slug) : loadRecipe(db, params.data.slug))
      : null;
    if (!props) return reply.callNotFound();
    setRequestIslandProps(request, island, props);
    const html = await renderPage(app, request, {
      title: props.title,
      tree: [box(`${island}-page`, [w(`${island}-island`, 'island', { island })])],
      bodyClass: `page page-${island}`,
    });
    return sendHtml(reply, html);
  }

  app.get('/circulars/:slug', { config: { pageCache: true } }, (request, reply) => contentPage(request, reply, 'circular'));
  app.get('/recipes/:slug', { config: { pageCache: true } }, (request, reply) => contentPage(request, reply, 'recipe'));
}
