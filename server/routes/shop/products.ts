import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errors } from '../../errors';
import { getProduct, listProducts, PRODUCT_SORTS } from '../../services/products';
import { id, parse } from '../../validation';

const listQuery = z.object({
  department: id.optional(),
  q: z.string().trim().max(100, 'must be at most 100 characters').optional(),
  sort: z.enum(PRODUCT_SORTS, { error: `must be one of ${PRODUCT_SORTS.join(', ')}` }).default('name'),
  page: id.max(10_000, 'is too large').default(1),
  per_page: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(60, 'must be at most 60')
    .default(24),
  filter: z.literal('is_favorite', { error: 'must be is_favorite' }).optional(),
  store_id: id.optional(),
});

// Products of the shop module: list (department, search, sort, paging, my favorites) and one product.
export async function productRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db.kysely;

  app.get('/api/shop/v1/products', async (request) => {
    const { _wpnonce: _n, ...raw } = (request.query ?? {}) as Record<string, unknown>;
    const query = parse(listQuery, raw, 'query');
    const userId = request.visitor.user?.id ?? null;
    if (query.filter === 'is_favorite' && !userId) throw errors.notLoggedIn();
    return listProducts(db, {
      department: query.department,
      q: query.q,
      sort: query.sort,
      page: query.page,
      perPage: query.per_page,
      userId,
      onlyFavorites: query.filter === 'is_favorite',
    });
  });

  app.get('/api/shop/v1/products/:id', async (request) => {
    const { id: productId } = parse(z.object({ id }), request.params, 'path');
    const product = await getProduct(db, productId, request.visitor.user?.id ?? null);
    if (!product) throw errors.missing('Product');
    return product;
  });
}
