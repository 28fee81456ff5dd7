import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ensureSession } from '../../auth/visitor';
import { errors } from '../../errors';
import { navigationFor } from '../../services/navigation';
import { setVisitorStore } from '../../services/shopping-store';
import { getStore, listStores } from '../../services/stores';
import { answers, id, idParams, withSchemas } from '../../validation';
import * as shop from '../../../core/api/shop';
import * as S from '../../../core/api/schemas/shop';

// Shop platform API: stores, the visitor's current store, navigation per store.
export async function storeRoutes(base: FastifyInstance): Promise<void> {
  const app = withSchemas(base);
  const db = app.db.kysely;

  app.get(shop.stores.path, { schema: { response: answers(shop.stores, S.stores) } }, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=60');
    return { items: await listStores(db) };
  });

  app.get(shop.store.path, { schema: { params: idParams, response: answers(shop.store, S.store) } }, async (request) => {
    const { id: storeId } = request.params;
    const store = await getStore(db, storeId);
    if (!store) throw errors.missing('Store');
    return store;
  });

  app.get(
    shop.navigation.path,
    { schema: { params: idParams, response: answers(shop.navigation, S.navigation) } },
    async (request, reply) => {
      const { id: storeId } = request.params;
      if (!(await getStore(db, storeId))) throw errors.missing('Store');
      reply.header('Cache-Control', 'public, max-age=60');
      return navigationFor(db, storeId);
    },
  );

  app.get(shop.currentStore.path, { schema: { response: answers(shop.currentStore, S.currentStore) } }, async (request) => {
    const storeId = request.visitor.storeId;
    return { store: storeId ? await getStore(db, storeId) : null };
  });

  app.put(
    shop.setCurrentStore.path,
    { schema: { body: z.object({ store_id: id }), response: answers(shop.setCurrentStore, S.chosenStore) } },
    async (request, reply) => {
      const { body } = request;
      const store = await getStore(db, body.store_id);
      if (!store) throw errors.missing('Store');
      if (!store.is_selectable) throw errors.badRequest(`${store.name} cannot be selected yet.`);
      const sessionId = await ensureSession(app, request, reply);
      await setVisitorStore(db, request, sessionId, store);
      return { store };
    },
  );
}
