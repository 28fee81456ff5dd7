import { HandlerRegistry, type HandlerEntry } from './registry';
import type { Settings } from './base';
import { isImageUrl } from './lightbox/rules';

// Which chunk handles which element. Kept tiny: it ships in the boot bundle on every page. The lines of widgets
// come from their folders (react-app/widgets/<folder>/, each definition's `behaviour`): boot gets them written in
// by the runtime build (the `virtual:widget-handlers` module), the server and the editor from the definitions.
const has = (s: Settings, key: string): boolean => s[key] !== undefined && s[key] !== '' && s[key] !== 'none';
const isSticky = (s: Settings): boolean => s.sticky === 'top' || s.sticky === 'bottom';
const animated = (s: Settings): boolean => !!(s._animation || s.animation);
const lightboxLink = (_s: Settings, a: HTMLElement | null): boolean =>
  !!a && (a.hasAttribute('data-elementor-lightbox-video') || isImageUrl(a.getAttribute('href') ?? ''));
/** Page-level behaviours any element may switch on through its settings. */
const onElements = (chunk: string, when: HandlerEntry['when'], nearViewport?: boolean): HandlerEntry[] =>
  ['container', 'section', 'widget'].map((element) => ({ element, chunk, when, nearViewport }));
/** Nothing to see (the vitals beacon, add-to-cart attribution): loaded and connected once the browser is idle. */
const later = { idle: true };

// One entry per line, so features add lines without touching each other's.
export function defaultRegistry(widgetLines: readonly HandlerEntry[]): HandlerRegistry {
  const registry = new HandlerRegistry();
  for (const entry of [
    ...widgetLines,
    { selector: 'dialog.e-popup', chunk: 'popups' },
    { selector: 'dialog.e-popup', chunk: 'content-measure' },
    { element: 'container', chunk: 'stretch', when: (s: Settings) => s.stretch_element === 'yes' },
    { element: 'section', chunk: 'stretch', when: (s: Settings) => s.stretch_element === 'yes' },
    ...onElements('motion', animated, true),
    ...onElements('sticky', isSticky),
    ...onElements('anchors', (s) => isSticky(s) && has(s, 'sticky_anchor_link_offset')),
    // Any image or video link (rich text, carousel slides, image widgets) unless it says no: the
    // kit's global image lightbox open links that carry no setting of their own.
    { selector: 'a[href]:not([data-elementor-open-lightbox="no"]):not([download])', chunk: 'lightbox', when: lightboxLink },
    { selector: 'a[href*="#elementor-action"]', chunk: 'link-actions' },
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
