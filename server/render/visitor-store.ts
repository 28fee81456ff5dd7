import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getStore, type Store } from '../services/stores';

// The visitor's store, read from the database once per page request: the page's store requirement, the choice of
// its home page, the chrome and the content slots all need it (they read it three times before). Read afresh for
// each request (never from the content caches), so a page rendered just after a store was edited shows the edit.

const perRequest = new WeakMap<FastifyRequest, { id: number; store: Promise<Store | null> }>();

export function visitorStore(app: FastifyInstance, request: FastifyRequest): Promise<Store | null> {
  const id = request.visitor.storeId;
  if (!id) return Promise.resolve(null);
  const known = perRequest.get(request);
  if (known?.id === id) return known.store;
  const store = getStore(app.db.kysely, id);
  perRequest.set(request, { id, store });
  return store;
}

/** The request now belongs to `store` (its store requirement switched it): later reads take it as it is. */
export function rememberStore(request: FastifyRequest, store: Store): void {
  perRequest.set(request, { id: store.id, store: Promise.resolve(store) });
}
