import type { ComponentType } from 'react';

// Island name → lazily loaded component. Each island is its own chunk in the islands bundle.
export const islandLoaders: Record<string, () => Promise<{ default: ComponentType<never> }>> = {
  'store-picker': () => import('./store-picker'),
  'contact-form': () => import('./contact-form'),
};
