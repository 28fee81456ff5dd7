import type { StoreRules } from '../wire/store';
import { cateringStoreId, wineStoreId } from './store';

// Pages flagged as needing the catering or wine store force that store and redirect to the landing page
// otherwise; pages disallowing them switch the visitor back to the shopping store (docs/behaviour.md).
// Page setting: store_requirement: 'catering' | 'wine' | 'disallow_special'.

export type StoreRequirement = 'catering' | 'wine' | 'disallow_special';

export type StoreDecision =
  | { action: 'none' }
  | { action: 'set-store'; storeId: number; then: 'reload' }
  | { action: 'redirect'; url: string };

export const LANDING_PAGES: Record<'catering' | 'wine', string> = { catering: '/catering', wine: '/wine' };

export function readRequirement(page: Record<string, unknown>): StoreRequirement | null {
  const r = page.store_requirement;
  return r === 'catering' || r === 'wine' || r === 'disallow_special' ? r : null;
}

/**
 * `shoppingStoreId` is the shopper's own shopping store, when known: a page disallowing the catering and wine
 * stores switches back to it, and to the special store's related shopping store only when there is none.
 */
export function decideStore(
  requirement: StoreRequirement | null,
  store: StoreRules | null,
  shoppingStoreId?: number | null,
): StoreDecision {
  if (!requirement) return { action: 'none' };
  if (requirement === 'disallow_special') {
    if (!store || (store.kind !== 'catering' && store.kind !== 'wine')) return { action: 'none' };
    const back = shoppingStoreId ?? store.other_attributes?.related_shopping_id;
    return back ? { action: 'set-store', storeId: back, then: 'reload' } : { action: 'none' };
  }
  if (store?.kind === requirement) return { action: 'none' };
  const related = store ? (requirement === 'catering' ? cateringStoreId(store) : wineStoreId(store)) : null;
  if (related) return { action: 'set-store', storeId: related, then: 'reload' };
  return { action: 'redirect', url: LANDING_PAGES[requirement] };
}
