import type { Kysely } from 'kysely';
import { catalogStoreId, type Catalog } from '../../core/shop/catalog';
import type { Database } from '../db/schema';
import { errors } from '../errors';
import { getStore, type Store } from './stores';

// The store whose catalogue and prices a shop call uses: the one asked for (the page's #!/?store_id=) or the
// visitor's current store, moved through the store rules to the store of the page's catalogue. A grocery
// page is never answered with the catering or wine catalogue, whatever store the visitor last shopped.

export async function defaultStore(db: Kysely<Database>, catalog: Catalog): Promise<Store> {
  const kind = catalog === 'grocery' ? 'shopping' : catalog;
  const row = await db
    .selectFrom('stores')
    .select('id')
    .where('kind', '=', kind)
    .where('is_selectable', '=', 1)
    .orderBy('id')
    .executeTakeFirst();
  const store = row ? await getStore(db, row.id) : null;
  if (!store) throw errors.missing('Store');
  return store;
}

/** `known`: the store the caller has already read (a page render's visitor store), used when it is `storeId`. */
export async function shopStore(db: Kysely<Database>, storeId: number | null, catalog: Catalog, known?: Store | null): Promise<Store> {
  const chosen = storeId ? (known?.id === storeId ? known : await getStore(db, storeId)) : null;
  if (storeId && !chosen) throw errors.missing('Store');
  if (!chosen) return defaultStore(db, catalog);
  const targetId = catalogStoreId(chosen, catalog);
  if (targetId === null) {
    if (catalog === 'grocery') return defaultStore(db, catalog);
    throw errors.badRequest(`${chosen.name} has no ${catalog === 'wine' ? 'wine cellar' : 'catering kitchen'}.`);
  }
  const target = targetId === chosen.id ? chosen : await getStore(db, targetId);
  if (!target) throw errors.missing('Store');
  return target;
}

/** Stores resolved per database for one page-cache version (stores are a page source: any write moves it). */
const resolved = new WeakMap<Kysely<Database>, { version: string; stores: Map<string, Store> }>();
/** Far more than a chain's stores × catalogues; past it the map starts again rather than grow on odd ids. */
const RESOLVED_MAX = 2_000;

/**
 * shopStore, read once per page-cache version: every shop list asked for its store's row before its own
 * statements, one more round trip each (docs/performance.md, Scale). A store edit moves the version, so the next
 * request reads it fresh; a missing store is not kept (it throws, as shopStore does).
 */
export async function shopStoreAt(db: Kysely<Database>, version: string, storeId: number | null, catalog: Catalog): Promise<Store> {
  let kept = resolved.get(db);
  if (!kept || kept.version !== version || kept.stores.size >= RESOLVED_MAX) resolved.set(db, (kept = { version, stores: new Map() }));
  const key = `${storeId}:${catalog}`;
  const hit = kept.stores.get(key);
  if (hit) return hit;
  const store = await shopStore(db, storeId, catalog);
  kept.stores.set(key, store);
  return store;
}
