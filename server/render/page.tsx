import type { FastifyInstance, FastifyRequest } from 'fastify';
import { renderToStaticMarkup } from 'react-dom/server';
import { ElementTree } from '../../react-app/widgets/element';
import type { ElementNode, RenderContext } from '../../react-app/widgets/types';
import { nonceFor, type Visitor } from '../auth/visitor';
import { visitorStore } from './visitor-store';
import { islandImages, loadIslands, serverIslands } from './islands';
import { markPersonal } from './page-cache';
import { fillPersonal, PERSONAL, personalTemplate, withPersonalMarkers } from './personal-parts';
import { isIslandName } from '../../core/wire/islands';
import { ISLAND_HYDRATION } from '../../react-app/islands/hydration';
import { loadChrome } from './chrome';
import { Layout } from './layout';
import { isPopupPreview, loadPopupsFor, renderPopups, slugOfPath, type PopupDocument } from './popups';
import { sanitize } from '../services/sanitize';
import { loadWidgetData } from './widget-data';
import { chunkLinks, pageChunks } from './chunks';
import { prioritizeLcpImage } from './lcp-image';
import { inlineStyle, pageVocabulary, subsetCss } from './page-css';
import { NO_SCRIPT_STYLE } from './no-script';
import { SHOP_ROUTE_SCRIPT } from '../../core/shop/route-mark';
import { appBannerFor, contentSlotsOf, loadContentSlots, SITE_BANNER_SLOT } from './page-model';
import { slotKey } from '../../core/store-layer/content-slot';
import { buildSiteConfig, globalStyleTag, scriptJson } from './site-config';
import { breakpointsOf } from '../../core/config/site-settings';
import type { ReactNode } from 'react';
import { escapeHtml } from '../../core/security/escape-html';
import { nextBlockChange } from '../services/content/blocks';
import { SITE_BANNER_COOKIE } from '../../core/header/site-banner-rules';
import { buildHead, siteOrigin, type PageSeo } from './seo-head';
import { can } from '../services/capabilities';
import { documentRights } from '../services/editorial/policy';
import { mayEdit } from '../../core/wire/editorial';
import { expandForRender } from '../services/global-widgets';
import { expandGlobalWidgets } from '../../core/documents/global-widgets';
import type { ThemePlace } from '../../core/theme/conditions';
import { applyDynamicTags } from './dynamic-tags';
import { isPlainPart, themeTemplate } from './theme';

export interface PageInput {
  title: string;
  /** An element tree (page-builder documents) or ready React content (built-in pages like 404). */
  tree?: ElementNode[];
  content?: ReactNode;
  page?: Record<string, unknown>;
  bodyClass?: string;
  /** Extra app bundles (editor, admin screens) by vite entry name. */
  appEntries?: string[];
  /** false leaves out the runtime boot script (the editor runs its own runtime in edit mode). */
  runtime?: boolean;
  /** A note shown above the content (e.g. the store was switched back by the page's store requirement). */
  notice?: string;
  /** Preview of the site at another moment: content blocks and popups as they will be then. */
  at?: number;
  /** Path whose popups the page carries, when it is not the request's (a preview link). */
  popupPath?: string;
  /** Show the popup explainer (a preview as a shopper). */
  explainPopups?: boolean;
  /** Who the page's nonce is for when `request.visitor` is a simulated one (a preview): the real requester. */
  nonceVisitor?: Visitor;
  /** What the head tells search engines and social networks (server/render/seo-head.ts); defaults for any page. */
  seo?: PageSeo;
  /** No site chrome (header, banners, footer): the full-window editor and its canvas (docs/editor.md). */
  bare?: boolean;
  /** The page's styles without a script or module preload (a sandboxed revision preview, which runs none). */
  scriptless?: boolean;
  /** What this page is, for theme templates' conditions (docs/editor.md); a page document by its path otherwise. */
  themePlace?: ThemePlace;
  /** The product the page shows (a product template): dynamic tags without a product of their own name it. */
  tagProduct?: string;
}

