import { HandlerRegistry } from './registry';
import type { Settings } from './base';
import { isImageUrl } from './lightbox/rules';

// Which chunk handles which widget. Kept tiny: it ships in the boot bundle on every page.
const has = (s: Settings, ...keys: string[]): boolean => keys.some((k) => s[k] !== undefined && s[k] !== '' && s[k] !== 'none');
const isSticky = (s: Settings): boolean => s.sticky === 'top' || s.sticky === 'bottom';
const WIDGET_CHUNKS = ['accordion', 'nested-accordion', 'toggle', 'tabs', 'nested-tabs', 'counter', 'progress', 'alert', 'countdown', 'video', 'audio', 'gallery', 'slides', 'text-path', 'contact-buttons', 'floating-bars', 'off-canvas'];

export function defaultRegistry(): HandlerRegistry {
  const r = new HandlerRegistry().register({ widget: 'image-carousel', chunk: 'carousel' });
  for (const element of ['container', 'section']) r.register({ element, chunk: 'stretch', when: (s) => s.stretch_element === 'yes' });
  for (const element of ['container', 'section', 'widget']) {
    r.register({ element, chunk: 'motion', when: (s) => !!(s._animation || s.animation) });
    r.register({ element, chunk: 'sticky', when: isSticky });
    r.register({ element, chunk: 'anchors', when: (s) => isSticky(s) && has(s, 'sticky_anchor_link_offset') });
  }
  r.register({
    selector: 'a[data-elementor-open-lightbox]:not([data-elementor-open-lightbox="no"])',
    chunk: 'lightbox',
    when: (_s, a) => a.hasAttribute('data-elementor-lightbox-video') || isImageUrl(a.getAttribute('href') ?? ''),
  });
  r.register({ selector: 'a[href*="#elementor-action"]', chunk: 'link-actions' });
  r.register({ selector: 'dialog.e-popup', chunk: 'popups' });
  for (const widget of WIDGET_CHUNKS) r.register({ widget, chunk: widget });
  return r;
}
