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
