import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireSignedIn } from '../../auth/guards';
import { errors } from '../../errors';
import { answers, id, withSchemas } from '../../validation';
import * as shop from '../../../core/api/shop';
import * as S from '../../../core/api/schemas/shop';

const productParams = z.object({ product_id: id });

// My favorites: product ids kept per user (signing in is needed to keep them).
export async function favoriteRoutes(base: FastifyInstance): Promise<void> {
  const app = withSchemas(base);
  const db = app.db.kysely;
  const signedIn = { preValidation: requireSignedIn };
  const userOf = (request: FastifyRequest): number => request.visitor.user!.id;
  const list = async (userId: number) => ({
    product_ids: (
      await db.selectFrom('favorites').select('product_id').where('user_id', '=', userId).orderBy('created_at', 'desc').execute()
    ).map((r) => r.product_id),
  });

  app.get(shop.favorites.path, { ...signedIn, schema: { response: answers(shop.favorites, S.favorites) } }, async (request) =>
    list(userOf(request)),
  );

  app.put(
    shop.addFavorite.path,
    { ...signedIn, schema: { params: productParams, response: answers(shop.addFavorite, S.favorites) } },
    async (request) => {
      const userId = userOf(request);
      const { product_id } = request.params;
      if (!(await db.selectFrom('products').select('id').where('id', '=', product_id).executeTakeFirst())) throw errors.missing('Product');
      await db
        .insertInto('favorites')
        .values({ user_id: userId, product_id, created_at: Date.now() })
        .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
        .execute();
      return list(userId);
    },
  );

  app.delete(
    shop.removeFavorite.path,
    { ...signedIn, schema: { params: productParams, response: answers(shop.removeFavorite, S.favorites) } },
    async (request) => {
      const userId = userOf(request);
      const { product_id } = request.params;
      await db.deleteFrom('favorites').where('user_id', '=', userId).where('product_id', '=', product_id).execute();
      return list(userId);
    },
  );
}
