import { type Selectable, sql } from 'kysely';
import type { z } from 'zod';
import {
  type ListPage,
  type ProductRecord,
  type productInput,
  sizeLabel,
  type StorePriceRecord,
  UPC_PATTERN,
  type storePriceInput,
} from '../../../core/wire/catalogue-admin';
import type { ProductAttribute } from '../../../core/shop/product-attributes';
import { isPostgres } from '../../db/migration-helpers';
import type { ProductsTable } from '../../db/schema';
import { errors } from '../../errors';
import { parseJson } from '../users';
import { recordAudit } from './audit';
import { type Actor, catalogueChanged, checkSeo, checkUnchanged, contains, fieldError, json, nextId, pageOf, type Tx } from './common';
import { missingImages } from './images';
import { keptSelection, keptTotal } from './list-pages';

// Products and their per-store shelf rows (price, member price, availability). products and store_products have
// no page-cache triggers: every change here moves the version once and stamps the changed rows' updated_at (a
// product's is what the search index follows; prices are not in it, so a price change stamps the shelf row only).

type ProductBody = z.output<typeof productInput>;
type StorePriceBody = z.output<typeof storePriceInput>;

export function toProductRecord(row: Selectable<ProductsTable>, attributes?: string[]): ProductRecord {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    brand: row.brand,
    department_id: row.department_id,
    catalog: row.catalog as ProductRecord['catalog'],
    kind: row.kind,
    upc: row.upc,
    size_value: row.size_value === null ? null : Number(row.size_value),
    size_unit: row.size_unit as ProductRecord['size_unit'],
    size: row.size,
    price_cents: row.price_cents,
    description: row.description,
    ingredients: row.ingredients,
    allergens: parseJson(row.allergens, []),
    attributes: (attributes ?? parseJson<string[]>(row.attributes, [])) as ProductAttribute[],
    nutrition: parseJson(row.nutrition, null),
    snap_eligible: row.snap_eligible === 1,
    tax_category: row.tax_category as ProductRecord['tax_category'],
    age_restricted: row.age_restricted === 1,
    catering_notice_hours: row.catering_notice_hours,
    images: parseJson(row.images, []),
    active: row.active === 1,
    seo: parseJson(row.seo, {}),
    updated_at: Number(row.updated_at),
  };
}

export async function getProductRecord(db: Tx, id: number): Promise<ProductRecord | null> {
  const row = await db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const attributes = await db
    .selectFrom('product_attributes')
    .select('attribute')
    .where('product_id', '=', id)
    .orderBy('attribute')
    .execute();
  return toProductRecord(
    row,
    attributes.map((a) => a.attribute),
  );
}

export interface ProductListQuery {
  q?: string;
  department_id?: number;
  catalog?: string;
  active?: boolean;
  attribute?: string;
  page: number;
  per_page: number;
}

/**
 * One page of products by name. The order is the (name, id, brand) index (migration 161), so a page reads its
 * rows in order from the index; a search narrows by name or brand from the same index, a UPC by its own index.
 */
/** How many matches of a text search are read in one pass before counting separately. */
export const SEARCH_IDS = 5000;

