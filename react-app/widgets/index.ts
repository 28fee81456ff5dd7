import * as registered from './registry';
import type { WidgetDefinition } from './types';

/**
 * The editor panel's order: the page builder's basics first, as editors know them. A widget not named here (a new
 * folder needs only its registry line) comes after these, by title.
 */
const PANEL_ORDER = [
  'heading',
  'text-editor',
  'image',
  'image-carousel',
  'island',
  'loop-grid',
  'taxonomy-filter',
  'accordion',
  'nested-accordion',
  'toggle',
  'tabs',
  'nested-tabs',
  'counter',
  'progress',
  'alert',
  'countdown',
  'video',
  'audio',
  'gallery',
  'slides',
  'text-path',
  'contact-buttons',
  'floating-bars',
  'off-canvas',
  'freshop-content',
  'button',
  'icon',
  'icon-list',
  'spacer',
  'divider',
  'form',
  'product-grid',
  'add-to-cart',
  'weekly-ad',
  'store-hours',
  'coupon',
];
const rank = (w: WidgetDefinition): number => {
  const i = PANEL_ORDER.indexOf(w.type);
  return i < 0 ? PANEL_ORDER.length : i;
};

// Every widget the page builder knows, by widget type, from the registry (one line per widget folder), in the
// panel's order. SSR and the editor preview both read this.
export const widgets: Record<string, WidgetDefinition> = Object.fromEntries(
  Object.values(registered as Record<string, WidgetDefinition>)
    .sort((a, b) => rank(a) - rank(b) || a.title.localeCompare(b.title))
    .map((w): [string, WidgetDefinition] => [w.type, w]),
);
