import type { Kysely, Selectable } from 'kysely';
import type { Database, ProductsTable } from '../../db/schema';
import type { ProductPageProps } from '../../../core/wire/product-page';
import { readSeo, type SeoFields } from '../../../core/wire/seo';
import { priceOn } from '../../../core/shop/price';
import { CHAIN_TIME_ZONE, storeDay } from '../../../core/shop/store-day';
import { CATALOGS, type Catalog } from '../../../core/shop/catalog';
import { storePrices } from '../prices';
import { shopStore } from '../shop-store';
import { toProductJson } from '../products';
import { parseJson } from '../users';
import { oftenBoughtWith } from '../often-bought-with';
import { largestImageUrl, nutritionRows, readImages, readNutrition } from './content-seo';
import { imageSrcset, imageUrl, imageWidths } from '../../../core/wire/catalogue-admin';
import type { ProductFacts, ProductOffer } from './structured-data';

// A product's page (/products/{slug}, docs/seo.md): the product as its island shows it, at the visitor's store
// (the store of the product's catalogue: a wine bottle is priced at the visitor's wine store) or, without one,
// the range of prices across the stores that carry it, which is also what its JSON-LD offers.

export interface LoadedProductPage {
  props: ProductPageProps;
  fields: SeoFields;
  facts: ProductFacts;
  offer: ProductOffer | null;
  department: string | null;
  departmentId: number;
}

/** The lowest and highest price today across every store carrying it (its own sales and circulars applied). */
async function priceRange(db: Kysely<Database>, productId: number, now: Date): Promise<ProductPageProps['range']> {
  // Across every store: the chain's day (a store a zone west may still be on yesterday's prices for an hour).
  const day = storeDay(now, CHAIN_TIME_ZONE);
  const [shelves, circular] = await Promise.all([
    db.selectFrom('store_products').selectAll().where('product_id', '=', productId).execute(),
    db
      .selectFrom('circular_items')
      .innerJoin('circulars', 'circulars.id', 'circular_items.circular_id')
      .select(['circular_items.sale_price_cents', 'circulars.start_date', 'circulars.end_date', 'circulars.store_ids'])
      .where('circular_items.product_id', '=', productId)
      .where('circulars.start_date', '<=', day)
      .where('circulars.end_date', '>=', day)
      .execute(),
  ]);
  if (!shelves.length) return null;
  const prices = shelves.map((s) => {
    const sales = circular.filter((c) => {
      const ids = parseJson<number[]>(c.store_ids, []);
      return ids.length === 0 || ids.includes(s.store_id);
    });
    return priceOn(day, s, sales).price_cents;
  });
  return { low_cents: Math.min(...prices), high_cents: Math.max(...prices), stores: shelves.length };
}

export async function loadProductPage(
  db: Kysely<Database>,
  slug: string,
  storeId: number | null,
  now = new Date(),
): Promise<LoadedProductPage | null> {
  const row: Selectable<ProductsTable> | undefined = await db
    .selectFrom('products')
    .selectAll()
    .where('slug', '=', slug)
    .where('active', '=', 1)
    .executeTakeFirst();
  if (!row) return null;
  const stored = readImages(row.images);
  const images = stored.length
    ? stored.map((i) => {
        const widths = imageWidths(i);
        return {
          src: imageUrl(i.key, widths.find((w) => w >= 640) ?? widths[widths.length - 1]),
          srcset: imageSrcset(i),
          alt: i.alt || row.name,
          width: i.width || 400,
          height: i.height || 400,
        };
      })
    : [{ src: `/media/products/${row.id}.svg`, alt: row.name, width: 400, height: 400 }];
  const nutrition = readNutrition(row.nutrition);
  let offer: ProductPageProps['offer'] = null;
  if (storeId) {
    const catalog: Catalog = (CATALOGS as readonly string[]).includes(row.catalog) ? (row.catalog as Catalog) : 'grocery';
    const store = await shopStore(db, storeId, catalog).catch(() => null);
    const price = store
      ? (
          await storePrices(db, store.id, [row.id], {
            pickupDay: storeDay(now, store.time_zone),
            orderedOn: storeDay(now, store.time_zone),
          })
        ).get(row.id)
      : undefined;
    if (store && price) offer = { storeId: store.id, storeName: store.name, price: toProductJson(row, price, store.id, false), catalog };
  }
  const range = offer ? null : await priceRange(db, row.id, now);
  const [department, also] = await Promise.all([
    db.selectFrom('departments').select('title').where('id', '=', row.department_id).executeTakeFirst(),
    oftenBoughtWith(db, row),
  ]);
  const path = `/products/${row.slug}`;
  const card = `/media/social/products/${row.id}.png`;
  return {
    props: {
      product: {
        id: row.id,
        name: row.name,
        slug: row.slug,
        brand: row.brand,
        size: row.size,
        description: row.description,
        ingredients: row.ingredients,
        allergens: parseJson<unknown[]>(row.allergens, []).flatMap((a) => (typeof a === 'string' ? [a.replace(/_/g, ' ')] : [])),
        nutrition: nutrition ? nutritionRows(nutrition) : null,
        snap: row.snap_eligible === 1,
        images,
      },
      offer,
      range,
      also,
    },
    fields: readSeo(row.seo),
    facts: {
      id: row.id,
      name: row.name,
      description: row.description || `${row.name}${row.size ? `, ${row.size}` : ''}`,
      brand: row.brand,
      upc: row.upc,
      path,
      images: [card, ...stored.map(largestImageUrl)],
    },
    offer: offer
      ? { kind: 'store', price_cents: offer.price.price_cents, available: offer.price.available, sale_ends: offer.price.sale_ends }
      : range
        ? { kind: 'aggregate', low_cents: range.low_cents, high_cents: range.high_cents, count: range.stores }
        : null,
    department: department?.title ?? null,
    departmentId: row.department_id,
  };
}
