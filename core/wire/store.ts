// The shop platform's Store (docs/api.md), the one definition every layer uses: the API answers it whole, and
// each place that needs less takes a view of it (a Pick), never a shape of its own.

/** The related stores: related_shopping_id overrides the shop store id (docs/api.md). */
export interface OtherAttributes {
  related_catering_store_id?: number;
  related_wine_store_id?: number;
  related_shopping_id?: number;
}

export type StoreKind = 'shopping' | 'catering' | 'wine';
export type StoreHours = Record<string, [open: string, close: string] | null>;

export interface Store {
  id: number;
  name: string;
  slug: string;
  url: string;
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  postal_code: string;
  phone: string;
  hours: StoreHours;
  /** The store's IANA zone (America/Chicago): its hours, days, pickup windows and cut-offs are on this clock. */
  time_zone: string;
  latitude: number;
  longitude: number;
  store_number: string;
  is_selectable: boolean;
  store_segment_ids: number[];
  store_group_ids: number[];
  other_attributes: OtherAttributes;
  kind: StoreKind;
}

/** What the store rules read (shop store id, related catering and wine stores, store requirement). */
export type StoreRules = Pick<Store, 'id' | 'kind' | 'other_attributes'>;

/** The store the store layer holds: the config's reference, or the whole store after a change. */
export type LayerStore = Pick<Store, 'id' | 'name' | 'slug' | 'kind' | 'store_group_ids' | 'other_attributes'> & Partial<Store>;

/** The current store in the site config (#site-config), with the shop store id worked out. */
export type StoreRef = Pick<Store, 'id' | 'name' | 'slug' | 'kind' | 'store_group_ids' | 'other_attributes'> & { shop_store_id: number };

/** A store in the store picker island. */
export type StoreSummary = Pick<
  Store,
  'id' | 'name' | 'slug' | 'address_1' | 'city' | 'state' | 'postal_code' | 'phone' | 'is_selectable' | 'kind' | 'latitude' | 'longitude'
>;

/** A store in the contact form's dropdown. */
export type ContactStore = Pick<Store, 'id' | 'name' | 'city' | 'state'>;

/** The store the shop island shows (name, kind, whether it can be chosen). */
export type StoreInfo = Pick<Store, 'id' | 'name' | 'kind' | 'is_selectable'>;
export const toStoreInfo = (s: StoreInfo): StoreInfo => ({ id: s.id, name: s.name, kind: s.kind, is_selectable: s.is_selectable });

/** The store id the shopping module uses: related_shopping_id overrides the store's own id. */
export const shopStoreId = (store: StoreRules): number => store.other_attributes?.related_shopping_id ?? store.id;

export const toStoreRef = (s: Store): StoreRef => ({
  id: s.id,
  name: s.name,
  slug: s.slug,
  kind: s.kind,
  store_group_ids: s.store_group_ids,
  other_attributes: s.other_attributes,
  shop_store_id: shopStoreId(s),
});

export const toStoreSummary = (s: Store): StoreSummary => ({
  id: s.id,
  name: s.name,
  slug: s.slug,
  address_1: s.address_1,
  city: s.city,
  state: s.state,
  postal_code: s.postal_code,
  phone: s.phone,
  is_selectable: s.is_selectable,
  kind: s.kind,
  latitude: s.latitude,
  longitude: s.longitude,
});

export const toContactStore = (s: Store): ContactStore => ({ id: s.id, name: s.name, city: s.city, state: s.state });
