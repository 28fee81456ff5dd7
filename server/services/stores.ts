import type { Kysely, Selectable } from 'kysely';
import type { Database, StoresTable } from '../db/schema';
import { parseJson } from './users';

export interface StoreJson {
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
  hours: Record<string, [string, string] | null>;
  latitude: number;
  longitude: number;
  store_number: string;
  is_selectable: boolean;
  store_segment_ids: number[];
  store_group_ids: number[];
  other_attributes: { related_catering_store_id?: number; related_wine_store_id?: number; related_shopping_id?: number };
  kind: 'shopping' | 'catering' | 'wine';
}

export function toStoreJson(row: Selectable<StoresTable>): StoreJson {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    url: row.url,
    address_1: row.address_1,
    address_2: row.address_2,
    city: row.city,
    state: row.state,
    postal_code: row.postal_code,
    phone: row.phone,
    hours: parseJson(row.hours, {}),
    latitude: row.latitude,
    longitude: row.longitude,
    store_number: row.store_number,
    is_selectable: row.is_selectable === 1,
    store_segment_ids: parseJson(row.store_segment_ids, []),
    store_group_ids: parseJson(row.store_group_ids, []),
    other_attributes: parseJson(row.other_attributes, {}),
    kind: (row.kind as StoreJson['kind']) ?? 'shopping',
  };
}

/** Stores sorted by state, then name (the order the contact form's dropdown uses too). */
export async function listStores(db: Kysely<Database>): Promise<StoreJson[]> {
  const rows = await db.selectFrom('stores').selectAll().orderBy('state').orderBy('name').execute();
  return rows.map(toStoreJson);
}

export async function getStore(db: Kysely<Database>, id: number): Promise<StoreJson | null> {
  const row = await db.selectFrom('stores').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toStoreJson(row) : null;
}

export async function getStoreBySlug(db: Kysely<Database>, slug: string): Promise<StoreJson | null> {
  const row = await db.selectFrom('stores').selectAll().where('slug', '=', slug).executeTakeFirst();
  return row ? toStoreJson(row) : null;
}

/** The store id the shopping module uses: related_shopping_id overrides the store's own id. */
export const shopStoreId = (store: StoreJson): number => store.other_attributes.related_shopping_id ?? store.id;
