import type { ComponentType } from 'react';

// Island name → lazily loaded component. Each island is its own chunk in the islands bundle.
export const islandLoaders: Record<string, () => Promise<{ default: ComponentType<never> }>> = {
  'store-picker': () => import('./store-picker'),
  shop: () => import('./shop'),
  'drink-calculator': () => import('./drink-calculator'),
  circular: () => import('./circular'),
  recipe: () => import('./recipe'),
  'contact-form': () => import('./contact-form'),
};
