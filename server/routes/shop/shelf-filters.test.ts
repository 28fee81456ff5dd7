import { bumpPageCacheVersion } from '../../db/page-cache-version';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, visitorAt } from '../../testing/harness';
import type { ProductPage } from '../../../core/shop/api-types';
import { CHAIN_TIME_ZONE, storeDay } from '../../../core/shop/store-day';

// The shelf filters a large catalogue needs (attributes, availability, on sale, price range, department
// subtrees, price order), each answered from an index (query-plans.test.ts) and each agreeing with the prices
// the shopper is shown.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const STORE = 1001;
const list = async (query: string) => {
  const c = await visitorAt(server.url);
  const r = await c.json<ProductPage>(`/api/shop/v1/products?store_id=${STORE}&per_page=60&${query}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};
const all = async (query: string) => {
  const first = await list(query);
  const items = [...first.items];
  for (let page = 2; page <= first.pages; page++) items.push(...(await list(`${query}&page=${page}`)).items);
  return { total: first.total, items };
};

describe('shelf filters', () => {
  it('attributes: every product carries each asked attribute, read from product_attributes', async () => {
    const { total, items } = await all('attributes=organic,vegan');
    expect(total).toBeGreaterThan(3);
    expect(items).toHaveLength(total);
    for (const p of items) expect(p.attributes).toEqual(expect.arrayContaining(['organic', 'vegan']));
    // The table is the source: a product whose JSON copy says vegan but whose row is gone is not listed.
    const victim = items[0].id;
    await server.db.kysely.deleteFrom('product_attributes').where('product_id', '=', victim).where('attribute', '=', 'vegan').execute();
    await bumpPageCacheVersion(server.db.kysely); // as every catalogue writer does: lists are kept per version
    try {
      expect((await all('attributes=organic,vegan')).items.map((p) => p.id)).not.toContain(victim);
    } finally {
      await server.db.kysely.insertInto('product_attributes').values({ product_id: victim, attribute: 'vegan' }).execute();
      await bumpPageCacheVersion(server.db.kysely);
    }
  });

  it('availability: only what the store has on its shelf', async () => {
    const k = server.db.kysely;
    const { items } = await all('attributes=vegan');
    const gone = items[0].id;
    await k.updateTable('store_products').set({ available: 0 }).where('store_id', '=', STORE).where('product_id', '=', gone).execute();
    await bumpPageCacheVersion(k);
    try {
      const available = await all('attributes=vegan&available=1');
      expect(available.items.map((p) => p.id)).not.toContain(gone);
      expect(available.items.every((p) => p.available)).toBe(true);
      expect((await all('attributes=vegan')).items.map((p) => p.id)).toContain(gone);
    } finally {
      await k.updateTable('store_products').set({ available: 1 }).where('store_id', '=', STORE).where('product_id', '=', gone).execute();
      await bumpPageCacheVersion(k);
    }
  });

  it('on sale: the store’s own sales running today and the circular’s prices, never an ended sale', async () => {
    const k = server.db.kysely;
    const today = storeDay(new Date(), CHAIN_TIME_ZONE);
    const [running, ended] = (await list('department=101&sort=name')).items;
    await k
      .updateTable('store_products')
      .set({ sale_price_cents: 1, sale_start: today, sale_end: today })
      .where('store_id', '=', STORE)
      .where('product_id', '=', running.id)
      .execute();
    await k
      .updateTable('store_products')
      .set({ sale_price_cents: 1, sale_start: '2000-01-01', sale_end: '2000-01-02' })
      .where('store_id', '=', STORE)
      .where('product_id', '=', ended.id)
      .execute();
    await bumpPageCacheVersion(k);
    const sale = await all('on_sale=1');
    const ids = sale.items.map((p) => p.id);
    expect(ids).toContain(running.id);
    expect(ids).not.toContain(ended.id);
    // Everything listed is shown on sale (a "was" price), and the circular's items are among them.
    for (const p of sale.items) expect(p.was_cents, p.name).not.toBeNull();
    const circular = await k.selectFrom('circular_items').select('product_id').where('circular_id', '=', 1).execute();
    expect(ids.filter((id) => circular.some((c) => c.product_id === id)).length).toBeGreaterThan(0);
  });

  it('price range and price order use the price charged (sales and circulars included)', async () => {
    const range = await all('min_price=200&max_price=400&sort=price_asc');
    expect(range.total).toBeGreaterThan(5);
    const prices = range.items.map((p) => p.price_cents);
    for (const cents of prices) expect(cents >= 200 && cents <= 400, String(cents)).toBe(true);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const down = (await list('sort=price_desc')).items.map((p) => p.price_cents);
    expect(down).toEqual([...down].sort((a, b) => b - a));
    // A product on a circular sale sorts by its sale price.
    const onSale = (await all('on_sale=1')).items.find((p) => p.was_cents !== null && p.was_cents > p.price_cents)!;
    const around = await all(`min_price=${onSale.price_cents}&max_price=${onSale.price_cents}`);
    expect(around.items.map((p) => p.id)).toContain(onSale.id);
  });

  it('a department lists its whole subtree, however deep', async () => {
    const k = server.db.kysely;
    // A third level under Produce › Berries.
    await k
      .insertInto('departments')
      .values({ id: 990_001, parent_id: 10001, title: 'Wild Berries', slug: 'wild-berries-test', position: 9, catalog: 'grocery' })
      .execute();
    const berry = (await list('department=10001')).items[0];
    await k.updateTable('products').set({ department_id: 990_001 }).where('id', '=', berry.id).execute();
    await bumpPageCacheVersion(k);
    try {
      expect((await all('department=100')).items.map((p) => p.id)).toContain(berry.id);
      expect((await all('department=990001')).items.map((p) => p.id)).toEqual([berry.id]);
    } finally {
      await k.updateTable('products').set({ department_id: 10001 }).where('id', '=', berry.id).execute();
      await bumpPageCacheVersion(k);
    }
  });

  it.each([
    ['available=maybe', 'available'],
    ['on_sale=yes', 'on_sale'],
    ['min_price=-1', 'min_price'],
    ['max_price=abc', 'max_price'],
    ['min_price=1.5', 'min_price'],
  ])('bad filter %s → 400 naming %s', async (query, param) => {
    const c = await visitorAt(server.url);
    const r = await c.json<{ code: string; data: { params: Record<string, string> } }>(`/api/shop/v1/products?${query}`);
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.data.params)).toContain(param);
  });
});
