import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAs, useTestServer, visitorWithStore, type Client } from '../testing/harness';

// The grocery widgets (docs/widgets.md, "Grocery widgets") render in the first view, for the visitor's store, at the
// prices the shop's product API gives (one price path), with Add to cart; another store's visitor sees their own
// store; a widget whose data cannot be found shows its fallback and the page still renders.

const server = useTestServer();
let slug = '';

const widget = (id: string, widgetType: string, settings: Record<string, unknown>) => ({
  id,
  elType: 'widget',
  widgetType,
  settings,
  elements: [],
});
let productId = 0;

beforeAll(async () => {
  const editor = await signedInAs(server.url, 'editor');
  const product = await server.db.kysely
    .selectFrom('store_products')
    .innerJoin('products', 'products.id', 'store_products.product_id')
    .select('products.id')
    .where('store_products.store_id', '=', 1001)
    .where('store_products.available', '=', 1)
    .where('products.catalog', '=', 'grocery')
    .where('products.active', '=', 1)
    .orderBy('products.id')
    .executeTakeFirstOrThrow();
  productId = product.id;
  const created = await editor.json<{ id: number; slug: string }>('/wp-json/site/v1/documents', {
    method: 'POST',
    body: { type: 'page', title: 'Grocery widgets' },
  });
  slug = created.body.slug;
  const tree = [
    {
      id: 'c1',
      elType: 'container',
      settings: {},
      elements: [
        widget('g1', 'product-grid', { title: 'On sale', source: 'sale', count: 4 }),
        widget('a1', 'add-to-cart', { product_id: productId }),
        widget('a2', 'add-to-cart', { product_id: 2_000_000_000 }),
        widget('h1', 'store-hours', { title: 'Hours' }),
        widget('w1', 'weekly-ad', { title: 'Ad', count: 3 }),
        widget('k1', 'coupon', {}),
      ],
    },
  ];
  const published = await editor.json(`/wp-json/site/v1/documents/${created.body.id}/publish`, { method: 'POST', body: { tree } });
  expect(published.status).toBe(200);
});

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const section = (html: string, id: string) => {
  const start = html.indexOf(`data-id="${id}"`);
  expect(start).toBeGreaterThan(-1);
  const next = html.slice(start + 1).search(/data-id="[a-z]\d"/);
  return next < 0 ? html.slice(start) : html.slice(start, start + 1 + next);
};
/** The charged price of each card: `data-product-id` → the first <strong> after it. */
const cardPrices = (html: string) =>
  new Map([...html.matchAll(/data-product-id="(\d+)">.*?<strong[^>]*>([^<]*)<\/strong>/gs)].map(([, id, price]) => [Number(id), price]));

async function apiPrice(c: Client, id: number, storeId: number): Promise<string> {
  const r = await c.json<{ price_cents: number }>(`/api/shop/v1/products/${id}?store_id=${storeId}`);
  expect(r.status).toBe(200);
  return money(r.body.price_cents);
}

