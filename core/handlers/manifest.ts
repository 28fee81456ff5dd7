import { HandlerRegistry } from './registry';

// Which chunk handles which widget. Kept tiny: it ships in the boot bundle on every page.
// One entry per line, so features add lines without touching each other's.
export function defaultRegistry(): HandlerRegistry {
  const registry = new HandlerRegistry();
  for (const entry of [
    { widget: 'image-carousel', chunk: 'carousel' },
    { selector: 'dialog.e-popup', chunk: 'popups' },
    { widget: 'loop-grid', chunk: 'loop-grid' },
    { widget: 'taxonomy-filter', chunk: 'taxonomy-filter' },
    { selector: '[data-site-header]', chunk: 'header' },
    { selector: '[data-site-header]', chunk: 'store-layer' },
  ]) registry.register(entry);
  return registry;
}
