import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedInAs, startTestServer, type TestServer, visitorAt } from '../../testing/harness';
import { openSlot } from '../../testing/pickup';
import type { Cart, Order, Product, ProductPage } from '../../../core/shop/api-types';
import { addDays } from '../../../core/shop/store-day';

// Per-store catalogue and prices: each store its shelf, prices and sales; the catering and wine stores their
// own catalogues; circulars are the prices charged while they run (a faked clock moves the store's day).

let server: TestServer;
// The seed dates the weekly ad from the day it seeds: the dates as seeded.
let ad: { start_date: string; end_date: string };
beforeAll(async () => {
  server = await startTestServer();
  ad = await server.db.kysely.selectFrom('circulars').select(['start_date', 'end_date']).where('id', '=', 1).executeTakeFirstOrThrow();
});
/** An instant on a store-local day in Ohio: 10–11 am, or with lateEvening 10:30–11:30 pm (EST or EDT). */
const onDay = (day: string, lateEvening = false) => new Date(lateEvening ? `${addDays(day, 1)}T03:30:00Z` : `${day}T15:00:00Z`);
afterAll(async () => server.close());
afterEach(() => {
  vi.useRealTimers();
});

const HONEYCRISP = 5000;
const names = (page: ProductPage) => page.items.map((p) => p.name);

describe('per-store catalogue', () => {
  it('prices the same product differently at two stores', async () => {
    const c = await visitorAt(server.url);
    const a = await c.get<Product>('/api/shop/v1/products/5003?store_id=1001');
    const b = await c.get<Product>('/api/shop/v1/products/5003?store_id=1002');
    expect(a.status).toBe(200);
    expect(a.body.store_id).toBe(1001);
    expect(b.body.store_id).toBe(1002);
    expect(a.body.price_cents).not.toBe(b.body.price_cents);
    // The list answers the same prices as the product.
    const list = await c.get<ProductPage>('/api/shop/v1/products?store_id=1002&q=gala&per_page=60');
    expect(list.body.store_id).toBe(1002);
    expect(list.body.items.find((p) => p.id === 5003)?.price_cents).toBe(b.body.price_cents);
  });

  it('the wine cellar sells wine, not milk; the grocery store sells bananas', async () => {
    const c = await visitorAt(server.url);
    const wine = await c.get<ProductPage>('/api/shop/v1/products?store_id=1095&catalog=wine&per_page=60');
    expect(wine.body.store_id).toBe(1095);
    expect(wine.body.total).toBeGreaterThan(10);
    expect(names(wine.body)).toContain('Pinot Noir, Willamette Valley 2022');
    expect((await c.get<ProductPage>('/api/shop/v1/products?store_id=1095&catalog=wine&q=milk')).body.total).toBe(0);
    const milkId = (await c.get<ProductPage>('/api/shop/v1/products?store_id=1001&q=whole%20milk')).body.items[0].id;
    const milk = await c.get<{ code: string; message: string }>(`/api/shop/v1/products/${milkId}?store_id=1095&catalog=wine`);
    expect(milk.status).toBe(404);
    expect(milk.body.message).toMatch(/Whole Milk is not sold at Harvest Lane Wine Cellar Columbus/);
    const add = await c.json<{ message: string }>('/api/shop/v1/cart/items?store_id=1095&catalog=wine', {
      method: 'POST',
      body: { items: [{ product_id: milkId, quantity: 1 }] },
    });
    expect(add.status).toBe(400);
    expect(add.body.message).toMatch(/not sold at/);
    expect((await c.get<Cart>('/api/shop/v1/cart')).body.lines).toEqual([]);
    const bananas = await c.get<ProductPage>('/api/shop/v1/products?store_id=1001&q=bananas');
    expect(names(bananas.body)).toEqual(expect.arrayContaining(['Bananas', 'Organic Bananas']));
    expect(bananas.body.items.find((p) => p.name === 'Bananas')?.unit_price).toBe('$0.59/lb');
  });

  it('a grocery page never gets the catering or wine catalogue, whatever store it names', async () => {
    const c = await visitorAt(server.url);
    // The catering kitchen's related shopping store is Columbus Short North.
    const grocery = await c.get<ProductPage>('/api/shop/v1/products?store_id=1090&per_page=60');
    expect(grocery.body.store_id).toBe(1001);
    expect(names(grocery.body).some((n) => /Tray|Platter/.test(n))).toBe(false);
    // The visitor's current store is the catering kitchen (after /catering/shop): still the grocery shelf.
    expect((await c.json('/api/shop/v1/current-store', { method: 'PUT', body: { store_id: 1090 } })).status).toBe(200);
    expect((await c.get<ProductPage>('/api/shop/v1/products')).body.store_id).toBe(1001);
    const catering = await c.get<ProductPage>('/api/shop/v1/products?catalog=catering&per_page=60');
    expect(catering.body.store_id).toBe(1090);
    expect(names(catering.body)).toContain('Fresh Fruit Platter (serves 12)');
    expect(names(catering.body)).not.toContain('Whole Milk');
    // A store without a wine cellar has no wine catalogue.
    const none = await c.get<{ message: string }>('/api/shop/v1/products?store_id=1002&catalog=wine');
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Columbus Clintonville has no wine cellar.');
  });

  it('filters by attributes and refuses unknown ones', async () => {
    const c = await visitorAt(server.url);
    const gf = await c.get<ProductPage>('/api/shop/v1/products?store_id=1001&q=bread&attributes=gluten_free');
    // Every gluten-free bread the store carries, and nothing else of the bread shelf.
    expect(names(gf.body)).toContain('Gluten-Free Sandwich Bread');
    expect(gf.body.items.every((p) => /gluten-free/i.test(p.name) && p.attributes.includes('gluten_free'))).toBe(true);
    const bread = await c.get<ProductPage>('/api/shop/v1/products?store_id=1001&q=bread&per_page=60');
    expect(bread.body.total).toBeGreaterThan(gf.body.total);
    const both = await c.get<ProductPage>('/api/shop/v1/products?store_id=1001&attributes=organic,vegan&per_page=60');
    expect(both.body.total).toBeGreaterThan(0);
    expect(both.body.items.every((p) => p.attributes.includes('organic') && p.attributes.includes('vegan'))).toBe(true);
    const bad = await c.get<{ data: { params: Record<string, string> } }>('/api/shop/v1/products?attributes=cheap');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data.params)).toEqual(['attributes']);
  });
});