describe('grocery widgets in the first view', () => {
  it.each([1001, 1006])('show store %i’s products, prices, hours, ad and a coupon', async (storeId) => {
    const visitor = await visitorWithStore(server.url, storeId);
    const store = (await visitor.json<{ name: string }>(`/api/shop/v1/stores/${storeId}`)).body;
    const { status, html } = await visitor.page(`/${slug}`);
    expect(status).toBe(200);

    const grid = section(html, 'g1');
    expect(grid).toContain(`Prices at ${store.name}`);
    const prices = cardPrices(grid);
    expect(prices.size).toBeGreaterThan(0);
    expect(prices.size).toBeLessThanOrEqual(4);
    for (const [id, price] of prices) expect(price, `product ${id}`).toBe(await apiPrice(visitor, id, storeId));
    // On sale: each card says what it was.
    expect(grid.match(/aria-label="was \$/g)?.length).toBe(prices.size);
    expect(grid.match(/data-add-product="\d+"/g)?.length).toBe(prices.size);

    const add = section(html, 'a1');
    expect(add).toContain(`data-add-product="${productId}"`);
    expect(cardPricesOf(add)).toBe(await apiPrice(visitor, productId, storeId));
    expect(section(html, 'a2')).toContain(`This product is not sold at ${store.name}.`);

    const hours = section(html, 'h1');
    expect(hours).toContain(store.name);
    expect(hours.match(/<dt>/g)).toHaveLength(7);
    expect(hours.match(/\(today\)/g)).toHaveLength(1);

    const ad = section(html, 'w1');
    const adPrices = cardPrices(ad);
    expect(adPrices.size).toBe(3);
    for (const [id, price] of adPrices) expect(price, `ad product ${id}`).toBe(await apiPrice(visitor, id, storeId));
    expect(ad).toMatch(/<a class="e-weekly-ad__link" href="\/circulars\/[a-z0-9-]+">/);

    expect(section(html, 'k1')).toMatch(
      /<button type="button" class="button e-coupon__clip" aria-label="Clip coupon, [^"]+">Clip coupon<\/button>/,
    );
  });
});

/** The price an Add to Cart widget shows. */
const cardPricesOf = (html: string) => /<strong[^>]*>([^<]*)<\/strong>/.exec(html)?.[1];

describe('what each grocery widget picks', () => {
  const storeOf = async (id: number) => {
    const { getStore } = await import('../services/stores');
    return (await getStore(server.db.kysely, id))!;
  };

  it('a hand-picked grid keeps the editor’s order and leaves out what the store does not sell', async () => {
    const { productGridData } = await import('../services/grocery-widgets');
    const store = await storeOf(1001);
    const grid = await productGridData(server.db.kysely, store, { source: 'picked', product_ids: `5003, 2000000000, 5001 5003`, count: 8 });
    expect(grid.items.map((p) => p.id)).toEqual([5003, 5001]);
  });

  it('a department grid shows that department’s products (its sub-departments too), and none without a department', async () => {
    const { productGridData } = await import('../services/grocery-widgets');
    const store = await storeOf(1001);
    const product = await server.db.kysely.selectFrom('products').select('department_id').where('id', '=', 5000).executeTakeFirstOrThrow();
    const grid = await productGridData(server.db.kysely, store, { source: 'department', department_id: product.department_id, count: 24 });
    expect(grid.items.length).toBeGreaterThan(0);
    expect(grid.items.every((p) => p.department_id === product.department_id)).toBe(true);
    expect((await productGridData(server.db.kysely, store, { source: 'department', count: 24 })).items).toEqual([]);
  });

  it('the ad grid and the Weekly Ad show the running ad’s products, and nothing once every ad has ended', async () => {
    const { productGridData, weeklyAdData } = await import('../services/grocery-widgets');
    const { storeDay } = await import('../../core/shop/store-day');
    const db = server.db.kysely;
    const store = await storeOf(1001);
    const grid = await productGridData(db, store, { source: 'ad', count: 24 });
    const ad = await weeklyAdData(db, store, { count: 12 });
    expect(ad.ad).not.toBeNull();
    const inAds = new Set((await db.selectFrom('circular_items').select('product_id').execute()).map((r) => r.product_id));
    expect(grid.items.length).toBeGreaterThan(0);
    expect(grid.items.every((p) => inAds.has(p.id))).toBe(true);
    // Every ad ended yesterday.
    const yesterday = new Date(Date.parse(`${storeDay(new Date(), store.time_zone)}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await db.updateTable('circulars').set({ end_date: yesterday }).execute();
    expect(await weeklyAdData(db, store, { count: 12 })).toEqual({ store_name: store.name, ad: null, items: [] });
    expect((await productGridData(db, store, { source: 'ad', count: 24 })).items).toEqual([]);
  });
});
