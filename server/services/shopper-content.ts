import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { circularDateLine } from '../../core/circulars/dates';
import type { CircularProps, IslandName, IslandProps, IslandSlots, RecipeProps } from '../../core/wire/islands';
import type { Database } from '../db/schema';
import { storeDay } from '../../core/shop/store-day';
import { storeTimeZone } from './stores';
import { storePrices } from './prices';
import { parseJson } from './users';
import { isProductAttribute } from '../../core/shop/product-attributes';
import { largestImageUrl, readImages } from './seo/content-seo';
import { imageSrcset } from '../../core/wire/catalogue-admin';

// Circulars and recipes as the islands show them. A page route loads them once and leaves them on the request
// for the island's props loader (server/render/islands.tsx).

/**
 * The circular at the shopper's grocery store: each item at the price that store charges today, through the one
 * price path (storePrices → linePrice, docs/pricing.md), so the ad page, product cards, product pages, cart and
 * order agree. An item the store does not sell or is out of is shown without Add (docs/shop.md).
 */
export async function loadCircular(db: Kysely<Database>, slug: string, storeId: number): Promise<CircularProps | null> {
  // Drafts are the back office's until published (docs/catalogue.md).
  const c = await db.selectFrom('circulars').selectAll().where('slug', '=', slug).where('status', '=', 'publish').executeTakeFirst();
  if (!c) return null;
  const items = await db
    .selectFrom('circular_items')
    .innerJoin('products', 'products.id', 'circular_items.product_id')
    .select(['products.id as product_id', 'products.name', 'products.size', 'products.price_cents', 'products.attributes'])
    .where('circular_items.circular_id', '=', c.id)
    .orderBy('circular_items.position')
    .execute();
  // The store's prices for an order placed today and picked up during the ad (its first day when it has not
  // started), so an ad published ahead shows its prices; once it has ended, today's regular prices.
  const today = storeDay(new Date(), await storeTimeZone(db, storeId));
  const pickupDay = c.start_date > today ? c.start_date : today;
  const prices = await storePrices(
    db,
    storeId,
    items.map((i) => i.product_id),
    { pickupDay, orderedOn: today },
  );
  return {
    title: c.title,
    dateLine: circularDateLine(c),
    items: items.map(({ attributes: stored, ...row }) => {
      const item = { ...row, attributes: parseJson<unknown[]>(stored, []).filter(isProductAttribute) };
      const price = prices.get(item.product_id);
      if (!price) return { ...item, sale_price_cents: null, available: false };
      return {
        ...item,
        price_cents: price.was_cents ?? price.price_cents,
        sale_price_cents: price.was_cents === null ? null : price.price_cents,
        available: price.available,
      };
    }),
  };
}

export async function loadRecipe(db: Kysely<Database>, slug: string): Promise<RecipeProps | null> {
  const r = await db.selectFrom('recipes').selectAll().where('slug', '=', slug).where('status', '=', 'publish').executeTakeFirst();
  if (!r) return null;
  // A back-office upload (docs/catalogue.md) through its sizes, else the drawn tile.
  const first = readImages(r.images)[0];
  return {
    image: first ? largestImageUrl(first) : `/media/recipes/${r.id}.svg`,
    ...(first ? { image_srcset: imageSrcset(first), image_width: first.width, image_height: first.height, image_alt: first.alt } : {}),
    title: r.title,
    summary: r.summary,
    minutes: r.minutes,
    serves: r.serves,
    ingredients: parseJson<RecipeProps['ingredients']>(r.ingredients, []),
    steps: parseJson<string[]>(r.steps, []),
  };
}

const loaded = new WeakMap<FastifyRequest, IslandSlots['props']>();
export function setRequestIslandProps<N extends IslandName>(request: FastifyRequest, island: N, props: IslandProps[N]): void {
  const slots: IslandSlots['props'] = { ...loaded.get(request) };
  (slots as Record<N, IslandProps[N]>)[island] = props;
  loaded.set(request, slots);
}
/** The props a page route loaded for its island; a route that forgot to is a developer error. */
export function requestIslandProps<N extends IslandName>(request: FastifyRequest, island: N): IslandProps[N] {
  const props = loaded.get(request)?.[island];
  if (!props) throw new Error(`${island} island props were not loaded for ${request.url}`);
  return props;
}
