import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CATALOGS } from '../../../core/shop/catalog';
import { PRODUCT_ATTRIBUTES, type ProductAttribute } from '../../../core/shop/product-attributes';
import { errors } from '../../errors';
import { getProduct, listProducts, PRODUCT_SORTS } from '../../services/products';
import { hasWords, searchProductIds, suggestProducts } from '../../services/product-search';
import { shopStore } from '../../services/shop-store';
import { decimalInteger, id, idParams, withSchemas } from '../../validation';

/** The page's catalogue (a grocery page by default) and its store: the asked one, else the visitor's. */
export const storeQuery = {
  store_id: id.optional(),
  catalog: z.enum(CATALOGS, { error: `must be one of ${CATALOGS.join(', ')}` }).default('grocery'),
};

const attributeList = z
  .string()
  .max(200, 'is too long')
  .transform((text, ctx): ProductAttribute[] => {
    const list = text.split(',').filter(Boolean);
    const bad = list.find((a) => !(PRODUCT_ATTRIBUTES as readonly string[]).includes(a));
    if (bad !== undefined) {
      ctx.addIssue({ code: 'custom', message: `must be a comma-separated list of ${PRODUCT_ATTRIBUTES.join(', ')}` });
      return z.NEVER;
    }
    return list as ProductAttribute[];
  });

const listQuery = z.object({
  department: id.optional(),
  q: z.string().trim().max(100, 'must be at most 100 characters').optional(),
  // Without a sort: by relevance when searching, else by name.
  sort: z.enum(PRODUCT_SORTS, { error: `must be one of ${PRODUCT_SORTS.join(', ')}` }).optional(),
  page: id.pipe(z.number().max(10_000, 'is too large')).default(1),
  per_page: decimalInteger().pipe(z.number().min(1, 'must be at least 1').max(60, 'must be at most 60')).default(24),
  filter: z.literal('is_favorite', { error: 'must be is_favorite' }).optional(),
  attributes: attributeList.optional(),
  ...storeQuery,
});

const suggestQuery = z.object({
  q: z.string().trim().min(1, 'type at least one letter').max(100, 'must be at most 100 characters'),
  catalog: storeQuery.catalog,
});

// Products of the shop module at one store: list (department, search, attributes, sort, paging, my
// favorites) and one product, with that store's prices.
export async function productRoutes(base: FastifyInstance): Promise<void> {
  const app = withSchemas(base);
  const db = app.db.kysely;

  app.get('/api/shop/v1/products', { schema: { querystring: listQuery } }, async (request) => {
    const { query } = request;
    const userId = request.visitor.user?.id ?? null;
    if (query.filter === 'is_favorite' && !userId) throw errors.notLoggedIn();
    const store = await shopStore(db, query.store_id ?? request.visitor.storeId, query.catalog);
    // Words go through the forgiving search; a query of only symbols ('%') is matched literally.
    const words = query.q ? hasWords(query.q) : false;
    const ids = words && query.q ? await searchProductIds(db, query.catalog, query.q) : undefined;
    return listProducts(db, {
      storeId: store.id,
      catalog: query.catalog,
      department: query.department,
      q: words ? undefined : query.q,
      ids,
      attributes: query.attributes,
      sort: query.sort ?? (ids ? 'relevance' : 'name'),
      page: query.page,
      perPage: query.per_page,
      userId,
      onlyFavorites: query.filter === 'is_favorite',
    });
  });

  // Suggestions as the shopper types (product names of the page's catalogue).
  app.get('/api/shop/v1/search/suggest', { schema: { querystring: suggestQuery } }, async (request) => {
    const { query } = request;
    return { items: hasWords(query.q) ? await suggestProducts(db, query.catalog, query.q) : [] };
  });

  app.get('/api/shop/v1/products/:id', { schema: { params: idParams, querystring: z.object(storeQuery) } }, async (request) => {
    const { id: productId } = request.params;
    const { query } = request;
    const store = await shopStore(db, query.store_id ?? request.visitor.storeId, query.catalog);
    const product = await getProduct(db, productId, store.id, request.visitor.user?.id ?? null);
    if (!product) {
      const exists = await db.selectFrom('products').select('name').where('id', '=', productId).executeTakeFirst();
      if (exists) throw errors.missingAt(exists.name, store.name);
      throw errors.missing('Product');
    }
    return product;
  });
}
