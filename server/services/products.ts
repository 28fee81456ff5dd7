import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, ProductsTable } from '../db/schema';
import type { Product } from '../../core/shop/api-types';

export type ProductJson = Product;

// Product lists for the shop module: department (with its sub-departments), search, sort and paging.

export const PRODUCT_SORTS = ['name', 'price_asc', 'price_desc'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export interface ProductQuery {
  department?: number;
  q?: string;
  sort: ProductSort;
  page: number;
  perPage: number;
  userId: number | null;
  onlyFavorites?: boolean;
}

export interface ProductPage {
  items: ProductJson[];
  total: number;
  page: number;
  per_page: number;
  pages: number;
}

export function toProductJson(row: Selectable<ProductsTable>, favorite: boolean): ProductJson {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    brand: row.brand,
    size: row.size,
    price_cents: row.price_cents,
    description: row.description,
    department_id: row.department_id,
    image: `/media/products/${row.id}.svg`,
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
  let base = db.selectFrom('products');
  if (query.department) base = base.where('products.department_id', 'in', await departmentIds(db, query.department));
  if (query.q) {
    const pattern = likePattern(query.q);
    base = base.where((eb) =>
      eb.or([
        sql<boolean>`lower(products.name) like ${pattern} escape '!'`,
        sql<boolean>`lower(products.brand) like ${pattern} escape '!'`,
      ]),
    );
  }
  if (query.onlyFavorites) {
    const userId = query.userId ?? -1;
    base = base.where('products.id', 'in', (eb) =>
      eb.selectFrom('favorites').select('favorites.product_id').where('favorites.user_id', '=', userId),
    );
  }
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  let rows = base.selectAll('products');
  rows =
    query.sort === 'price_asc'
      ? rows.orderBy('price_cents', 'asc')
      : query.sort === 'price_desc'
        ? rows.orderBy('price_cents', 'desc')
        : rows;
  const items = await rows
    .orderBy('name')
    .orderBy('id')
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage)
    .execute();
  const favorites = await favoriteSet(
    db,
    query.userId,
    items.map((r) => r.id),
  );
  const count = Number(total);
  return {
    items: items.map((r) => toProductJson(r, favorites.has(r.id))),
    total: count,
    page: query.page,
    per_page: query.perPage,
    pages: Math.max(1, Math.ceil(count / query.perPage)),
  };
}

export async function getProduct(db: Kysely<Database>, id: number, userId: number | null): Promise<ProductJson | null> {
  const row = await db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  return toProductJson(row, (await favoriteSet(db, userId, [id])).has(id));
}
