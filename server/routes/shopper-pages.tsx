import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { box, w } from '../../core/wire/document';
import { renderPage } from '../render/page';
import { applyStoreRequirement } from '../render/store-requirement';
import { SearchPage } from '../render/search-page';
import { search } from '../services/search';
import { shopStore } from '../services/shop-store';
import { loadCircular, loadRecipe, setRequestIslandProps } from '../services/shopper-content';
import { siteOrigin, type PageSeo } from '../render/seo-head';
import { circularSeo, recipeSeo } from '../services/seo/content-seo';
import { recipeLd } from '../services/seo/structured-data';
import { themedBody } from '../render/theme';

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
        // Search results are not pages of their own for search engines (docs/seo.md).
        seo: { noindex: true, path: '/search' },
      }),
    );
  });

  async function contentPage(request: FastifyRequest, reply: FastifyReply, island: 'circular' | 'recipe') {
    const params = slugParam.safeParse(request.params);
    const slug = params.success ? params.data.slug : '';
    // Drafts are not public (docs/seo.md): only a published recipe or circular has a page.
    // The circular at the shopper's grocery store (the page cache keys pages by store).
    const storeId = (await shopStore(db, request.visitor.storeId, 'grocery')).id;
    const seo = !slug ? null : island === 'circular' ? await circularPageSeo(slug, storeId) : await recipePageSeo(slug);
    const props = seo ? await (island === 'circular' ? loadCircular(db, slug, storeId) : loadRecipe(db, slug)) : null;
    if (!props || !seo) return reply.callNotFound();
    setRequestIslandProps(request, island, props);
    const own = [box(`${island}page`, [w(`${island}island`, 'island', { island })])];
    // A recipe template (docs/editor.md, "Theme builder") builds a recipe's body; its URL, cache and JSON-LD stay.
    const place = island === 'recipe' ? { kind: 'recipe' as const, slug } : null;
    const html = await renderPage(app, request, {
      title: props.title,
      tree: place ? (await themedBody(app, request, 'single', place, own)).tree : own,
      themePlace: place ?? undefined,
      bodyClass: `page page-${island}`,
      seo,
    });
    return sendHtml(reply, html);
  }

  async function recipePageSeo(slug: string): Promise<PageSeo | null> {
    const r = await recipeSeo(db, slug);
    if (!r) return null;
    return {
      fields: r.fields,
      description: r.facts.summary,
      image: { url: r.card, width: 1200, height: 630, alt: r.facts.title },
      type: 'article',
      path: r.facts.path,
      jsonLd: [recipeLd(siteOrigin(app), r.facts)],
      breadcrumbs: [
        { name: 'Home', path: '/' },
        { name: 'Recipes', path: '/recipes' },
        { name: r.facts.title, path: r.facts.path },
      ],
    };
  }

  async function circularPageSeo(slug: string, storeId: number): Promise<PageSeo | null> {
    const c = await circularSeo(db, slug);
    const props = c && (await loadCircular(db, slug, storeId));
    if (!c || !props) return null;
    return {
      fields: c.fields,
      description: `${props.title}: ${props.dateLine}. ${props.items.length} deals this week at ${app.siteSettings.name}.`,
      image: { url: `/media/social/circulars/${c.id}.png`, width: 1200, height: 630, alt: props.title },
      path: `/circulars/${slug}`,
      breadcrumbs: [
        { name: 'Home', path: '/' },
        { name: props.title, path: `/circulars/${slug}` },
      ],
    };
  }

  app.get('/circulars/:slug', { config: { pageCache: true } }, (request, reply) => contentPage(request, reply, 'circular'));
  app.get('/recipes/:slug', { config: { pageCache: true } }, (request, reply) => contentPage(request, reply, 'recipe'));
}