function collectIslands(nodes: ElementNode[], out: Set<string>): Set<string> {
  for (const n of nodes) {
    if (n.widgetType === 'island' && typeof n.settings.island === 'string') out.add(n.settings.island);
    collectIslands(n.elements ?? [], out);
  }
  return out;
}

/** A header or footer template's elements in the place of the site's own (the part widget shows that). */
function themeLocation(location: 'header' | 'footer', id: number, tree: ElementNode[], ctx: RenderContext): ReactNode {
  return (
    <div className={`elementor elementor-location-${location}`} data-elementor-type={location} data-elementor-id={String(id)}>
      <ElementTree elements={tree} ctx={ctx} />
    </div>
  );
}

/** Global widgets in place of their references (a widget that cannot be read renders nothing, never a broken page). */
async function withGlobalWidgets(app: FastifyInstance, request: FastifyRequest, pageInput: PageInput): Promise<PageInput> {
  const own = pageInput.tree;
  if (!own) return pageInput;
  const tree = await expandForRender(app.db.kysely, own, pageInput.at).catch((error: unknown) => {
    request.log.error(error, 'global widgets failed to load');
    return expandGlobalWidgets(own, () => undefined);
  });
  return { ...pageInput, tree };
}

/** The header and footer templates for this page, and their trees when they are more than the plain site part. */
async function themeParts(app: FastifyInstance, request: FastifyRequest, given: PageInput, path: string) {
  const place: ThemePlace = given.themePlace ?? { kind: 'page', slug: slugOfPath(given.popupPath ?? path) };
  const [headerTemplate, footerTemplate] =
    given.runtime === false
      ? [null, null]
      : await Promise.all([themeTemplate(app, request, 'header', place), themeTemplate(app, request, 'footer', place)]);
  const headerTree = headerTemplate && !isPlainPart(headerTemplate.tree, 'theme-site-header') ? headerTemplate.tree : null;
  const footerTree = footerTemplate && !isPlainPart(footerTemplate.tree, 'theme-site-footer') ? footerTemplate.tree : null;
  return { headerTemplate, footerTemplate, headerTree, footerTree };
}

/** The published popups targeting the page; none when they cannot be read (the page still renders). */
function pagePopups(app: FastifyInstance, request: FastifyRequest, slug: string, at?: number): Promise<PopupDocument[]> {
  return loadPopupsFor(app.db.kysely, slug, at).catch((error: unknown) => {
    request.log.error(error, 'popups failed to load');
    return [];
  });
}

/** The popups' markup; none when one fails to render (the page still renders without them). */
function popupMarkup(request: FastifyRequest, popups: PopupDocument[], ctx: RenderContext, at?: number): string {
  try {
    return renderPopups(popups, ctx, at);
  } catch (error) {
    request.log.error(error, 'popups failed to render');
    return '';
  }
}

/**
 * The way into the page builder on a page built with it, for whoever the role manager lets edit pages (a
 * contributor too: it submits for review from there). Roles are part of the signed-in page's audience key
 * (server/render/personal-parts.ts), so the link is never in the page kept for anyone else.
 */
async function editLink(app: FastifyInstance, user: Visitor['user'], input: PageInput): Promise<string | undefined> {
  if (!user || !input.tree || !input.page?.id || !can(user, 'edit_content')) return undefined;
  return mayEdit(await documentRights(app.db.kysely, user), 'page') ? `/editor/${Number(input.page.id)}` : undefined;
}

/** Renders a whole HTML document: chrome, content, site config, runtime boot, islands only when present. */
/**
 * Before anything is painted (and before any stylesheet, which a script would wait for): a deep link to the shop
 * shows its view's skeleton, not the default list (core/shop/route-mark.ts).
 */
const shopRouteMark = (body: string, storeId: number | null): string =>
  body.includes('data-island="shop"') ? `<script data-store="${storeId ?? ''}">${SHOP_ROUTE_SCRIPT}</script>\n` : '';

