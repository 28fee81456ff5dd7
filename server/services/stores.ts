import type { Kysely, Selectable } from 'kysely';
import type { Database, StoresTable } from '../db/schema';
import { shopStoreId, type Store, type StoreHours, type StoreKind } from '../../core/wire/store';
import { DEFAULT_SITE_TIMEZONE } from '../../core/schedule/site-time';
import { parseJson } from './users';

// The one Store wire type (core/wire/store.ts): the API answers it whole, the views come from it.
export type { Store };
export { shopStoreId };

export function toStore(row: Selectable<StoresTable>): Store {
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
    hours: parseJson<StoreHours>(row.hours, {}),
    time_zone: row.time_zone,
    latitude: row.latitude,
    longitude: row.longitude,
    store_number: row.store_number,
    is_selectable: row.is_selectable === 1,
    store_segment_ids: parseJson(row.store_segment_ids, []),
    store_group_ids: parseJson(row.store_group_ids, []),
    other_attributes: parseJson(row.other_attributes, {}),
    kind: (row.kind as StoreKind) ?? 'shopping',
  };
}

/**
 * The store's zone (its `time_zone`): its hours, store days, pickup windows and cut-offs are on that clock
 * (docs/architecture.md, "Store time"). An unknown store is on the site's default zone.
 */
export async function storeTimeZone(db: Kysely<Database>, storeId: number): Promise<string> {
  const row = await db.selectFrom('stores').select('time_zone').where('id', '=', storeId).executeTakeFirst();
  return row?.time_zone ?? DEFAULT_SITE_TIMEZONE;
}

/** The zones the stores are in (a page or sitemap showing prices goes stale at the first of their midnights). */
export async function storeTimeZones(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('stores').select('time_zone').distinct().execute();
  return rows.map((r) => r.time_zone);
}

/** Stores sorted by state, then name (the order the contact form's dropdown uses too). */
export async function listStores(db: Kysely<Database>): Promise<Store[]> {
  const rows = await db.selectFrom('stores').selectAll().orderBy('state').orderBy('name').execute();
  return rows.map(toStore);
}

/** A store's row by id (getStore and getOrderingStore read it alike). */
const storeRow = (db: Kysely<Database>, id: number) => db.selectFrom('stores').selectAll().where('id', '=', id).executeTakeFirst();

export async function getStore(db: Kysely<Database>, id: number): Promise<Store | null> {
  const row = await storeRow(db, id);
  return row ? toStore(row) : null;
}

/** A store as an order needs it: what shoppers see of it, and its combined sales-tax rate (one statement). */
export async function getOrderingStore(db: Kysely<Database>, id: number): Promise<(Store & { tax_rate_bp: number }) | null> {
  const row = await storeRow(db, id);
  return row ? { ...toStore(row), tax_rate_bp: row.tax_rate_bp } : null;
}

export async function getStoreBySlug(db: Kysely<Database>, slug: string): Promise<Store | null> {
  const row = await db.selectFrom('stores').selectAll().where('slug', '=', slug).executeTakeFirst();
  return row ? toStore(row) : null;
}
