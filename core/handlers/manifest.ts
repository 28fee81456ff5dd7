import { HandlerRegistry } from './registry';

// Which chunk handles which widget. Kept tiny: it ships in the boot bundle on every page.
export function defaultRegistry(): HandlerRegistry {
  return new HandlerRegistry()
    .register({ widget: 'image-carousel', chunk: 'carousel' })
    .register({ selector: '[data-site-header]', chunk: 'header' })
    .register({ selector: '[data-site-header]', chunk: 'store-layer' });
}
