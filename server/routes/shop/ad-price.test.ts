import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, CHAIN_TIME_ZONE, storeDay } from '../../../core/shop/store-day';
import type { Cart, Order } from '../../../core/shop/api-types';
import { signedInAs, useTestServer, type Client } from '../../testing/harness';
import { openSlot } from '../../testing/pickup';

// Issue 32, finding 12: orders kept an ad price after the ad ended, and a 99× quantity change after the ad ended
// was charged the expired price. The rule (core/shop/price.ts, docs/pricing.md): a line is priced at its pickup
// day's price, except that a weekly-ad price is honoured when the ad ran on the day the order was placed; units
// added after the ad ended cost the price of the day of the change. Cart, order, change and ad page agree.

const server = useTestServer();
const STORE = 1001;
const DAY = 86_400_000;
let product = 0;
let shelf = 0;
let adPrice = 0;
const today = () => storeDay(new Date(), CHAIN_TIME_ZONE);

beforeAll(async () => {
  const k = server.db.kysely;
  // A product no weekly ad touches in the coming weeks, so this test's ad is the only one.
  const advertised = k
    .selectFrom('circular_items')
    .innerJoin('circulars', 'circulars.id', 'circular_items.circular_id')
    .select('circular_items.product_id')
    .where('circulars.end_date', '>=', addDays(today(), -10));
  const row = await k
    .selectFrom('store_products')
    .select(['product_id', 'price_cents'])
    .where('store_id', '=', STORE)
    .where('available', '=', 1)
    .where('sale_price_cents', 'is', null)
    .where('price_cents', '>', 300)
    .where('product_id', 'not in', advertised)
    .orderBy('product_id')
    .executeTakeFirstOrThrow();
  product = row.product_id;
  shelf = row.price_cents;
  adPrice = shelf - 100;
  // This week's ad ends today.
  await k
    .insertInto('circulars')
    .values({
      id: 990_001,
      slug: 'ends-today',
      title: 'Ends today',
      start_date: addDays(today(), -6),
      end_date: today(),
      display_start_date: null,
      display_end_date: null,
      store_ids: '[]',
    })
    .execute();
  await k
    .insertInto('circular_items')
    .values({ circular_id: 990_001, product_id: product, sale_price_cents: adPrice, position: 1 })
    .execute();
});
afterEach(() => vi.useRealTimers());

const add = (c: Client, quantity: number) =>
  c.json<Cart>(`/api/shop/v1/cart/items?store_id=${STORE}`, { method: 'POST', body: { items: [{ product_id: product, quantity }] } });
const lineOf = (o: Order) => o.lines.find((l) => l.product_id === product)!;

describe('the price rule', () => {
  it('honours the ad for an order placed while it runs, and charges units added after it ended at the regular price', async () => {
    const jordan = await signedInAs(server.url, 'jordan');
    await jordan.json('/api/shop/v1/cart', { method: 'DELETE' });
    expect((await add(jordan, 2)).status).toBe(200);
    // The cart, holding a window after the ad's last day, shows the ad price (the ad runs on the order day).
    const slot = await openSlot(jordan, STORE, '10:00', 3);
    expect((await jordan.json('/api/shop/v1/pickup-hold', { method: 'PUT', body: { slot_id: slot } })).status).toBe(200);
    const cart = (await jordan.get<Cart>(`/api/shop/v1/cart?store_id=${STORE}`)).body;
    expect(cart.priced_for).toBe(addDays(today(), 3));
    expect(cart.lines.find((l) => l.product_id === product)).toMatchObject({ price_cents: adPrice, was_cents: shelf });

    const placed = await jordan.json<Order>('/api/shop/v1/orders', { method: 'POST', body: { store_id: STORE, slot_id: slot } });
    expect(placed.status).toBe(201);
    expect(lineOf(placed.body)).toMatchObject({ quantity: 2, price_cents: adPrice, line_total_cents: 2 * adPrice });

    // The next day the ad has ended: a 99× change keeps 2 at the ad price and charges the 97 added at the shelf price.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + DAY });
    await jordan.page('/contact'); // a nonce of that day
    const changed = await jordan.json<Order>(`/api/shop/v1/orders/${placed.body.id}/lines/${product}`, {
      method: 'PATCH',
      body: { quantity: 99 },
    });
    expect(changed.status).toBe(200);
    expect(lineOf(changed.body).line_total_cents).toBe(2 * adPrice + 97 * shelf);
    expect(changed.body.subtotal_cents).toBe(changed.body.lines.reduce((n, l) => n + (l.line_total_cents ?? 0), 0));
    // Back down to 1: the latest units go first, the one left is at the ad price.
    const fewer = await jordan.json<Order>(`/api/shop/v1/orders/${placed.body.id}/lines/${product}`, {
      method: 'PATCH',
      body: { quantity: 1 },
    });
    expect(lineOf(fewer.body).line_total_cents).toBe(adPrice);
  });

  it('charges the regular price for an order placed after the ad ended, and the ad page stops advertising it', async () => {
    const casey = await signedInAs(server.url, 'casey');
    await casey.json('/api/shop/v1/cart', { method: 'DELETE' });
    const before = await (await fetch(`${server.url}/circulars/ends-today`)).text();
    expect(before).toContain(`was $${(shelf / 100).toFixed(2)}`);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + DAY });
    await casey.page('/contact');
    expect((await add(casey, 3)).status).toBe(200);
    const cart = (await casey.get<Cart>(`/api/shop/v1/cart?store_id=${STORE}`)).body;
    expect(cart.lines.find((l) => l.product_id === product)).toMatchObject({ price_cents: shelf, was_cents: null });
    const slot = await openSlot(casey, STORE, '11:00', 2);
    const placed = await casey.json<Order>('/api/shop/v1/orders', { method: 'POST', body: { store_id: STORE, slot_id: slot } });
    expect(placed.status).toBe(201);
    expect(lineOf(placed.body)).toMatchObject({ price_cents: shelf, line_total_cents: 3 * shelf });

    const after = await (await fetch(`${server.url}/circulars/ends-today`)).text();
    expect(after).not.toContain(`$${(adPrice / 100).toFixed(2)}`);
    expect(after).toContain(`$${(shelf / 100).toFixed(2)}`);
  });
});
