import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { live } from '../documents/repository';
import { readSeo } from '../../../core/wire/seo';
import { CHAIN_TIME_ZONE, storeDay } from '../../../core/shop/store-day';

// The XML sitemaps (docs/seo.md): one per kind of content, each listing only what a visitor can open now and a
// search engine may index: published (and already live, if scheduled), not trashed, not marked noindex, not
// pointing its canonical elsewhere. lastmod is the row's own change time (left out when unknown).

export const SITEMAP_KINDS = ['pages', 'recipes', 'stores', 'circulars', 'products'] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];
/** The sitemap protocol's limit per file; a larger kind is split into numbered parts. */
export const SITEMAP_LIMIT = 50_000;

export interface SitemapEntry {
  path: string;
  lastmod: number | null;
}

/** Indexable: not noindex, and canonical to itself (a page pointing elsewhere is that page's duplicate). */
function indexable(seoJson: unknown, path: string): boolean {
  const seo = readSeo(seoJson);
  if (seo.noindex) return false;
  if (!seo.canonical) return true;
  const canonical = seo.canonical.replace(/^https?:\/\/[^/]+/i, '') || '/';
  return canonical === path;
}

const stamp = (ms: number | string | null | undefined): number | null => (ms && Number(ms) > 0 ? Number(ms) : null);

export async function sitemapEntries(db: Kysely<Database>, kind: SitemapKind, now = Date.now()): Promise<SitemapEntry[]> {
  const out: SitemapEntry[] = [];
  if (kind === 'pages') {
    const rows = await db
      .selectFrom('documents')
      .select(['slug', 'settings', 'updated_at', 'published_at', 'publish_at'])
      .where('type', '=', 'page')
      .where(live(now))
      .orderBy('id')
      .execute();
    for (const r of rows) {
      let settings: Record<string, unknown>;
      try {
        settings = JSON.parse(r.settings || '{}') as Record<string, unknown>;
      } catch {
        continue; // a corrupt page does not render either
      }
      const path = r.slug === 'home' ? '/' : `/${r.slug}`;
      // A page drafted after publishing has not changed for visitors: its publish time is its change time.
      if (indexable(settings.seo, path)) out.push({ path, lastmod: stamp(r.published_at) ?? stamp(r.publish_at) ?? stamp(r.updated_at) });
    }
    return out;
  }
  if (kind === 'recipes') {
    const rows = await db
      .selectFrom('recipes')
      .select(['slug', 'seo', 'updated_at'])
      .where('status', '=', 'publish')
      .orderBy('id')
      .execute();
    for (const r of rows)
      if (indexable(r.seo, `/recipes/${r.slug}`)) out.push({ path: `/recipes/${r.slug}`, lastmod: stamp(r.updated_at) });
    return out;
  }
  if (kind === 'stores') {
    const rows = await db.selectFrom('stores').select(['slug', 'seo', 'updated_at']).orderBy('id').execute();
    for (const r of rows) if (indexable(r.seo, `/stores/${r.slug}`)) out.push({ path: `/stores/${r.slug}`, lastmod: stamp(r.updated_at) });
    return out;
  }
  if (kind === 'circulars') {
    // Running today (the store's day): an ad that ended yesterday or starts next week is not listed.
    const today = storeDay(new Date(now), CHAIN_TIME_ZONE);
    const rows = await db
      .selectFrom('circulars')
      .select(['slug', 'seo', 'updated_at'])
      .where('status', '=', 'publish')
      .where('start_date', '<=', today)
      .where('end_date', '>=', today)
      .orderBy('id')
      .execute();
    for (const r of rows)
      if (indexable(r.seo, `/circulars/${r.slug}`)) out.push({ path: `/circulars/${r.slug}`, lastmod: stamp(r.updated_at) });
    return out;
  }
  const rows = await db.selectFrom('products').select(['slug', 'seo', 'updated_at']).where('active', '=', 1).orderBy('id').execute();
  for (const r of rows)
    if (indexable(r.seo, `/products/${r.slug}`)) out.push({ path: `/products/${r.slug}`, lastmod: stamp(r.updated_at) });
  return out;
}

/** The entries in parts of at most `limit`. */
export function splitSitemap<T>(entries: T[], limit = SITEMAP_LIMIT): T[][] {
  const parts: T[][] = [];
  for (let i = 0; i < entries.length; i += limit) parts.push(entries.slice(i, i + limit));
  return parts;
}

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (text: string): string => text.replace(/[&<>"']/g, (c) => XML_ENTITIES[c]);
const iso = (ms: number) => new Date(ms).toISOString();
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export function urlsetXml(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map(
    (e) => `<url><loc>${escapeXml(origin + e.path)}</loc>${e.lastmod ? `<lastmod>${iso(e.lastmod)}</lastmod>` : ''}</url>`,
  );
  return `${XML_HEAD}<urlset xmlns="${NS}">\n${urls.join('\n')}\n</urlset>\n`;
}

export function indexXml(origin: string, parts: Array<{ path: string; lastmod: number | null }>): string {
  const items = parts.map(
    (p) => `<sitemap><loc>${escapeXml(origin + p.path)}</loc>${p.lastmod ? `<lastmod>${iso(p.lastmod)}</lastmod>` : ''}</sitemap>`,
  );
  return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${items.join('\n')}\n</sitemapindex>\n`;
}

/** robots.txt: crawlers kept out of the cart, account, previews, sign-in and the back office; the sitemap index named. */
export function robotsTxt(origin: string): string {
  const disallow = [
    '/admin',
    '/editor/',
    '/login',
    '/preview/',
    '/*?preview=',
    '/*&preview=',
    '/staff/',
    '/cart',
    '/account',
    '/checkout',
    '/api/shop/v1/cart',
    '/api/shop/v1/account',
    '/api/shop/v1/orders',
    '/api/shop/v1/lists',
    '/api/shop/v1/session',
    '/api/shop/v1/favorites',
    '/wp-json/',
    '/__test/',
  ];
  return ['User-agent: *', ...disallow.map((d) => `Disallow: ${d}`), 'Allow: /', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
