import { type RawBuilder, sql, type Kysely, type Selectable } from 'kysely';
import type { Catalog } from '../../core/shop/catalog';
import { isProductAttribute, type ProductAttribute } from '../../core/shop/product-attributes';
import { unitPrice } from '../../core/shop/unit-price';
import { imageSrcset, imageUrl, imageWidths, type StoredImage } from '../../core/wire/catalogue-admin';
import type { Database, ProductsTable } from '../db/schema';
import type { Product, ProductPage as ProductPageJson } from '../../core/shop/api-types';
import { chargedPriceSql, circularPriceSql, circularSales, onSaleSql, isMember, pricesOf, storePrices, type StorePrice } from './prices';
import { storeDay } from '../../core/shop/store-day';
import { storeTimeZone } from './stores';
import { parseJson } from './users';
import { readPageCacheVersion } from '../db/page-cache-version';
import { selectionKey, shelfSelections } from './shelf-selections';
import { runningSales } from './running-sales';

export type ProductJson = Product;
export type ProductPage = ProductPageJson;

// Product lists for the shop module: one store's shelf (its assortment and prices) for one catalogue, by
// department (with its sub-departments), search, attributes, sort and paging.

export const PRODUCT_SORTS = ['name', 'price_asc', 'price_desc'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export interface ProductQuery {
  storeId: number;
  /** The store's zone, where the caller has the store (else it is looked up): today's prices are its day's. */
  timeZone?: string;
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
  /** Whether that account is a loyalty member, when the caller has its roles (else they are read). */
  member?: boolean;
  onlyFavorites?: boolean;
  /** Only what the store has on its shelf now. */
  available?: boolean;
  /** Only products on sale today (the store's own sale or a circular). */
  onSale?: boolean;
  /** Charged price bounds, in cents, inclusive. */
  minPrice?: number;
  maxPrice?: number;
  /** The page-cache version, where the caller has read it (the route reads it to find its store). */
  version?: string;
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
    member_price: price.basis === 'member',
    member_price_cents: price.member_cents,
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

/** The department and every department below it (the tree is small reference data: one indexed read). */
async function departmentIds(db: Kysely<Database>, id: number): Promise<number[]> {
  const all = await db.selectFrom('departments').select(['id', 'parent_id']).execute();
  const children = new Map<number, number[]>();
  for (const d of all) if (d.parent_id !== null) children.set(d.parent_id, [...(children.get(d.parent_id) ?? []), d.id]);
  const out = [id];
  for (let i = 0; i < out.length; i++) out.push(...(children.get(out[i]) ?? []));
  return out;
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
  const day = storeDay(new Date(), query.timeZone ?? (await storeTimeZone(db, query.storeId)));
  // Which products a list shows does not change until the catalogue does (every catalogue write moves the
  // page-cache version): the page's ids and the total are kept per version, so a popular aisle or filter costs
  // its counting query once (docs/search.md, "Lists at scale"). Prices are read fresh for every answer.
  const key = query.onlyFavorites ? null : selectionKey(query, day);
  const version = key ? (query.version ?? (await readPageCacheVersion(db))) : '';
  const selection = key ? await shelfSelections(db).kept(version, key, () => selectPage(db, query, day)) : await selectPage(db, query, day);
  return pageOf(db, query, day, version, selection.ids, selection.total);
}

/**
 * A page's products with the store's shelf row each, in the page's order: one statement by primary keys (the
 * products and their shelf rows were two, one after the other; each round trip is a chance to wait for a core).
 */
async function productsOnShelf(db: Kysely<Database>, storeId: number, ids: number[]) {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('products')
    .innerJoin('store_products', 'store_products.product_id', 'products.id')
    .selectAll('products')
    .select([
      'store_products.price_cents as shelf_price_cents',
      'store_products.sale_price_cents as shelf_sale_price_cents',
      'store_products.sale_start as shelf_sale_start',
      'store_products.sale_end as shelf_sale_end',
      'store_products.member_price_cents as shelf_member_price_cents',
      'store_products.available as shelf_available',
    ])
    .where('store_products.store_id', '=', storeId)
    .where('store_products.product_id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** One page of a list and its total, from the indexes. */
async function selectPage(db: Kysely<Database>, query: ProductQuery, day: string): Promise<{ ids: number[]; total: number }> {
  // Every filter is answered from an index: the store's shelf by its primary key (or by price / by sale),
  // attributes from product_attributes, departments from products_department, the name order from
  // products_catalog_name (migration 175; the EXPLAIN test in server/routes/shop/query-plans.test.ts holds it).
  const ids = query.ids;
  // Products first, then each one's shelf row by primary key: an aisle, an attribute or the catalogue's name
  // order narrows products by index, and SQLite's planner, given thin statistics, would otherwise walk the
  // store's 40,000 shelf rows (CROSS JOIN fixes SQLite's join order; PostgreSQL plans it as any join). Only
  // price and sale filters without an aisle or attribute start from the shelf (store_products_price, _sale).
  const shelfFirst =
    !query.department && !query.attributes?.length && (query.onSale || query.minPrice !== undefined || query.maxPrice !== undefined);
  let base = (
    ids || shelfFirst
      ? db.selectFrom('products').innerJoin('store_products', 'store_products.product_id', 'products.id')
      : db.selectFrom('products').crossJoin('store_products').whereRef('store_products.product_id', '=', 'products.id')
  ).where('store_products.store_id', '=', query.storeId);
  // Search results are a few hundred ids: read by primary key, their catalogue and state checked on the rows
  // (as conditions, SQLite would rather walk the catalogue's 40,000 index entries than look up 500 ids).
  if (ids) base = base.where('store_products.product_id', 'in', ids.length ? ids : [-1]);
  else base = base.where('products.catalog', '=', query.catalog).where('products.active', '=', 1);
  if (query.department) base = base.where('products.department_id', 'in', await departmentIds(db, query.department));
  if (query.q) {
    // A query of symbols only ('%', '&'), matched literally in names: read from products_catalog_name, which
    // holds the name, so even this rare case never reads the products table whole (query-plans.test.ts).
    const pattern = likePattern(query.q);
    base = base.where(sql<boolean>`lower(products.name) like ${pattern} escape '!'`);
  }
  for (const attribute of new Set(query.attributes ?? []))
    base = ids
      ? // Each found product's own rows (primary key), not the attribute's whole list.
        base.where((eb) =>
          eb.exists(
            eb
              .selectFrom('product_attributes')
              .select('product_attributes.attribute')
              .whereRef('product_attributes.product_id', '=', 'products.id')
              .where('product_attributes.attribute', '=', attribute),
          ),
        )
      : base.where('products.id', 'in', (eb) =>
          eb.selectFrom('product_attributes').select('product_attributes.product_id').where('product_attributes.attribute', '=', attribute),
        );
  if (query.available) base = base.where('store_products.available', '=', 1);
  if (query.onSale) base = base.where(onSaleSql(day));
  const sales = query.onSale || query.minPrice !== undefined || query.maxPrice !== undefined || query.sort.startsWith('price');
  const circular = sales ? await circularPriceSql(db, query.storeId, day) : null;
  const charged = circular ? chargedPriceSql(day, circular) : null;
  if (query.onSale && circular) base = base.where((eb) => eb.or([onSaleSql(day), sql<boolean>`${circular} < store_products.price_cents`]));
  if (query.minPrice !== undefined && charged) {
    // What is charged is never above the shelf price: the shelf bound narrows by index, the exact one decides.
    base = base.where('store_products.price_cents', '>=', query.minPrice).where(sql<boolean>`${charged} >= ${query.minPrice}`);
  }
  if (query.maxPrice !== undefined && charged) base = base.where(sql<boolean>`${charged} <= ${query.maxPrice}`);
  if (query.onlyFavorites) {
    const userId = query.userId ?? -1;
    base = base.where('products.id', 'in', (eb) =>
      eb.selectFrom('favorites').select('favorites.product_id').where('favorites.user_id', '=', userId),
    );
  }
  if (ids) {
    // Ranked by the search service (or by the asked order): only the ids the shelf carries, then one page.
    const shelf = await base.select(['products.id', 'products.catalog', 'products.active']).execute();
    const found = new Set(shelf.filter((r) => r.catalog === query.catalog && r.active === 1).map((r) => r.id));
    const ranked = ids.filter((id) => found.has(id));
    if (query.sort !== 'relevance') {
      const order = await orderedIds(db, query, [...found], charged);
      ranked.splice(0, ranked.length, ...order);
    }
    const pageIds = ranked.slice((query.page - 1) * query.perPage, query.page * query.perPage);
    return { ids: pageIds, total: ranked.length };
  }
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  let rows = base.select('products.id');
  if ((query.sort === 'price_asc' || query.sort === 'price_desc') && charged)
    rows = rows.orderBy(charged, query.sort === 'price_asc' ? 'asc' : 'desc');
  const items = await rows
    .orderBy('products.name')
    .orderBy('products.id')
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage)
    .execute();
  return { ids: items.map((r) => r.id), total: Number(total) };
}

/** Found ids in a list's order (name or price): a few hundred rows by primary key. */
async function orderedIds(db: Kysely<Database>, query: ProductQuery, ids: number[], charged: RawBuilder<number> | null): Promise<number[]> {
  if (!ids.length) return [];
  let q = db
    .selectFrom('products')
    .innerJoin('store_products', 'store_products.product_id', 'products.id')
    .select('products.id')
    .where('store_products.store_id', '=', query.storeId)
    .where('store_products.product_id', 'in', ids);
  if ((query.sort === 'price_asc' || query.sort === 'price_desc') && charged)
    q = q.orderBy(charged, query.sort === 'price_asc' ? 'asc' : 'desc');
  return (await q.orderBy('products.name').orderBy('products.id').execute()).map((r) => r.id);
}

async function pageOf(
  db: Kysely<Database>,
  query: ProductQuery,
  /** The store's day the list was priced on. */
  day: string,
  /** The page-cache version the list was read under ('' for a shopper's favourites, never kept). */
  version: string,
  ids: number[],
  count: number,
): Promise<ProductPage> {
  const when = { pickupDay: day, orderedOn: day };
  // All at once: the page's rows, the circulars' sales for them, the shopper's favourites and membership.
  const [rows, sales, favorites, member] = await Promise.all([
    productsOnShelf(db, query.storeId, ids),
    version ? runningSales(db, version, query.storeId, day, ids) : circularSales(db, query.storeId, when, ids),
    favoriteSet(db, query.userId, ids),
    isMember(db, query.userId, query.member),
  ]);
  const shelf = rows.map((r) => ({
    product_id: r.id,
    price_cents: r.shelf_price_cents,
    sale_price_cents: r.shelf_sale_price_cents,
    sale_start: r.shelf_sale_start,
    sale_end: r.shelf_sale_end,
    member_price_cents: r.shelf_member_price_cents,
    available: r.shelf_available,
  }));
  const prices = pricesOf(shelf, sales, when, { member });
  return {
    store_id: query.storeId,
    items: rows.flatMap((r) => {
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
  const price = (await storePrices(db, storeId, [id], undefined, { member: await isMember(db, userId) })).get(id);
  if (!price) return null;
  return toProductJson(row, price, storeId, (await favoriteSet(db, userId, [id])).has(id));
}
