// The store as the store layer sees it (the shop platform's Store, SPEC §3).

export interface OtherAttributes {
  related_catering_store_id?: number;
  related_wine_store_id?: number;
  related_shopping_id?: number;
}

export interface LayerStore {
  id: number;
  name: string;
  slug?: string;
  kind?: 'shopping' | 'catering' | 'wine';
  store_group_ids: number[];
  other_attributes?: OtherAttributes;
  address_1?: string;
  address_2?: string;
  city?: string;
  state?: string;
  postal_code?: string;
  phone?: string;
  url?: string;
}

/** The store id the shopping module uses: related_shopping_id overrides the store's own id. */
export const shopStoreId = (store: LayerStore): number => store.other_attributes?.related_shopping_id ?? store.id;

/** The catering store for links and rules: the store itself when it is one, else its related catering store. */
export function cateringStoreId(store: LayerStore): number | null {
  if (store.kind === 'catering') return store.id;
  return store.other_attributes?.related_catering_store_id ?? null;
}

export function wineStoreId(store: LayerStore): number | null {
  if (store.kind === 'wine') return store.id;
  return store.other_attributes?.related_wine_store_id ?? null;
}
