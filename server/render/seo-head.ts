import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../../core/security/escape-html';
import { applyTitleTemplate, DEFAULT_TITLE_TEMPLATE, plainDescription, snippet } from '../../core/seo/rules';
import type { SeoFields } from '../../core/wire/seo';
import type { SiteSettings } from '../../core/config/site-settings';
import { scriptJson } from './site-config';
import { absolute, breadcrumbLd, organizationLd, websiteLd, type Crumb, type JsonLd } from '../services/seo/structured-data';

// What every page's <head> says to search engines and social networks (docs/seo.md): the title from the site's
// template, a meta description (the page's own, its content's, else the site's), the canonical address, robots,
// Open Graph and Twitter cards with absolute URLs from SITE_URL, and the page's JSON-LD.

export interface ShareImage {
  url: string;
  width?: number;
  height?: number;
  alt?: string;
}

export interface PageSeo {
  /** The content's own SEO fields (a page's settings.seo, the seo column of a product, recipe, store or circular). */
  fields?: SeoFields;
  /** A description from the content itself, used when the fields have none. */
  description?: string;
  /** The content's share image (its social card or first image). */
  image?: ShareImage | null;
  type?: 'website' | 'article' | 'product';
  /** The page's own path (its canonical address unless the fields name another); default the request's path. */
  path?: string;
  /** Never indexed, whatever its fields say (search results, admin screens, error pages). */
  noindex?: boolean;
  jsonLd?: JsonLd[];
  /** Home › … › this page; a BreadcrumbList is emitted for every page below the home page. */
  breadcrumbs?: Crumb[];
}

/** The public origin: SITE_URL, else the address this server listens on (never the request's Host header). */
export function siteOrigin(app: FastifyInstance): string {
  if (app.config.siteUrl) return app.config.siteUrl.replace(/\/+$/, '');
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : app.config.port;
  return `http://${app.config.host}:${port}`;
}

const kitText = (site: SiteSettings, key: string): string => (typeof site.kit[key] === 'string' ? (site.kit[key] as string) : '');

/** "Store Locator" from "store/store-locator". */
const nameOfSegment = (segment: string): string => segment.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

/** Breadcrumbs of a plain page from its path, when the page gives none. */
export function pathCrumbs(path: string, title: string): Crumb[] {
  const parts = path.split('/').filter(Boolean);
  if (!parts.length) return [];
  const crumbs: Crumb[] = [{ name: 'Home', path: '/' }];
  parts.forEach((p, i) =>
    crumbs.push({ name: i === parts.length - 1 ? title : nameOfSegment(p), path: `/${parts.slice(0, i + 1).join('/')}` }),
  );
  return crumbs;
}

export interface BuiltHead {
  title: string;
  html: string;
}

export function buildHead(origin: string, site: SiteSettings, pageTitle: string, requestPath: string, seo: PageSeo = {}): BuiltHead {
  const f = seo.fields ?? {};
  const title = applyTitleTemplate(kitText(site, 'seo_title_template') || DEFAULT_TITLE_TEMPLATE, {
    title: f.title?.trim() || pageTitle,
    site: site.name,
  });
  const description = snippet(f.description?.trim() || plainDescription(seo.description ?? '') || kitText(site, 'seo_description'), 300);
  const path = seo.path ?? requestPath;
  const canonical = f.canonical ? absolute(origin, f.canonical) : `${origin}${path}`;
  const robots = [seo.noindex || f.noindex ? 'noindex' : '', f.nofollow ? 'nofollow' : ''].filter(Boolean);
  const image: ShareImage | null = f.og_image
    ? { url: f.og_image }
    : (seo.image ?? (kitText(site, 'seo_share_image') ? { url: kitText(site, 'seo_share_image'), width: 1200, height: 630 } : null));
  const ogTitle = f.og_title?.trim() || f.title?.trim() || pageTitle || site.name;
  const ogDescription = f.og_description?.trim() || description;
  const meta = (attr: 'name' | 'property', key: string, value: string | number | undefined) =>
    value === undefined || value === '' ? '' : `<meta ${attr}="${key}" content="${escapeHtml(String(value))}">`;
  const tags = [
    meta('name', 'description', description),
    robots.length ? meta('name', 'robots', robots.join(', ')) : '',
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    meta('property', 'og:site_name', site.name),
    meta('property', 'og:type', seo.type ?? 'website'),
    meta('property', 'og:title', ogTitle),
    meta('property', 'og:description', ogDescription),
    meta('property', 'og:url', canonical),
    meta('property', 'og:locale', 'en_US'),
    image ? meta('property', 'og:image', absolute(origin, image.url)) : '',
    image?.width ? meta('property', 'og:image:width', image.width) : '',
    image?.height ? meta('property', 'og:image:height', image.height) : '',
    image?.alt ? meta('property', 'og:image:alt', image.alt) : '',
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', ogTitle),
    meta('name', 'twitter:description', ogDescription),
    image ? meta('name', 'twitter:image', absolute(origin, image.url)) : '',
  ];
  const ld: JsonLd[] = [...(seo.jsonLd ?? [])];
  if (path === '/') ld.push(websiteLd(origin, site.name), organizationLd(origin, site.name));
  const crumbs = seo.breadcrumbs ?? pathCrumbs(path, pageTitle);
  if (path !== '/' && crumbs.length > 1) ld.push(breadcrumbLd(origin, crumbs));
  for (const block of ld) tags.push(`<script type="application/ld+json">${scriptJson(block)}</script>`);
  return { title, html: tags.filter(Boolean).join('\n') };
}
