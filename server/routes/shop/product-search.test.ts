import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, startTestServer, type TestServer, visitorAt } from '../../testing/harness';
import type { ProductPage } from '../../../core/shop/api-types';

// Search that forgives typos and spacing, over names, brands, departments and attributes.

let server: TestServer;
let c: Client;
beforeAll(async () => {
  server = await startTestServer();
  c = await visitorAt(server.url);
});
afterAll(async () => server.close());

const top3 = async (q: string) =>
  (await c.json<ProductPage>(`/api/shop/v1/products?store_id=1001&q=${encodeURIComponent(q)}`)).body.items.slice(0, 3).map((p) => p.name);

describe('product search', () => {
  it.each([
    ['bananna', /Bananas/],
    ['choclate', /Chocolate/],
    ['glutenfree bread', /^Gluten-Free Sandwich Bread$/],
    ['gluten free bread', /^Gluten-Free Sandwich Bread$/],
    ['honeycrisp', /^Honeycrisp Apples$/],
  ])('"%s" finds %s in the first 3', async (q, expected) => {
    const names = await top3(q);
    expect(
      names.some((n) => expected.test(n)),
      `${q} → ${names.join(', ')}`,
    ).toBe(true);
  });

  it('finds every product of a department by its name, with image, price and store', async () => {
    const r = await c.json<ProductPage>('/api/shop/v1/products?store_id=1001&q=bread&per_page=60');
    const breads = r.body.items.filter((p) => /bread|baguette|sourdough|loaf/i.test(p.name));
    expect(breads.length).toBeGreaterThanOrEqual(6);
    expect(r.body.items[0]).toMatchObject({ store_id: 1001, image: expect.stringMatching(/^\/media\/products\/\d+\.svg$/) });
    expect(r.body.items[0].price_cents).toBeGreaterThan(0);
  });

  it('suggests as you type, and keeps to the page catalogue', async () => {
    const s = await c.json<{ items: Array<{ name: string }> }>('/api/shop/v1/search/suggest?q=banan');
    expect(s.body.items.slice(0, 3).map((i) => i.name)).toContain('Bananas');
    const wine = await c.json<{ items: Array<{ name: string }> }>('/api/shop/v1/search/suggest?q=milk&catalog=wine');
    expect(wine.body.items.map((i) => i.name).some((n) => /milk/i.test(n))).toBe(false);
    expect((await c.json('/api/shop/v1/search/suggest?q=')).status).toBe(400);
  });
});
