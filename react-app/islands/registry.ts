import type { ComponentType } from 'react';
import type { IslandName, IslandProps } from '../../core/wire/islands';

// Island name → lazily loaded component, typed with the props the server renders it with
// (core/wire/islands.ts). Each island is its own chunk in the islands bundle.
export const islandLoaders: { [N in IslandName]: () => Promise<{ default: ComponentType<IslandProps[N]> }> } = {
  'store-picker': () => import('./store-picker'),
  shop: () => import('./shop'),
  'drink-calculator': () => import('./drink-calculator'),
  circular: () => import('./circular'),
  recipe: () => import('./recipe'),
  'contact-form': () => import('./contact-form'),
  'search-products': () => import('./search-products'),
  product: () => import('./product'),
};
