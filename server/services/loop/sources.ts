import { productSource } from './products';
import { recipeSource } from './recipes';
import type { LoopSource } from './types';

// Every source a loop grid can show, by the grid's `source` setting.
export const loopSources: Record<string, LoopSource> = { recipes: recipeSource, products: productSource };

export const DEFAULT_SOURCE = 'recipes';

export function loopSourceOf(settings: Record<string, unknown>): LoopSource {
  return loopSources[typeof settings.source === 'string' ? settings.source : DEFAULT_SOURCE] ?? loopSources[DEFAULT_SOURCE];
}
