import { shopStoreId, type StoreRules } from '../wire/store';

// Store rules of the store layer over the one Store wire type (core/wire/store.ts).

export type { LayerStore, OtherAttributes } from '../wire/store';
export { shopStoreId };

/** The catering store for links and rules: the store itself when it is one, else its related catering store. */
export function cateringStoreId(store: StoreRules): number | null {
  if (store.kind === 'catering') return store.id;
  return store.other_attributes?.related_catering_store_id ?? null;
}

export function wineStoreId(store: StoreRules): number | null {
  if (store.kind === 'wine') return store.id;
  return store.other_attributes?.related_wine_store_id ?? null;
}
