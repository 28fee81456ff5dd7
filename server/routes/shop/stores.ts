import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ensureSession } from '../../auth/visitor';
import { errors } from '../../errors';
import { navigationFor } from '../../services/navigation';
import { getStore, listStores } from '../../services/stores';
import { id, parse } from '../../validation';

// Shop platform API: stores, the visitor's current store, navigation per store.
export async function storeRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db.kysely;

  app.get('/api/shop/v1/stores', async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=60');
    return { items: await listStores(db) };
  });

  app.get('/api/shop/v1/stores/:id', async (request) => {
    const { id: storeId } = parse(z.object({ id }), request.params, 'path');
    const store = await getStore(db, storeId);
    if (!store) throw errors.missing('Store');
    return store;
  });

  app.get('/api/shop/v1/stores/:id/navigation', async (request, reply) => {
    const { id: storeId } = parse(z.object({ id }), request.params, 'path');
    if (!(await getStore(db, storeId))) throw errors.missing('Store');
    reply.header('Cache-Control', 'public, max-age=60');
    return navigationFor(db, storeId);
  });

  app.get('/api/shop/v1/current-store', async (request) => {
    const storeId = request.visitor.storeId;
    return { store: storeId ? await getStore(db, storeId) : null };
  });

  app.put('/api/shop/v1/current-store', async (request, reply) => {
    const body = parse(z.object({ store_id: id }), request.body, 'body');
    const store = await getStore(db, body.store_id);
    if (!store) throw errors.missing('Store');
    if (!store.is_selectable) throw errors.badRequest(`${store.name} cannot be selected yet.`);
    const sessionId = await ensureSession(app, request, reply);
    await db.updateTable('sessions').set({ store_id: store.id }).where('id', '=', sessionId).execute();
    if (request.visitor.user) await db.updateTable('users').set({ store_id: store.id }).where('id', '=', request.visitor.user.id).execute();
    request.visitor.storeId = store.id;
    return { store };
  });
}
