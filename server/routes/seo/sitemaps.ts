import type { FastifyInstance, FastifyReply } from 'fastify';
import { nextScheduledChange, pageCacheVersion } from '../../render/page-cache';
import { siteOrigin } from '../../render/seo-head';
import { firstDayEnds } from '../../../core/shop/store-day';
import { storeTimeZones } from '../../services/stores';
import {
  indexXml,
  robotsTxt,
  SITEMAP_KINDS,
  SITEMAP_LIMIT,
  sitemapEntries,
  splitSitemap,
  urlsetXml,
  type SitemapEntry,
  type SitemapKind,
} from '../../services/seo/sitemap';

// robots.txt, the sitemap index (/sitemap.xml) and one sitemap per kind (/sitemaps/{kind}-{n}.xml), answered from
// this server's cache while nothing they list has changed: the page-cache version (bumped by every write to
// the content tables) and the next scheduled publish, unpublish or store midnight (circulars start and end then).

const MAX_AGE_MS = 10 * 60_000;

export async function sitemapRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db.kysely;
  let cache: { version: string; until: number; parts: Map<SitemapKind, SitemapEntry[][]> } | null = null;

  async function parts(reply: FastifyReply): Promise<Map<SitemapKind, SitemapEntry[][]>> {
    const now = Date.now();
    const version = await pageCacheVersion(app);
    const hit = cache && cache.version === version && now < cache.until;
    reply.header('X-Sitemap-Cache', hit ? 'hit' : 'miss');
    if (cache && hit) return cache.parts;
    const built = new Map<SitemapKind, SitemapEntry[][]>();
    for (const kind of SITEMAP_KINDS) built.set(kind, splitSitemap(await sitemapEntries(db, kind, now), SITEMAP_LIMIT));
    const until = Math.min(now + MAX_AGE_MS, await nextScheduledChange(app, now), firstDayEnds(now, await storeTimeZones(db)));
    cache = { version, until, parts: built };
    return built;
  }

  const xml = (reply: FastifyReply, body: string) =>
    reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=300').send(body);

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(robotsTxt(siteOrigin(app))),
  );

  app.get('/sitemap.xml', async (_request, reply) => {
    const list: Array<{ path: string; lastmod: number | null }> = [];
    for (const [kind, chunks] of await parts(reply))
      chunks.forEach((entries, i) => {
        const lastmod = entries.reduce<number | null>((m, e) => (e.lastmod && (!m || e.lastmod > m) ? e.lastmod : m), null);
        list.push({ path: `/sitemaps/${kind}-${i + 1}.xml`, lastmod });
      });
    return xml(reply, indexXml(siteOrigin(app), list));
  });

  // Typed, not validated: a name that is no sitemap is a 404.
  app.get<{ Params: { file: string } }>('/sitemaps/:file', async (request, reply) => {
    const m = /^([a-z]+)-(\d{1,6})\.xml$/.exec(request.params.file);
    const kind = m && (SITEMAP_KINDS as readonly string[]).includes(m[1]) ? (m[1] as SitemapKind) : null;
    const entries = kind ? (await parts(reply)).get(kind)?.[Number(m![2]) - 1] : undefined;
    if (!entries) return reply.callNotFound();
    return xml(reply, urlsetXml(siteOrigin(app), entries));
  });
}
