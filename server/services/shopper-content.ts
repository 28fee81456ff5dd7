import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { circularDateLine } from '../../core/circulars/dates';
import { advertisedPrice } from '../../core/shop/price';
import { storeDay } from '../../core/shop/store-day';
import type { CircularProps, IslandName, IslandProps, IslandSlots, RecipeProps } from '../../core/wire/islands';
import type { Database } from '../db/schema';
import { parseJson } from './users';

// Circulars and recipes as the islands show them. A page route loads them once and leaves them on the request
// for the island's props loader (server/render/islands.tsx).

export async function loadCircular(db: Kysely<Database>, slug: string): Promise<CircularProps | null> {
  // Drafts are the back office's until published (docs/catalogue.md).
  const c = await db.selectFrom('circulars').selectAll().where('slug', '=', slug).where('status', '=', 'publish').executeTakeFirst();
  if (!c) return null;
  const items = await db
    .selectFrom('circular_items')
    .innerJoin('products', 'products.id', 'circular_items.product_id')
    .select(['products.id as product_id', 'products.name', 'products.size', 'products.price_cents', 'circular_items.sale_price_cents'])
    .where('circular_items.circular_id', '=', c.id)
    .orderBy('circular_items.position')
    .execute();
  // The ad's prices until it ends, the regular price after (core/shop/price.ts); the page cache ends with the day.
  const today = storeDay(new Date());
  return {
    title: c.title,
    dateLine: circularDateLine(c),
    items: items.map((item) => {
      const price = advertisedPrice(today, item.price_cents, {
        sale_price_cents: item.sale_price_cents,
        start_date: c.start_date,
        end_date: c.end_date,
      });
      return { ...item, sale_price_cents: price.was_cents === null ? null : price.price_cents };
    }),
  };
}

export async function loadRecipe(db: Kysely<Database>, slug: string): Promise<RecipeProps | null> {
  const r = await db.selectFrom('recipes').selectAll().where('slug', '=', slug).where('status', '=', 'publish').executeTakeFirst();
  if (!r) return null;
  return {
    image: `/media/recipes/${r.id}.svg`,
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
