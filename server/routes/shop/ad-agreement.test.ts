import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Cart, Order } from '../../../core/shop/api-types';
import { addDays, CHAIN_TIME_ZONE, storeDay } from '../../../core/shop/store-day';
import { Client, signedInAs, useTestServer, visitorWithStore } from '../../testing/harness';
import { openSlot } from '../../testing/pickup';

// Issue 33's acceptance: the weekly-ad page, the product API (product cards and pages), the cart and the order
// agree on the price of every ad item at every store, for an order placed during the ad with pickup during it or
// after it, and for an order placed after the ad with pickup after it (docs/pricing.md, "The rule"). The
// seeded weekly ad is moved to run from two days ago to two days on, so every case is reachable whatever day the
// test runs.

const server = useTestServer();
const DAY = 86_400_000;
let adStart = '';
let adEnd = '';
const adPrices = new Map<number, number>();

beforeAll(async () => {
  const k = server.db.kysely;
  const today = storeDay(new Date(), CHAIN_TIME_ZONE);
  adStart = addDays(today, -2);
  adEnd = addDays(today, 2);
  const ad = await k.selectFrom('circulars').select('id').where('slug', '=', 'weekly-ad').executeTakeFirstOrThrow();
  await k
    .updateTable('circulars')
    .set({ start_date: adStart, end_date: adEnd, display_start_date: null, display_end_date: null })
    .where('id', '=', ad.id)
    .execute();
  for (const item of await k
    .selectFrom('circular_items')
    .select(['product_id', 'sale_price_cents'])
    .where('circular_id', '=', ad.id)
    .execute())
    adPrices.set(item.product_id, item.sale_price_cents);
  // Another running ad for the same products would make "after the ad" ambiguous: none may overlap these days.
  const others = await k
    .selectFrom('circular_items')
    .innerJoin('circulars', 'circulars.id', 'circular_items.circular_id')
    .select('circulars.slug')
    .where('circulars.id', '!=', ad.id)
    .where('circulars.end_date', '>=', adStart)
    .where('circular_items.product_id', 'in', [...adPrices.keys()])
    .execute();
  expect(others).toEqual([]);
});
afterEach(() => vi.useRealTimers());

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The ad page's price for each item it offers with Add, as a shopper at the store reads it. */
async function adPage(c: Client): Promise<Map<number, string>> {
  const { status, html } = await c.page('/circulars/weekly-ad');
  expect(status).toBe(200);
  const out = new Map<number, string>();
  for (const [, id, body] of html.matchAll(/<li class="product-card" data-product-id="(\d+)">(.*?)<\/li>/gs))
    if (/aria-label="Add to cart, /.test(body)) out.set(Number(id), /<strong>([^<]*)<\/strong>/.exec(body)?.[1] ?? '');
  return out;
}

type Case = { name: string; orderDay: 'during' | 'after'; pickupOffset: number };
// Days from the order day: pickup during the ad (tomorrow, before it ends) or after it (the ad ends in two days).
const CASES: Case[] = [
  { name: 'ordered during the ad, picked up during it', orderDay: 'during', pickupOffset: 1 },
  { name: 'ordered during the ad, picked up after it', orderDay: 'during', pickupOffset: 4 },
  { name: 'ordered after the ad, picked up after it', orderDay: 'after', pickupOffset: 1 },
];

describe('weekly ad, product API, cart and order agree at every store', () => {
  it.each(CASES)('$name', async ({ orderDay, pickupOffset }) => {
    if (orderDay === 'after') vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3 * DAY });
    const today = storeDay(new Date(), CHAIN_TIME_ZONE);
    const pickupDay = addDays(today, pickupOffset);
    const adRuns = (day: string) => adStart <= day && day <= adEnd;
    const stores = (
      await new Client(server.url).json<{ items: Array<{ id: number; kind: string; is_selectable: boolean }> }>('/api/shop/v1/stores')
    ).body.items.filter((s) => s.kind === 'shopping' && s.is_selectable);
    expect(stores.length).toBeGreaterThan(3);
    const casey = await signedInAs(server.url, 'casey');
    let honoured = 0;
    let regular = 0;
    for (const store of stores) {
      const visitor = await visitorWithStore(server.url, store.id);
      const page = await adPage(visitor);
      const ids = [...page.keys()];
      const api = new Map(
        await Promise.all(
          ids.map(async (id) => {
            const r = await visitor.json<{ price_cents: number; available: boolean }>(`/api/shop/v1/products/${id}?store_id=${store.id}`);
            return [id, r.body] as const;
          }),
        ),
      );
      const added = await casey.json<Cart>(`/api/shop/v1/cart/items?store_id=${store.id}`, {
        method: 'POST',
        body: { items: ids.map((product_id) => ({ product_id, quantity: 1 })) },
      });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      // Holding a window prices the cart for its day.
      const slot = await openSlot(casey, store.id, undefined, pickupOffset);
      expect((await casey.json('/api/shop/v1/pickup-hold', { method: 'PUT', body: { slot_id: slot } })).status).toBe(200);
      const cart = (await casey.get<Cart>(`/api/shop/v1/cart?store_id=${store.id}`)).body;
      expect(cart.priced_for).toBe(pickupDay);
      const placed = await casey.json<Order>('/api/shop/v1/orders', { method: 'POST', body: { store_id: store.id, slot_id: slot } });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      expect(placed.body.pickup_date).toBe(pickupDay);
      for (const id of ids) {
        const where = `product ${id} at store ${store.id}`;
        const price = api.get(id)!.price_cents;
        const line = cart.lines.find((l) => l.product_id === id)!;
        const ordered = placed.body.lines.find((l) => l.product_id === id)!;
        expect(page.get(id), where).toBe(money(price));
        expect(line.price_cents, where).toBe(price);
        expect(ordered.price_cents, where).toBe(price);
        // And the price is the rule's: the ad's while it ran on the order day, the regular price after.
        const ad = adPrices.get(id)!;
        if (adRuns(today)) {
          expect(price, where).toBeLessThanOrEqual(ad);
          if (!adRuns(pickupDay) && price === ad) honoured++;
        } else {
          // The ad is over: its price is gone from page, card, cart and order (the regular price, which at a store
          // that sells the item for less than the ad was already lower).
          expect(price, where).not.toBe(ad);
          regular++;
        }
      }
    }
    if (orderDay === 'during' && pickupOffset > 2) expect(honoured).toBeGreaterThan(0);
    if (orderDay === 'after') expect(regular).toBeGreaterThan(0);
  });
});