export async function listProductRecords(db: Tx, query: ProductListQuery): Promise<ListPage<ProductRecord>> {
  let base = db.selectFrom('products');
  if (query.q && UPC_PATTERN.test(query.q)) base = base.where('products.upc', '=', query.q);
  else if (query.q && !isPostgres(db) && [...query.q].length >= 3) {
    // SQLite: the trigram index of names and brands (migration 231) finds the matches; a phrase of trigrams is a
    // case-insensitive substring of one column, as LIKE '%…%' is.
    const phrase = `"${query.q.replaceAll('"', '""')}"`;
    base = base.where('products.id', 'in', sql<number>`(select rowid from products_name_fts where products_name_fts match ${phrase})`);
  } else if (query.q) {
    // Case-insensitive on both databases without lower() per row. PostgreSQL answers from the trigram indexes of
    // name and brand (pg_trgm, migration 231); SQLite, for one or two characters, from the (name, id, brand) index
    // alone (migration 161).
    const pattern = contains(query.q);
    const like = sql.raw(isPostgres(db) ? 'ilike' : 'like');
    base = base.where((eb) =>
      eb.or([sql<boolean>`products.name ${like} ${pattern} escape '!'`, sql<boolean>`products.brand ${like} ${pattern} escape '!'`]),
    );
  }
  if (query.department_id) base = base.where('products.department_id', '=', query.department_id);
  if (query.catalog) base = base.where('products.catalog', '=', query.catalog);
  if (query.active !== undefined) base = base.where('products.active', '=', query.active ? 1 : 0);
  if (query.attribute) {
    const attribute = query.attribute;
    base = base.where('products.id', 'in', (eb) =>
      eb.selectFrom('product_attributes').select('product_attributes.product_id').where('product_attributes.attribute', '=', attribute),
    );
  }
  const ordered = base.select('products.id').orderBy('products.name').orderBy('products.id');
  const offset = (query.page - 1) * query.per_page;
  const filters = [query.q ?? null, query.department_id ?? null, query.catalog ?? null, query.active ?? null, query.attribute ?? null];
  const count = async () => Number((await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()).total);
  // Kept per catalogue version (list-pages.ts): paging on, or the same page again, counts nothing.
  const { ids, total } = await keptSelection(db, ['products', ...filters, query.page, query.per_page], async () => {
    // A text search reads the index once: every match in order (a few thousand at most, usually), counted and
    // sliced here. Past SEARCH_IDS matches, or without a text search, the count and the page are two index reads.
    const matches = query.q && !UPC_PATTERN.test(query.q) ? (await ordered.limit(SEARCH_IDS + 1).execute()).map((r) => r.id) : null;
    if (matches && matches.length <= SEARCH_IDS) return { total: matches.length, ids: matches.slice(offset, offset + query.per_page) };
    return {
      total: await keptTotal(db, ['products', ...filters], count),
      // The page's ids first, from the index alone (an offset skips index entries, not rows), then those rows.
      ids: (await ordered.limit(query.per_page).offset(offset).execute()).map((r) => r.id),
    };
  });
  const rows = ids.length ? await db.selectFrom('products').selectAll().where('id', 'in', ids).execute() : [];
  const order = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return pageOf(
    rows.map((r) => toProductRecord(r)),
    total,
    query.page,
    query.per_page,
  );
}

const hueOf = (name: string) => [...name].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 360, 7);

async function checkProduct(tx: Tx, body: ProductBody, id: number | null): Promise<void> {
  const slugTaken = await tx.selectFrom('products').select('id').where('slug', '=', body.slug).executeTakeFirst();
  if (slugTaken && slugTaken.id !== id) throw fieldError('slug', `Another product (${slugTaken.id}) has the slug ${body.slug}.`);
  if (body.upc) {
    const upcTaken = await tx.selectFrom('products').select('id').where('upc', '=', body.upc).executeTakeFirst();
    if (upcTaken && upcTaken.id !== id) throw fieldError('upc', `Another product (${upcTaken.id}) has the UPC ${body.upc}.`);
  }
  const department = await tx.selectFrom('departments').select(['id', 'catalog']).where('id', '=', body.department_id).executeTakeFirst();
  if (!department) throw fieldError('department_id', `Unknown department id: ${body.department_id}.`);
  if (department.catalog !== body.catalog)
    throw fieldError('department_id', `Department ${department.id} belongs to the ${department.catalog} catalogue.`);
  if ((body.size_value === null) !== (body.size_unit === ''))
    throw fieldError('size_unit', 'Give the size and its unit together, or neither.');
  const missing = await missingImages(tx, body.images);
  if (missing !== null) throw fieldError(`images.${missing}.key`, 'No uploaded image has this key.');
}

export async function saveProduct(
  db: Tx,
  actor: Actor,
  id: number | null,
  body: ProductBody,
  siteOrigin: string | null,
): Promise<ProductRecord> {
  checkSeo(body.seo, siteOrigin);
  return db.transaction().execute(async (tx) => {
    const before = id === null ? null : await getProductRecord(tx, id);
    if (id !== null && !before) throw errors.missing('Product');
    if (id !== null && before) await checkUnchanged(tx, 'product', id, before.updated_at, body.expected_updated_at);
    await checkProduct(tx, body, id);
    const now = Date.now();
    // The shop's SNAP filter reads the 'snap' attribute: it follows the SNAP flag, never the other way.
    const attributes = [...new Set([...body.attributes.filter((a) => a !== 'snap'), ...(body.snap_eligible ? ['snap'] : [])])].sort();
    const row = {
      name: body.name,
      slug: body.slug,
      brand: body.brand,
      department_id: body.department_id,
      catalog: body.catalog,
      kind: body.kind,
      upc: body.upc,
      size_value: body.size_value,
      size_unit: body.size_unit,
      size: sizeLabel(body.size_value, body.size_unit),
      price_cents: body.price_cents,
      description: body.description,
      ingredients: body.ingredients,
      allergens: json(body.allergens),
      attributes: json(attributes),
      nutrition: body.nutrition === null ? null : json(body.nutrition),
      snap_eligible: body.snap_eligible ? 1 : 0,
      tax_category: body.tax_category,
      age_restricted: body.age_restricted ? 1 : 0,
      catering_notice_hours: body.catering_notice_hours,
      images: json(body.images),
      active: body.active ? 1 : 0,
      seo: json(body.seo),
      updated_at: now,
    };
    let productId = id;
    if (productId === null) {
      productId = await nextId(tx, 'products');
      await tx
        .insertInto('products')
        .values({ id: productId, hue: hueOf(body.name), ...row })
        .execute();
    } else await tx.updateTable('products').set(row).where('id', '=', productId).execute();
    await tx.deleteFrom('product_attributes').where('product_id', '=', productId).execute();
    if (attributes.length)
      await tx
        .insertInto('product_attributes')
        .values(attributes.map((attribute) => ({ product_id: productId, attribute })))
        .execute();
    await catalogueChanged(tx);
    const after = (await getProductRecord(tx, productId))!;
    await recordAudit(tx, actor, 'product', productId, id === null ? 'create' : 'update', before, after, now);
    return after;
  });
}

