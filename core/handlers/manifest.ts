import { HandlerRegistry, type HandlerEntry } from './registry';
import type { Settings } from './base';
import { isImageUrl } from './lightbox/rules';

// Which chunk handles which widget. Kept tiny: it ships in the boot bundle on every page.
const has = (s: Settings, key: string): boolean => s[key] !== undefined && s[key] !== '' && s[key] !== 'none';
const isSticky = (s: Settings): boolean => s.sticky === 'top' || s.sticky === 'bottom';
const animated = (s: Settings): boolean => !!(s._animation || s.animation);
const lightboxLink = (_s: Settings, a: HTMLElement | null): boolean =>
  !!a && (a.hasAttribute('data-elementor-lightbox-video') || isImageUrl(a.getAttribute('href') ?? ''));
/** Page-level behaviours any element may switch on through its settings. */
const onElements = (chunk: string, when: HandlerEntry['when'], nearViewport?: boolean): HandlerEntry[] =>
  ['container', 'section', 'widget'].map((element) => ({ element, chunk, when, nearViewport }));
/** Behaviours that only matter once seen: they connect when their element comes near the viewport. */
const seen = { nearViewport: true };
/** Nothing to see (the vitals beacon, add-to-cart attribution): loaded and connected once the browser is idle. */
const later = { idle: true };

// One entry per line, so features add lines without touching each other's.
export function defaultRegistry(): HandlerRegistry {
  const registry = new HandlerRegistry();
  for (const entry of [
    // Swiper's start lays its carousel out (the longest connect on a phone): one below the fold starts on its way in.
    { widget: 'image-carousel', chunk: 'carousel', ...seen },
    { selector: 'dialog.e-popup', chunk: 'popups' },
    { selector: 'dialog.e-popup', chunk: 'content-measure' },
    { widget: 'loop-grid', chunk: 'loop-grid' },
    { widget: 'taxonomy-filter', chunk: 'taxonomy-filter' },
    { element: 'container', chunk: 'stretch', when: (s: Settings) => s.stretch_element === 'yes' },
    { element: 'section', chunk: 'stretch', when: (s: Settings) => s.stretch_element === 'yes' },
    ...onElements('motion', animated, true),
    ...onElements('sticky', isSticky),
    ...onElements('anchors', (s) => isSticky(s) && has(s, 'sticky_anchor_link_offset')),
    // Any image or video link (rich text, carousel slides, image widgets) unless it says no: the
    // kit's global image lightbox open links that carry no setting of their own.
    { selector: 'a[href]:not([data-elementor-open-lightbox="no"]):not([download])', chunk: 'lightbox', when: lightboxLink },
    { selector: 'a[href*="#elementor-action"]', chunk: 'link-actions' },
    { widget: 'accordion', chunk: 'accordion', ...seen },
    { widget: 'nested-accordion', chunk: 'nested-accordion', ...seen },
    { widget: 'toggle', chunk: 'toggle', ...seen },
    { widget: 'tabs', chunk: 'tabs', ...seen },
    { widget: 'nested-tabs', chunk: 'nested-tabs', ...seen },
    { widget: 'counter', chunk: 'counter', ...seen },
    { widget: 'progress', chunk: 'progress', ...seen },
    { widget: 'alert', chunk: 'alert' },
    { widget: 'countdown', chunk: 'countdown' },
    { widget: 'video', chunk: 'video' },
    { widget: 'audio', chunk: 'audio' },
    { widget: 'gallery', chunk: 'gallery', ...seen },
    { widget: 'slides', chunk: 'slides', ...seen },
    { widget: 'text-path', chunk: 'text-path', ...seen },
    { widget: 'contact-buttons', chunk: 'contact-buttons' },
    { widget: 'floating-bars', chunk: 'floating-bars' },
    { widget: 'off-canvas', chunk: 'off-canvas' },
    { selector: 'body', chunk: 'template-preview', when: () => location.search.includes('template_preview=') },
    { selector: '[data-site-header]', chunk: 'header' },
    { selector: '[data-site-header]', chunk: 'store-layer' },
    { selector: 'body', chunk: 'vitals', ...later },
    { selector: '[data-header-cart]', chunk: 'header-cart' },
    { selector: '[data-header-cart]', chunk: 'cart-attribution', ...later },
    { selector: '[data-header-pickup]', chunk: 'header-pickup', ...later },
    { selector: '#site-search-input', chunk: 'search-suggest', ...later },
    { selector: '.freshop-content[data-block-id]', chunk: 'block-measure' },
  ])
    registry.register(entry);
  return registry;
}