export async function renderPage(app: FastifyInstance, request: FastifyRequest, pageInput: PageInput): Promise<string> {
  const given = await withGlobalWidgets(app, request, pageInput);
  const visitor = request.visitor;
  // The chrome must render even when the database is down (the 503 page): no store then.
  const store = await visitorStore(app, request).catch(() => null);
  const chrome = await loadChrome(app, request, store);
  const path = request.url.split('?')[0];
  // Header and footer templates (docs/editor.md, "Theme builder"), then every dynamic tag of the page's trees.
  const { headerTemplate, footerTemplate, headerTree, footerTree } = await themeParts(app, request, given, path);
  // Popups targeting this page: their elements render like the page's own (tags, widget data, content slots).
  const popupDocs = given.tree ? await pagePopups(app, request, slugOfPath(given.popupPath ?? path), given.at) : [];
  const [tree, header, footer, ...popupTrees] = await applyDynamicTags(
    app,
    request,
    [given.tree ?? [], headerTree ?? [], footerTree ?? [], ...popupDocs.map((p) => p.tree)],
    { store, pageProduct: given.tagProduct },
  );
  const popupList = popupDocs.map((p, i) => ({ ...p, tree: popupTrees[i] }));
  const input: PageInput = { ...given, tree: given.tree && tree };
  const islands = input.tree ? collectIslands(input.tree, new Set()) : new Set<string>();
  const data: Record<string, unknown> = {};
  const islandSlots = await loadIslands(app, request, [...islands].filter(isIslandName));
  // The header and footer templates' widgets load their data and content slots as the page's own do.
  const chromeTrees = [...header, ...footer, ...popupList.flatMap((p) => p.tree)];
  const withChrome = input.tree ? [...input.tree, ...chromeTrees] : chromeTrees.length ? chromeTrees : undefined;
  if (withChrome) await loadWidgetData(app, request, withChrome, data);
  // Content slots (site banner + content widgets) for this store and audience, so the first view is complete.
  const contentBlockIds = new Map<string, number>();
  const content = await loadContentSlots(
    app,
    request,
    store,
    withChrome ? contentSlotsOf(withChrome) : [SITE_BANNER_SLOT],
    input.at,
    contentBlockIds,
  );
  const site = app.siteSettings;
  const ctx: RenderContext = {
    sanitizeHtml: sanitize,
    isEdit: false,
    data,
    content,
    contentBlockIds,
    islands: islandSlots,
    breakpoints: breakpointsOf(site.kit),
  };
  const nonce = nonceFor(app.nonceSecret, input.nonceVisitor ?? visitor);
  const config = buildSiteConfig({ assets: app.assets, site, visitor, nonce, store, page: input.page ?? {}, version: app.config.version });
  // A signed-in page is rendered with markers for its personal parts (kept as the audience's shared page by
  // the page cache) and filled for this visitor; an island holding the visitor's own data keeps it out.
  const user = visitor.user;
  if (user && [...islands].some((name) => isIslandName(name) && serverIslands[name].personal)) markPersonal(request);
  // Popups targeting this page, rendered hidden after the content; editors preview them with an explainer.
  const popups = popupMarkup(request, popupList, ctx, input.at);
  if (popups && (input.explainPopups || isPopupPreview(request.query, visitor.user?.roles))) config.environmentMode.wpPreview = true;
  const editUrl = await editLink(app, user, input);
  const markup = input.bare
    ? renderToStaticMarkup(<>{input.content}</>)
    : renderToStaticMarkup(
        <Layout
          title={input.title}
          siteName={site.name}
          user={user && { ...user, name: PERSONAL.name }}
          store={store}
          currentPath={path}
          banner={content.get(slotKey(SITE_BANNER_SLOT))}
          bannerDismissed={request.cookies[SITE_BANNER_COOKIE]}
          bannerNext={input.at === undefined ? await nextBlockChange(app.db.kysely, 'site-banner').catch(() => null) : null}
          appBannerLink={input.runtime === false ? null : appBannerFor(app, request)}
          primaryColor={site.primaryColor}
          notice={input.notice}
          editUrl={editUrl}
          renderHeader={
            headerTree ? (part) => themeLocation('header', headerTemplate!.id, header, { ...ctx, theme: { header: part } }) : undefined
          }
          renderFooter={
            footerTree ? (part) => themeLocation('footer', footerTemplate!.id, footer, { ...ctx, theme: { footer: part } }) : undefined
          }
          {...chrome}
        >
          {input.tree ? (
            <div className="elementor" data-elementor-type="wp-page" data-elementor-id={String(input.page?.id ?? '')}>
              <ElementTree elements={input.tree} ctx={input.content ? { ...ctx, theme: { content: input.content } } : ctx} />
            </div>
          ) : (
            input.content
          )}
        </Layout>,
      );
  const body = prioritizeLcpImage(markup);
  const hasIslands = body.includes('data-island=');
  const scripts = input.runtime === false ? [] : [`<script type="module" src="${app.assets.bootUrl}"></script>`];
  const q = request.url.indexOf('?');
  const chunks = input.runtime === false ? [] : pageChunks(input.tree, body + popups, q < 0 ? '' : request.url.slice(q));
  // A page of the site inlines the rules of the site stylesheet it can use (server/render/page-css.ts): no
  // stylesheet request before the first paint. The editor and admin screens render what they like: the whole file.
  const rules = input.runtime !== false && !input.appEntries?.length ? app.assets.cssRules : null;
  const styles = [
    rules
      ? inlineStyle('site-css', subsetCss(rules, pageVocabulary(rules, body + popups, chunks)))
      : `<link rel="stylesheet" href="${app.assets.siteCss.url}">`,
    globalStyleTag(site),
  ];
  if (input.runtime !== false) {
    // Every chunk this page needs: its stylesheet in the head, its module preloaded beside boot.
    const links = chunkLinks(app.assets, chunks);
    styles.push(...links.styles, NO_SCRIPT_STYLE);
    scripts.push(...links.preloads);
  }
  if (hasIslands && app.assets.islandsUrl) {
    scripts.push(`<script type="module" src="${app.assets.islandsUrl}"></script>`);
    const atOnce = [...islands].filter((name) => isIslandName(name) && ISLAND_HYDRATION[name] === 'load');
    for (const url of app.assets.islandPreloads(atOnce)) scripts.push(`<link rel="modulepreload" href="${url}">`);
    // The image an island's first view shows first is fetched with the document, not once the island has rendered.
    for (const src of islandImages(islandSlots))
      scripts.push(`<link rel="preload" as="image" href="${escapeHtml(src)}" fetchpriority="high">`);
  }
  for (const entry of input.appEntries ?? []) {
    const built = app.assets.appEntry(entry);
    if (!built) continue;
    scripts.push(`<script type="module" src="${built.js}"></script>`);
    for (const css of built.css) styles.push(`<link rel="stylesheet" href="${css}">`);
  }
  const head = buildHead(siteOrigin(app), site, input.title, path, {
    ...input.seo,
    // Screens for editors and staff and previews are never for search engines.
    noindex: input.seo?.noindex || input.runtime === false || input.at !== undefined || input.explainPopups,
  });
  const html = `<!doctype html>
<html lang="en"${config.is_rtl ? ' dir="rtl"' : ''}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(head.title)}</title>
${input.runtime !== false && !input.scriptless ? shopRouteMark(body, visitor.storeId) : ''}${head.html}
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<meta name="theme-color" content="${escapeHtml(site.primaryColor)}">
${styles.join('\n')}
<script type="application/json" id="site-config">${scriptJson(user ? withPersonalMarkers(config) : config)}</script>
${(input.scriptless ? scripts.filter((tag) => !tag.startsWith('<script') && !tag.includes('modulepreload')) : scripts).join('\n')}
</head>
<body class="${escapeHtml(input.bodyClass ?? 'page')}">
${body}${popups}
</body>
</html>`;
  if (!user) return html;
  request.pageTemplate = personalTemplate(html);
  return fillPersonal(app, request.pageTemplate, { ...visitor, user }, input.nonceVisitor);
}
