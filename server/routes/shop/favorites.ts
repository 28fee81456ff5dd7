import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errors } from '../../errors';
import { id, parse } from '../../validation';

// My favorites: product ids kept per user (signing in is needed to keep them).
export async function favoriteRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db.kysely;
  const userOf = (request: FastifyRequest): number => {
    if (!request.visitor.user) throw errors.notLoggedIn();
    return request.visitor.user.id;
  };
  const list = async (userId: number) => ({
    product_ids: (
      await db.selectFrom('favorites').select('product_id').where('user_id', '=', userId).orderBy('created_at', 'desc').execute()
    ).map((r) => r.product_id),
  });

  app.get('/api/shop/v1/favorites', async (request) => list(userOf(request)));

  app.put('/api/shop/v1/favorites/:product_id', async (request) => {
    const userId = userOf(request);
    const { product_id } = parse(z.object({ product_id: id }), request.params, 'path');
    if (!(await db.selectFrom('products').select('id').where('id', '=', product_id).executeTakeFirst())) throw errors.missing('Product');
    await db
      .insertInto('favorites')
      .values({ user_id: userId, product_id, created_at: Date.now() })
      .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
      .execute();
    return list(userId);
  });

  app.delete('/api/shop/v1/favorites/:product_id', async (request) => {
    const userId = userOf(request);
    const { product_id } = parse(z.object({ product_id: id }), request.params, 'path');
    await db.deleteFrom('favorites').where('user_id', '=', userId).where('product_id', '=', product_id).execute();
    return list(userId);
  });
}
