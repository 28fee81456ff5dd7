import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Store } from '../../core/wire/store';
import type { Database } from '../db/schema';
import { getStore } from './stores';
import { keepHoldAtVisitorStores } from './pickup-slots';

// The visitor's current store and their own shopping store (docs/shop.md, "Back from the wine or catering shop").
// The current store may be a wine or catering store; the shopping store is the last shopping store the visitor
// (or their account) was at, so a page for the shopping store switches back to it.

const isSpecial = (store: Pick<Store, 'kind'>) => store.kind === 'catering' || store.kind === 'wine';

/**
 * Makes `store` the visitor's current store, on the session and (signed in) the account. A shopping store is
 * remembered as theirs; moving to a wine or catering store keeps the shopping store they came from. A pickup hold at
 * a store they no longer shop at is let go (keepHoldAtVisitorStores); answers whether one was.
 */
export async function setVisitorStore(db: Kysely<Database>, request: FastifyRequest, sessionId: string, store: Store): Promise<boolean> {
  const previous = request.visitor.storeId;
  let shopping: number | undefined;
  if (!isSpecial(store)) shopping = store.id;
  else if (previous && previous !== store.id) {
    const from = await getStore(db, previous);
    if (from && !isSpecial(from)) shopping = from.id;
  }
  const set = shopping === undefined ? { store_id: store.id } : { store_id: store.id, shopping_store_id: shopping };
  await db.updateTable('sessions').set(set).where('id', '=', sessionId).execute();
  if (request.visitor.user) await db.updateTable('users').set(set).where('id', '=', request.visitor.user.id).execute();
  request.visitor.storeId = store.id;
  return keepHoldAtVisitorStores(db, sessionId, request.visitor.user?.id ?? null);
}

/** The visitor's own shopping store, if they ever had one and it is still a shopping store that can be chosen. */
export async function rememberedShoppingStore(db: Kysely<Database>, request: FastifyRequest): Promise<Store | null> {
  const { sessionId, user } = request.visitor;
  const session = sessionId
    ? await db.selectFrom('sessions').select('shopping_store_id').where('id', '=', sessionId).executeTakeFirst()
    : undefined;
  let id = session?.shopping_store_id ?? null;
  if (id === null && user) {
    const row = await db.selectFrom('users').select('shopping_store_id').where('id', '=', user.id).executeTakeFirst();
    id = row?.shopping_store_id ?? null;
  }
  const store = id === null ? null : await getStore(db, id);
  return store && !isSpecial(store) && store.is_selectable ? store : null;
}