// ---- per-store prices

export function priceQuery(db: Tx) {
  return db
    .selectFrom('store_products')
    .innerJoin('stores', 'stores.id', 'store_products.store_id')
    .innerJoin('products', 'products.id', 'store_products.product_id')
    .select([
      'store_products.store_id',
      'stores.name as store_name',
      'store_products.product_id',
      'products.name as product_name',
      'store_products.price_cents',
      'store_products.member_price_cents',
      'store_products.available',
      'store_products.sale_price_cents',
      'store_products.sale_start',
      'store_products.sale_end',
      'store_products.promotion_id',
    ]);
}
type PriceRow = Awaited<ReturnType<ReturnType<typeof priceQuery>['execute']>>[number];
export const toPrice = (r: PriceRow): StorePriceRecord => ({ ...r, available: r.available === 1 });

/** Every store's shelf row for a product, by store name. */
export async function productPrices(db: Tx, productId: number): Promise<StorePriceRecord[]> {
  const rows = await priceQuery(db).where('store_products.product_id', '=', productId).orderBy('stores.name').execute();
  return rows.map(toPrice);
}

async function priceAt(db: Tx, productId: number, storeId: number): Promise<StorePriceRecord | null> {
  const row = await priceQuery(db)
    .where('store_products.product_id', '=', productId)
    .where('store_products.store_id', '=', storeId)
    .executeTakeFirst();
  return row ? toPrice(row) : null;
}

export async function setStorePrice(
  db: Tx,
  actor: Actor,
  productId: number,
  storeId: number,
  body: StorePriceBody,
): Promise<StorePriceRecord> {
  if (body.member_price_cents !== null && body.member_price_cents > body.price_cents)
    throw fieldError('member_price_cents', 'must not be more than the price');
  return db.transaction().execute(async (tx) => {
    const product = await tx.selectFrom('products').select('id').where('id', '=', productId).executeTakeFirst();
    if (!product) throw errors.missing('Product');
    const store = await tx.selectFrom('stores').select('id').where('id', '=', storeId).executeTakeFirst();
    if (!store) throw fieldError('store_id', `Unknown store id: ${storeId}.`);
    const before = await priceAt(tx, productId, storeId);
    const now = Date.now();
    const values = {
      price_cents: body.price_cents,
      member_price_cents: body.member_price_cents,
      available: body.available ? 1 : 0,
      updated_at: now,
    };
    if (before)
      await tx.updateTable('store_products').set(values).where('product_id', '=', productId).where('store_id', '=', storeId).execute();
    else
      await tx
        .insertInto('store_products')
        .values({
          store_id: storeId,
          product_id: productId,
          sale_price_cents: null,
          sale_start: null,
          sale_end: null,
          promotion_id: null,
          ...values,
        })
        .execute();
    await catalogueChanged(tx);
    const after = (await priceAt(tx, productId, storeId))!;
    await recordAudit(tx, actor, 'store_product', `${storeId}:${productId}`, before ? 'update' : 'create', before, after, now);
    return after;
  });
}

/** Takes a product off a store's shelf. */
export async function removeStorePrice(db: Tx, actor: Actor, productId: number, storeId: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const before = await priceAt(tx, productId, storeId);
    if (!before) throw errors.missing('Price');
    const now = Date.now();
    await tx.deleteFrom('store_products').where('product_id', '=', productId).where('store_id', '=', storeId).execute();
    await catalogueChanged(tx);
    await recordAudit(tx, actor, 'store_product', `${storeId}:${productId}`, 'delete', before, null, now);
  });
}
