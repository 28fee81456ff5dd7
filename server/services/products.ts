import { sql, type Kysely, type Selectable } from 'kysely';
import type { Catalog } from '../../core/shop/catalog';
import { isProductAttribute, type ProductAttribute } from '../../core/shop/product-attributes';
import { unitPrice } from '../../core/shop/unit-price';
import { imageSrcset, imageUrl, imageWidths, type StoredImage } from '../../core/wire/catalogue-admin';
import type { Database, ProductsTable } from '../db/schema';
import type { Product, ProductPage as ProductPageJson } from '../../core/shop/api-types';
import { storePrices, type StorePrice } from './prices';
import { parseJson } from './users';

export type ProductJson = Product;
export type ProductPage = ProductPageJson;

// Product lists for the shop module: one store's shelf (its assortment and prices) for one catalogue, by
// department (with its sub-departments), search, attributes, sort and paging.

export const PRODUCT_SORTS = ['name', 'price_asc', 'price_desc'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export interface ProductQuery {
  storeId: number;
  catalog: Catalog;
  department?: number;
  q?: string;
  /** Products carrying every one of these attributes. */
  attributes?: ProductAttribute[];
  /** Only these products (search results), in this order when sort is 'relevance'. */
  ids?: number[];
  sort: ProductSort | 'relevance';
  page: number;
  perPage: number;
  userId: number | null;
  onlyFavorites?: boolean;
}

/** The first uploaded image (docs/catalogue.md) with its sizes, else the drawn tile. */
function imageOf(
  row: Selectable<ProductsTable>,
): Pick<ProductJson, 'image' | 'image_srcset' | 'image_width' | 'image_height' | 'image_alt'> {
  const first = parseJson<StoredImage[]>(row.images, [])[0];
  if (!first) return { image: `/media/products/${row.id}.svg` };
  const widths = imageWidths(first);
  return {
    image: imageUrl(first.key, widths.find((w) => w >= 320) ?? widths[widths.length - 1]),
    image_srcset: imageSrcset(first),
    image_width: first.width,
    image_height: first.height,
    image_alt: first.alt,
  };
}

export function toProductJson(row: Selectable<ProductsTable>, price: StorePrice, storeId: number, favorite: boolean): ProductJson {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    brand: row.brand,
    size: row.size,
    price_cents: price.price_cents,
    was_cents: price.was_cents,
    sale_ends: price.sale_ends,
    unit_price: unitPrice(price.price_cents, row.size)?.label ?? null,
    available: price.available,
    store_id: storeId,
    attributes: parseJson<unknown[]>(row.attributes, []).filter(isProductAttribute),
    description: row.description,
    department_id: row.department_id,
    ...imageOf(row),
    is_favorite: favorite,
  };
}

/** A LIKE pattern that matches the text literally ('!' escapes %, _ and itself). */
export const likePattern = (text: string): string => `%${text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;

async function departmentIds(db: Kysely<Database>, id: number): Promise<number[]> {
  const children = await db.selectFrom('departments').select('id').where('parent_id', '=', id).execute();
  return [id, ...children.map((c) => c.id)];
}

async function favoriteSet(db: Kysely<Database>, userId: number | null, productIds: number[]): Promise<Set<number>> {
  if (!userId || productIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('favorites')
    .select('product_id')
    .where('user_id', '=', userId)
    .where('product_id', 'in', productIds)
    .execute();
  return new Set(rows.map((r) => r.product_id));
}

export async function listProducts(db: Kysely<Database>, query: ProductQuery): Promise<ProductPage> {
  let base = db
    .selectFrom('products')
    .innerJoin('store_products', 'store_products.product_id', 'products.id')
    .where('store_products.store_id', '=', query.storeId)
    .where('products.catalog', '=', query.catalog);
  if (query.department) base = base.where('products.department_id', 'in', await departmentIds(db, query.department));
  if (query.ids) base = base.where('products.id', 'in', query.ids.length ? query.ids : [-1]);
  if (query.q) {
    const pattern = likePattern(query.q);
    base = base.where((eb) =>
      eb.or([
        sql<boolean>`lower(products.name) like ${pattern} escape '!'`,
        sql<boolean>`lower(products.brand) like ${pattern} escape '!'`,
      ]),
    );
  }
  // Attributes are a JSON list of fixed keys; the quoted key cannot occur inside another key.
  for (const attribute of query.attributes ?? []) base = base.where('products.attributes', 'like', `%"${attribute}"%`);
  if (query.onlyFavorites) {
    const userId = query.userId ?? -1;
    base = base.where('products.id', 'in', (eb) =>
      eb.selectFrom('favorites').select('favorites.product_id').where('favorites.user_id', '=', userId),
    );
  }
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const count = Number(total);
  const rows = base.selectAll('products');
  if ((query.sort === 'relevance' && query.ids) || query.sort === 'price_asc' || query.sort === 'price_desc') {
    // Ranked or priced in memory: the charged price (sales and circulars included) comes from the one rule
    // of core/shop/price.ts, and a store's shelf is a few hundred rows.
    const all = await rows.orderBy('products.name').orderBy('products.id').execute();
    if (query.sort === 'relevance') {
      const rank = new Map((query.ids ?? []).map((id, i) => [id, i]));
      all.sort((a, b) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0));
    } else {
      const prices = await storePrices(
        db,
        query.storeId,
        all.map((r) => r.id),
      );
      const sign = query.sort === 'price_asc' ? 1 : -1;
      const charged = (id: number) => prices.get(id)?.price_cents ?? 0;
      all.sort((a, b) => sign * (charged(a.id) - charged(b.id)));
    }
    return pageOf(db, query, all.slice((query.page - 1) * query.perPage, query.page * query.perPage), count);
  }
  const items = await rows
    .orderBy('products.name')
    .orderBy('products.id')
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage)
    .execute();
  return pageOf(db, query, items, count);
}

async function pageOf(
  db: Kysely<Database>,
  query: ProductQuery,
  items: Array<Selectable<ProductsTable>>,
  count: number,
): Promise<ProductPage> {
  const ids = items.map((r) => r.id);
  const [favorites, prices] = await Promise.all([favoriteSet(db, query.userId, ids), storePrices(db, query.storeId, ids)]);
  return {
    store_id: query.storeId,
    items: items.flatMap((r) => {
      const price = prices.get(r.id);
      return price ? [toProductJson(r, price, query.storeId, favorites.has(r.id))] : [];
    }),
    total: count,
    page: query.page,
    per_page: query.perPage,
    pages: Math.max(1, Math.ceil(count / query.perPage)),
  };
}

/** One product as the store sells it; null when it does not exist or the store does not carry it. */
export async function getProduct(db: Kysely<Database>, id: number, storeId: number, userId: number | null): Promise<ProductJson | null> {
  const row = await db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const price = (await storePrices(db, storeId, [id])).get(id);
  if (!price) return null;
  return toProductJson(row, price, storeId, (await favoriteSet(db, userId, [id])).has(id));
}