describe('circular prices are charged while they run', () => {
  it('the weekly-ad Honeycrisp apples cost $2.09 in product views, the cart and the order, and $2.99 after', async () => {
    // The third day of the weekly ad, 10 am in Ohio.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(onDay(addDays(ad.start_date, 2)));
    const c = await signedInAs(server.url, 'casey');
    const product = await c.get<Product>(`/api/shop/v1/products/${HONEYCRISP}?store_id=1001`);
    expect(product.body).toMatchObject({ price_cents: 209, was_cents: 299, sale_ends: ad.end_date });
    const cart = await c.json<Cart>('/api/shop/v1/cart/items?store_id=1001', {
      method: 'POST',
      body: { items: [{ product_id: HONEYCRISP, quantity: 2 }] },
    });
    expect(cart.body.lines[0]).toMatchObject({ product_id: HONEYCRISP, price_cents: 209, was_cents: 299, line_total_cents: 418 });
    expect(cart.body.total_cents).toBe(418);
    const order = await c.json<Order>('/api/shop/v1/orders', {
      method: 'POST',
      body: { store_id: 1001, slot_id: await openSlot(c, 1001) },
    });
    expect(order.status).toBe(201);
    expect(order.body.lines[0]).toMatchObject({ product_id: HONEYCRISP, price_cents: 209 });

    // The day after the ad ends: the shelf price again.
    vi.setSystemTime(onDay(addDays(ad.end_date, 1)));
    const after = await visitorAt(server.url);
    expect((await after.get<Product>(`/api/shop/v1/products/${HONEYCRISP}?store_id=1001`)).body).toMatchObject({
      price_cents: 299,
      was_cents: null,
    });
    const later = await after.json<Cart>('/api/shop/v1/cart/items?store_id=1001', {
      method: 'POST',
      body: { items: [{ product_id: HONEYCRISP, quantity: 1 }] },
    });
    expect(later.body.total_cents).toBe(299);
  });

  it('uses the store-local day: 11 pm in Ohio on the last day is still the sale', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(onDay(ad.end_date, true)); // late on the last day in Ohio, already the next day in UTC
    const c = await visitorAt(server.url);
    expect((await c.get<Product>(`/api/shop/v1/products/${HONEYCRISP}?store_id=1001`)).body.price_cents).toBe(209);
  });
});

describe('departments follow the catalogue', () => {
  it('a grocery store lists grocery departments only; the wine cellar its own', async () => {
    const c = await visitorAt(server.url);
    const grocery = await c.json<{ shop: { children: Array<{ title: string }> } }>('/api/shop/v1/stores/1001/navigation');
    const titles = grocery.body.shop.children.map((d) => d.title);
    expect(titles).toContain('Produce');
    expect(titles).not.toContain('Catering');
    expect(titles).not.toContain('Wine Cellar');
    const wine = await c.json<{ shop: { children: Array<{ title: string }> } }>('/api/shop/v1/stores/1095/navigation');
    expect(wine.body.shop.children.map((d) => d.title)).toEqual(['Wine Cellar']);
  });
});
