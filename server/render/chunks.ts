import { defaultRegistry } from '../../core/handlers/manifest';
import { isImageUrl } from '../../core/handlers/lightbox/rules';
import type { ElementNode } from '../../react-app/widgets/types';
import { widgets } from '../../react-app/widgets';
import { widgetHandlerLines } from '../../react-app/widgets/handler-lines';
import type { Assets } from './assets';

// The runtime chunks a page needs, known before it is sent: the chunk of every element whose registry entry
// matches its settings, the header and store layer on every page with the site chrome, and the page-level
// behaviours its markup uses. Their stylesheets go in the head (so nothing is laid out twice) and the modules
// of those boot connects at once are announced with <link rel="modulepreload"> (so they load beside boot, not
// after it).

const registry = defaultRegistry(widgetHandlerLines(widgets));

function walk(nodes: ElementNode[], out: Set<string>): Set<string> {
  for (const n of nodes) {
    for (const e of registry.matching(n.elType, n.widgetType, n.settings ?? {})) out.add(e.chunk);
    walk(n.elements ?? [], out);
  }
  return out;
}

/** Whether the markup has a link the lightbox chunk takes (an image or a flagged video, not opted out). */
function hasLightboxLink(html: string): boolean {
  for (const [tag] of html.matchAll(/<a\s[^>]*>/g)) {
    if (tag.includes('data-elementor-open-lightbox="no"') || /\sdownload[\s=>]/.test(tag)) continue;
    if (tag.includes('data-elementor-lightbox-video')) return true;
    const href = /\shref="([^"]*)"/.exec(tag)?.[1];
    if (href && isImageUrl(href.replace(/&amp;/g, '&'))) return true;
  }
  return false;
}

/** Chunks for the tree and the rendered html (popups, link actions, lightbox links, template preview). */
export function pageChunks(tree: ElementNode[] | undefined, html: string, search: string): string[] {
  const chunks = walk(tree ?? [], new Set<string>());
  if (html.includes('data-site-header')) chunks.add('header').add('store-layer').add('vitals');
  if (html.includes('data-header-cart')) chunks.add('header-cart').add('cart-attribution');
  if (html.includes('data-block-id=')) chunks.add('block-measure');
  if (html.includes('class="e-popup')) chunks.add('popups').add('content-measure');
  if (html.includes('#elementor-action')) chunks.add('link-actions');
  if (hasLightboxLink(html)) chunks.add('lightbox');
  if (search.includes('template_preview=')) chunks.add('template-preview');
  return [...chunks].sort();
}

// Chunks whose stylesheet styles only what the chunk builds on demand (PhotoSwipe's overlay, made on the first
// open): the runtime links it when the chunk loads (core/runtime.ts), and the first paint does not wait for it.
const ON_DEMAND_STYLES = new Set(['lightbox']);

/** A chunk stylesheet inlined in the head; `data-href` names the file, so the runtime does not link it again. */
const inlineChunkStyle = (file: string, css: string): string =>
  `<style data-href="${file}">${css.replace(/<\/(style)/gi, '<\\/$1')}</style>`;

/**
 * The head's tags: chunk stylesheets inlined (a linked one held the first paint for a round trip: Swiper's four
 * on every page with a carousel) and module preloads (boot's imports and each chunk's). The chunks
 * that connect only once the browser is idle (vitals, add-to-cart attribution) are not preloaded: the browser
 * takes in each module file in a task of its own, and those came between the files boot waits for (after
 * DOMContentLoaded on a busy machine); they are imported at idle.
 */
export function chunkLinks(assets: Assets, chunks: string[]): { styles: string[]; preloads: string[] } {
  const css = new Set<string>();
  const modules = new Set<string>(assets.runtimeClosure(assets.runtime.boot).slice(1));
  for (const chunk of chunks) {
    if (!ON_DEMAND_STYLES.has(chunk)) for (const file of assets.runtime.chunkStyles[chunk] ?? []) css.add(file);
    const file = assets.runtime.chunks[chunk];
    if (file && registry.connectsAtOnce(chunk)) for (const f of assets.runtimeClosure(file)) modules.add(f);
  }
  return {
    styles: [...css].map((f) => {
      const text = assets.runtimeCss(f);
      return text === null ? `<link rel="stylesheet" href="/assets/runtime/${f}">` : inlineChunkStyle(f, text);
    }),
    preloads: [...modules].map((f) => `<link rel="modulepreload" href="/assets/runtime/${f}">`),
  };
}
