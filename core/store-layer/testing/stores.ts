import type { StoreRules } from '../../wire/store';

// The stores the store-layer tests reason about: a shop store with both related stores, one with only a
// wine store, the catering and wine stores that point back to it, and a store with no relations.

export const columbus: StoreRules = {
  id: 1001,
  kind: 'shopping',
  other_attributes: { related_catering_store_id: 1090, related_wine_store_id: 1095 },
};
export const dublin: StoreRules = { id: 1003, kind: 'shopping', other_attributes: { related_wine_store_id: 1095 } };
export const kitchen: StoreRules = { id: 1090, kind: 'catering', other_attributes: { related_shopping_id: 1001 } };
export const cellar: StoreRules = { id: 1095, kind: 'wine', other_attributes: { related_shopping_id: 1001 } };
export const plain: StoreRules = { id: 1004, kind: 'shopping', other_attributes: {} };
