import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CATALOGS } from '../../../core/shop/catalog';
import { PRODUCT_ATTRIBUTES, type ProductAttribute } from '../../../core/shop/product-attributes';
import { errors } from '../../errors';
import { getProduct, listProducts, PRODUCT_SORTS } from '../../services/products';
import { findProducts, hasWords, productSearchEngine, SEARCH_MAX_CHARS, suggestProducts } from '../../services/product-search';
import { shopStore, shopStoreAt } from '../../services/shop-store';
import { readPageCacheVersion } from '../../db/page-cache-version';
import { answers, inputs, decimalInteger, id, idParams, withSchemas } from '../../validation';
import * as shop from '../../../core/api/shop';
import * as S from '../../../core/api/schemas/shop';
import { isLoyaltyMember } from '../../services/prices';

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

/** What a shopper types: up to SEARCH_MAX_CHARS characters (longer is refused with a message, not cut). */
const searchText = z
  .string()
  .trim()
  .max(SEARCH_MAX_CHARS, `must be at most ${SEARCH_MAX_CHARS} characters`)
  // A NUL never belongs in a search (the database drivers refuse it inside text).
  .refine((text) => !text.includes('\0'), 'must not contain a NUL character');
const flag = z.enum(['1', 'true'], { error: 'must be 1 or true' }).transform(() => true);
const cents = z.coerce
  .number({ error: 'must be a number of cents' })
  .int('must be a whole number of cents')
  .min(0, 'must be at least 0')
  .max(10_000_000, 'is too large');

const listQuery = z.object({
  department: id.optional(),
  q: searchText.optional(),
  // Without a sort: by relevance when searching, else by name.
  sort: z.enum(PRODUCT_SORTS, { error: `must be one of ${PRODUCT_SORTS.join(', ')}` }).optional(),
  page: id.pipe(z.number().max(10_000, 'is too large')).default(1),
  per_page: decimalInteger().pipe(z.number().min(1, 'must be at least 1').max(60, 'must be at most 60')).default(24),
  filter: z.literal('is_favorite', { error: 'must be is_favorite' }).optional(),
  attributes: attributeList.optional(),
  available: flag.optional(),
  on_sale: flag.optional(),
  min_price: cents.optional(),
  max_price: cents.optional(),
  ...storeQuery,
});

const suggestQuery = z.object({
  q: searchText.pipe(z.string().min(1, 'type at least one letter')),
  catalog: storeQuery.catalog,
});

// Products of the shop module at one store: list (department, search, attributes, sort, paging, my
// favorites) and one product, with that store's prices.
export async function productRoutes(base: FastifyInstance): Promise<void> {
  const app = withSchemas(base);
  const db = app.db.kysely;
  // The search index is built once the server listens, in the background (a failure is retried on use); without
  // the warm-up, on the first search.
  app.addHook('onReady', async () => {
    if (app.config.warmUp === false) return;
    productSearchEngine(db)
      .warm()
      .catch((error: unknown) => app.log.warn({ err: error }, 'product search: first build failed'));
  });

  app.get(
    shop.products.path,
    { schema: { ...inputs(shop.products, { querystring: listQuery }), response: answers(shop.products, S.productPage) } },
    async (request) => {
      const { query } = request;
      const userId = request.visitor.user?.id ?? null;
      if (query.filter === 'is_favorite' && !userId) throw errors.notLoggedIn();
      // The version first: the store's row and the list's selection are kept under it (two round trips fewer).
      const version = await readPageCacheVersion(db);
      const store = await shopStoreAt(db, version, query.store_id ?? request.visitor.storeId, query.catalog);
      // Words go through the forgiving search; a query of only symbols ('%') is matched literally.
      const words = query.q ? hasWords(query.q) : false;
      const found = words && query.q ? await findProducts(db, query.catalog, query.q) : undefined;
      return listProducts(db, {
        storeId: store.id,
        timeZone: store.time_zone,
        catalog: query.catalog,
        department: query.department,
        q: words ? undefined : query.q,
        ids: found?.ids,
        attributes: [...(query.attributes ?? []), ...(found?.attributes ?? [])],
        sort: query.sort ?? (found?.ids ? 'relevance' : 'name'),
        page: query.page,
        perPage: query.per_page,
        userId,
        member: isLoyaltyMember(request.visitor.user),
        onlyFavorites: query.filter === 'is_favorite',
        available: query.available,
        onSale: query.on_sale,
        minPrice: query.min_price,
        maxPrice: query.max_price,
        version,
      });
    },
  );

  // Suggestions as the shopper types (product names of the page's catalogue).
  app.get(
    shop.suggest.path,
    { schema: { ...inputs(shop.suggest, { querystring: suggestQuery }), response: answers(shop.suggest, S.suggestions) } },
    async (request) => {
      const { query } = request;
      return { items: hasWords(query.q) ? await suggestProducts(db, query.catalog, query.q) : [] };
    },
  );

  app.get(
    shop.product.path,
    {
      schema: {
        params: idParams,
        ...inputs(shop.product, { querystring: z.object(storeQuery) }),
        response: answers(shop.product, S.product),
      },
    },
    async (request) => {
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
    },
  );
}
