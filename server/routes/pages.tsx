import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findPublished } from '../services/documents/repository';
import { renderPage } from '../render/page';
import { applyStoreRequirement } from '../render/store-requirement';
import { visitorStore } from '../render/visitor-store';
import { homepageFor } from '../services/content/homepage';
import { readSeo } from '../../core/wire/seo';
import type { ElementNode } from '../../core/wire/document';
import type { ShareImage } from '../render/seo-head';
import { themedBody } from '../render/theme';
import { ARCHIVE_SUBJECTS, type ArchiveSubject } from '../../core/wire/theme';

/** The page's first raster image, its share image when it names none (social networks do not show SVG). */
export function firstImage(tree: ElementNode[]): ShareImage | null {
  for (const node of tree) {
    const img = node.widgetType === 'image' ? (node.settings.image as { url?: unknown; alt?: unknown } | undefined) : undefined;
    if (
      img &&
      typeof img.url === 'string' &&
      /^(\/[^/]|https?:\/\/)/i.test(img.url) &&
      !/\.svg(\?|$)/i.test(img.url) &&
      !img.url.includes('{{')
    )
      return { url: img.url, alt: typeof img.alt === 'string' ? img.alt : undefined };
    const inner = firstImage(node.elements ?? []);
    if (inner) return inner;
  }
  return null;
}

/** On the home page, a visitor whose store (or store group) has its own home page sees that page, at '/'. */
async function homeFor(app: FastifyInstance, request: FastifyRequest): Promise<string> {
  const store = await visitorStore(app, request).catch(() => null);
  if (!store) return 'home';
  const url = await homepageFor(app.db.kysely, store);
  return url === '/' ? 'home' : url.slice(1);
}

// Published page documents at their slug; everything else falls through to the 404 page. The page's store
// requirement is applied first (a redirect or a session update, never a reload in the browser).
export async function sendPage(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, slug: string): Promise<boolean> {
  const requested = await findPublished(app.db.kysely, 'page', slug);
  if (!requested) return false;
  const outcome = await applyStoreRequirement(app, request, reply, requested.settings);
  if ('redirect' in outcome) {
    reply.header('Cache-Control', 'no-store').redirect(outcome.redirect, 302);
    return true;
  }
  const home = slug === 'home' ? await homeFor(app, request) : slug;
  const doc = home !== slug ? ((await findPublished(app.db.kysely, 'page', home)) ?? requested) : requested;
  // The recipes and products listings take an archive template when one applies (docs/editor.md, "Theme builder").
  const archive = (ARCHIVE_SUBJECTS as readonly string[]).includes(doc.slug) ? (doc.slug as ArchiveSubject) : null;
  const themePlace = archive ? { kind: 'archive' as const, slug: archive } : undefined;
  const html = await renderPage(app, request, {
    title: slug === 'home' ? app.siteSettings.name : doc.title,
    tree: themePlace ? (await themedBody(app, request, 'archive', themePlace, doc.tree)).tree : doc.tree,
    themePlace,
    page: { id: doc.id, ...doc.settings, home_url: `/${doc.slug === 'home' ? '' : doc.slug}` },
    bodyClass: `page page-${slug.replace(/[^a-z0-9-]/g, '-')}`,
    notice: outcome.notice,
    seo: { fields: readSeo(doc.settings.seo), image: firstImage(doc.tree), path: slug === 'home' ? '/' : `/${slug}` },
  });
  reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
  return true;
}

export async function pageRoutes(app: FastifyInstance): Promise<void> {
  app.get('/', { config: { pageCache: true } }, async (request, reply) => {
    if (!(await sendPage(app, request, reply, 'home'))) return reply.callNotFound();
    return reply;
  });
  // Typed, not validated: any path is a page or the 404 page (and the SSR hot path pays for no schema).
  app.get<{ Params: { '*'?: string } }>('/*', { config: { pageCache: true } }, async (request, reply) => {
    const path = decodeURIComponent(request.params['*'] ?? '').replace(/\/+$/, '');
    if (path.length > 200 || !/^[a-z0-9/_-]+$/i.test(path) || !(await sendPage(app, request, reply, path.toLowerCase())))
      return reply.callNotFound();
    return reply;
  });
}
