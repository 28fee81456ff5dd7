// Which catalogue a shopper sees. A store is a shopping (grocery), catering or wine store; a page shops one
// catalogue. The store rules (docs/behaviour.md): the related shopping id overrides the shop store id, and a catering
// or wine page uses the related catering or wine store of the shopper's store.

export const CATALOGS = ['grocery', 'catering', 'wine'] as const;
export type Catalog = (typeof CATALOGS)[number];

export interface CatalogStore {
  id: number;
  kind: 'shopping' | 'catering' | 'wine';
  other_attributes: { related_catering_store_id?: number; related_wine_store_id?: number; related_shopping_id?: number };
}

export const catalogOfKind = (kind: CatalogStore['kind']): Catalog => (kind === 'shopping' ? 'grocery' : kind);

/** The id of the store whose catalogue and prices a page of `catalog` shows for the shopper's store; null = none. */
export function catalogStoreId(store: CatalogStore, catalog: Catalog): number | null {
  if (catalogOfKind(store.kind) === catalog) return store.id;
  const a = store.other_attributes;
  if (catalog === 'grocery') return a.related_shopping_id ?? null;
  // From a special store to the other special store: through its shopping store is not known here.
  if (store.kind !== 'shopping') return null;
  return (catalog === 'catering' ? a.related_catering_store_id : a.related_wine_store_id) ?? null;
}

/** The catalogue a shop page sells, from its path: /catering/shop and /wine/shop, every other page groceries. */
export function catalogOfPath(pathname: string): Catalog {
  if (/^\/catering(\/|$)/.test(pathname)) return 'catering';
  if (/^\/wine(\/|$)/.test(pathname)) return 'wine';
  return 'grocery';
}
