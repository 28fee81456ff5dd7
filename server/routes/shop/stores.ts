import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ensureSession } from '../../auth/visitor';
import { errors } from '../../errors';
import { navigationFor } from '../../services/navigation';
import { setVisitorStore } from '../../services/shopping-store';
import { getStore, listStores } from '../../services/stores';
import { findPlace } from '../../services/places';
import { sortByDistance } from '../../../core/store-layer/distance';
import { answers, id, idParams, inputs, withSchemas } from '../../validation';
import * as shop from '../../../core/api/shop';
import * as S from '../../../core/api/schemas/shop';

const nearQuery = z.object({
  place: z
    .string({ error: 'Type a ZIP code or a city.' })
    .trim()
    .min(1, 'Type a ZIP code or a city.')
    .max(80, 'must be at most 80 characters'),
});

// Shop platform API: stores, the visitor's current store, navigation per store.
export async function storeRoutes(base: FastifyInstance): Promise<void> {
  const app = withSchemas(base);
  const db = app.db.kysely;

  app.get(shop.stores.path, { schema: { response: answers(shop.stores, S.stores) } }, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=60');
    return { items: await listStores(db) };
  });

  // The shopping stores nearest a ZIP code or city first, each with its distance in miles (the shop's store chooser).
  app.get(
    shop.storesNear.path,
    { schema: { ...inputs(shop.storesNear, { querystring: nearQuery }), response: answers(shop.storesNear, S.storesNear) } },
    async (request) => {
      const { place: typed } = request.query;
      const stores = (await listStores(db)).filter((s) => s.kind === 'shopping');
      const place = findPlace(typed, stores);
      if (!place) {
        const message = `We could not find “${typed}”. Type a 5-digit ZIP code or a city, like Columbus, OH.`;
        throw errors.invalidParam(message, { place: message });
      }
      const items = sortByDistance(stores, place).map(({ distance, ...s }) => ({ ...s, distance_miles: Math.round(distance! * 10) / 10 }));
      return { place, items };
    },
  );

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
      return { store, hold_released: await setVisitorStore(db, request, sessionId, store) };
    },
  );
}
