import { describe, expect, it } from 'vitest';
import { Client, signedIn, signedInAs, useTestServer, visitorAt } from '../../testing/harness';
import { openSlot } from '../../testing/pickup';

const server = useTestServer();

type Cart = { id: number | null; lines: Array<{ product_id: number; quantity: number }>; count: number; total_cents: number };
type Products = {
  items: Array<{ id: number; name: string; price_cents: number; is_favorite: boolean; department_id: number }>;
  total: number;
  page: number;
  pages: number;
};
type Order = { id: number; store_id: number; total_cents: number; lines: Array<{ product_id: number; quantity: number }> };

/** GETs carry the nonce too: without one, the REST layer treats the call as anonymous (WordPress rule). */

describe('products', () => {
  it('lists, searches, sorts and pages', async () => {
    const c = await visitorAt(server.url);
    const all = await c.json<Products>('/api/shop/v1/products?per_page=5');
    expect(all.status).toBe(200);
    expect(all.body.items).toHaveLength(5);
    expect(all.body.pages).toBe(Math.ceil(all.body.total / 5));
    const page2 = await c.json<Products>('/api/shop/v1/products?per_page=5&page=2');
    expect(page2.body.items[0].id).not.toBe(all.body.items[0].id);
    const milk = await c.json<Products>('/api/shop/v1/products?q=milk');
    expect(milk.body.items.map((p) => p.name)).toEqual(expect.arrayContaining(['Whole Milk', 'Oat Milk']));
    const cheap = await c.json<Products>('/api/shop/v1/products?sort=price_asc&per_page=60');
    const prices = cheap.body.items.map((p) => p.price_cents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    // % and _ are literal characters, not wildcards.
    const literal = await c.json<Products>('/api/shop/v1/products?q=%25');
    expect(literal.body.total).toBeGreaterThan(0);
    expect(literal.body.items.every((p) => p.name.includes('%'))).toBe(true);
    expect((await c.json<Products>('/api/shop/v1/products?q=_')).body.total).toBe(0);
  });

  it('filters by a department and its sub-departments', async () => {
    const c = await visitorAt(server.url);
    const nav = await c.json<{ shop: { children: Array<{ id: string; title: string }> } }>('/api/shop/v1/stores/1001/navigation');
    const produce = nav.body.shop.children.find((d) => d.title === 'Produce')!;
    const id = Number(produce.id.replace('dept-', ''));
    const r = await c.json<Products>(`/api/shop/v1/products?department=${id}&per_page=60`);
    // Every product of the page is on a Produce shelf (a sub-department's id is the department's id × 100 + n).
    expect(r.body.items.length).toBe(60);
    expect(r.body.items.every((p) => p.department_id === id || Math.floor(p.department_id / 100) === id)).toBe(true);
    const apples = await c.json<Products>(`/api/shop/v1/products?department=${id}&q=apples&per_page=60`);
    expect(apples.body.items.map((p) => p.name)).toContain('Honeycrisp Apples');
    const milk = await c.json<Products>(`/api/shop/v1/products?department=${id}&q=milk`);
    expect(milk.body.items.map((p) => p.name)).not.toContain('Whole Milk');
  });

  it.each([
    ['?sort=random', 'sort'],
    ['?page=0', 'page'],
    ['?per_page=1000', 'per_page'],
    ['?department=abc', 'department'],
    ['?filter=everything', 'filter'],
    [`?q=${'x'.repeat(201)}`, 'q'],
  ])('bad query %s → 400 JSON naming %s', async (query, param) => {
    const r = await (await visitorAt(server.url)).json<{ code: string; data: { params: Record<string, string> } }>(
      `/api/shop/v1/products${query}`,
    );
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('rest_invalid_param');
    expect(Object.keys(r.body.data.params)).toContain(param);
  });

  it('answers one product, 404 JSON for an unknown one', async () => {
    const c = await visitorAt(server.url);
    expect((await c.json<{ name: string }>('/api/shop/v1/products/5000')).body.name).toBe('Honeycrisp Apples');
    const missing = await c.json<{ code: string }>('/api/shop/v1/products/999999');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('rest_not_found');
  });
});

describe('cart', () => {
  it('keeps an anonymous cart per session: add, add again, set, remove', async () => {
    const c = await visitorAt(server.url);
    expect((await c.json<Cart>('/api/shop/v1/cart')).body).toMatchObject({ id: null, lines: [], count: 0, total_cents: 0 });
    let r = await c.json<Cart>('/api/shop/v1/cart/items', { method: 'POST', body: { items: [{ product_id: 5000, quantity: 2 }] } });
    expect(r.status).toBe(200);
    r = await c.json<Cart>('/api/shop/v1/cart/items', {
      method: 'POST',
      body: { items: [{ product_id: 5000 }, { product_id: 5001, quantity: 3 }] },
    });
    expect(r.body.lines.map((l) => [l.product_id, l.quantity]).sort()).toEqual([
      [5000, 3],
      [5001, 3],
    ]);
    expect(r.body.count).toBe(6);
    r = await c.json<Cart>('/api/shop/v1/cart/items/5001', { method: 'PUT', body: { quantity: 1 } });
    expect(r.body.lines.find((l) => l.product_id === 5001)?.quantity).toBe(1);
    r = await c.json<Cart>('/api/shop/v1/cart/items/5000', { method: 'DELETE' });
    expect(r.body.lines.map((l) => l.product_id)).toEqual([5001]);
    // Another visitor does not see it.
    expect((await (await visitorAt(server.url)).json<Cart>('/api/shop/v1/cart')).body.lines).toEqual([]);
  });

  it.each([
    [{ items: [] }, 'items'],
    [{ items: [{ product_id: 'x' }] }, 'items.0.product_id'],
    [{ items: [{ product_id: 5000, quantity: 0 }] }, 'items.0.quantity'],
    [{ items: [{ product_id: 5000, quantity: 100 }] }, 'items.0.quantity'],
    [{}, 'items'],
  ])('bad add %j → 400 naming %s', async (body, param) => {
    const r = await (await visitorAt(server.url)).json<{ data: { params: Record<string, string> } }>('/api/shop/v1/cart/items', {
      method: 'POST',
      body,
    });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.data.params)).toContain(param);
  });

  it('rejects unknown products, writes without a nonce and bad quantities', async () => {
    const c = await visitorAt(server.url);
    expect((await c.json('/api/shop/v1/cart/items', { method: 'POST', body: { items: [{ product_id: 999999 }] } })).status).toBe(404);
    expect(
      (await c.json('/api/shop/v1/cart/items', { method: 'POST', body: { items: [{ product_id: 5000 }] }, nonce: false })).status,
    ).toBe(403);
    expect((await c.json('/api/shop/v1/cart/items/5000', { method: 'PUT', body: { quantity: -1 } })).status).toBe(400);
    expect((await c.json('/api/shop/v1/cart/items/5000', { method: 'PUT', body: { quantity: 'many' } })).status).toBe(400);
  });

  it("answers 404 for another customer's cart", async () => {
    const casey = await signedInAs(server.url, 'casey');
    const jordan = await signedInAs(server.url, 'jordan');
    const mine = await jordan.json<Cart>('/api/shop/v1/cart/items', { method: 'POST', body: { items: [{ product_id: 5002 }] } });
    expect((await jordan.get<Cart>(`/api/shop/v1/carts/${mine.body.id}`)).status).toBe(200);
    const theirs = await casey.get<{ code: string }>(`/api/shop/v1/carts/${mine.body.id}`);
    expect(theirs.status).toBe(404);
    expect(theirs.body.code).toBe('rest_not_found');
    expect((await (await visitorAt(server.url)).json(`/api/shop/v1/carts/${mine.body.id}`)).status).toBe(404);
  });

  it('loses nothing when two tabs change the same cart at once', async () => {
    const tab1 = await visitorAt(server.url);
    await tab1.json('/api/shop/v1/cart/items', { method: 'POST', body: { items: [{ product_id: 5000 }] } });
    const tab2 = new Client(server.url);
    tab2.cookies = new Map(tab1.cookies);
    tab2.nonce = tab1.nonce;
    const products = Array.from({ length: 10 }, (_, i) => 5010 + i);
    await Promise.all([
      ...products.map((id, i) =>
        (i % 2 ? tab1 : tab2).json('/api/shop/v1/cart/items', { method: 'POST', body: { items: [{ product_id: id }] } }),
      ),
      ...Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? tab1 : tab2).json('/api/shop/v1/cart/items', { method: 'POST', body: { items: [{ product_id: 5000 }] } }),
      ),
    ]);
    const cart = (await tab1.json<Cart>('/api/shop/v1/cart')).body;
    expect(cart.lines.find((l) => l.product_id === 5000)?.quantity).toBe(11);
    expect(cart.lines.map((l) => l.product_id).sort()).toEqual([5000, ...products]);
  });

  it('keeps the anonymous cart on sign-in, adding to the saved one', async () => {
    const c = await visitorAt(server.url);
    await c.json('/api/shop/v1/cart/items', { method: 'POST', body: { items: [{ product_id: 5030, quantity: 2 }, { product_id: 5031 }] } });
    const before = await signedInAs(server.url, 'jordan');
    const saved = (await before.get<Cart>('/api/shop/v1/cart')).body;
    const savedQty = saved.lines.find((l) => l.product_id === 5030)?.quantity ?? 0;
    await c.signIn('jordan@example.test', 'jordan-password');
    const merged = (await c.get<Cart>('/api/shop/v1/cart')).body;
    expect(merged.id).toBe(saved.id ?? merged.id);
    expect(merged.lines.find((l) => l.product_id === 5030)?.quantity).toBe(savedQty + 2);
    expect(merged.lines.find((l) => l.product_id === 5031)).toBeTruthy();
  });
});

describe('favorites', () => {
  it('needs a signed-in customer', async () => {
    const c = await visitorAt(server.url);
    const r = await c.json<{ code: string }>('/api/shop/v1/favorites/5000', { method: 'PUT' });
    expect(r.status).toBe(401);
    expect(r.body.code).toBe('rest_not_logged_in');
    expect((await c.json('/api/shop/v1/products?filter=is_favorite')).status).toBe(401);
  });

  it('marks, lists, filters and unmarks', async () => {
    const c = await signedInAs(server.url, 'jordan');
    await c.json('/api/shop/v1/favorites/5044', { method: 'PUT' });
    const r = await c.json<{ product_ids: number[] }>('/api/shop/v1/favorites/5070', { method: 'PUT' });
    expect(r.body.product_ids.sort()).toEqual([5044, 5070]);
    const list = await c.get<Products>('/api/shop/v1/products?filter=is_favorite');
    expect(list.body.items.map((p) => p.id).sort()).toEqual([5044, 5070]);
    expect(list.body.items.every((p) => p.is_favorite)).toBe(true);
    expect((await c.get<{ is_favorite: boolean }>('/api/shop/v1/products/5044')).body.is_favorite).toBe(true);
    await c.json('/api/shop/v1/favorites/5044', { method: 'DELETE' });
    expect((await c.get<{ product_ids: number[] }>('/api/shop/v1/favorites')).body.product_ids).toEqual([5070]);
    expect((await c.json('/api/shop/v1/favorites/999999', { method: 'PUT' })).status).toBe(404);
    expect((await c.json('/api/shop/v1/favorites/abc', { method: 'PUT' })).status).toBe(400);
    // Someone else's favorites are theirs alone.
    expect(
      (await (await signedInAs(server.url, 'casey')).get<Products>('/api/shop/v1/products?filter=is_favorite')).body.items.map((p) => p.id),
    ).not.toContain(5070);
  });
});

describe('orders', () => {
  it('places a pickup order from the cart and lists it; others get 404', async () => {
    const c = await signedInAs(server.url, 'casey');
    await c.json('/api/shop/v1/cart/items', { method: 'POST', body: { items: [{ product_id: 5100, quantity: 2 }] } });
    const placed = await c.json<Order>('/api/shop/v1/orders', {
      method: 'POST',
      body: { store_id: 1001, slot_id: await openSlot(c, 1001) },
    });
    expect(placed.status).toBe(201);
    expect(placed.body.lines).toEqual([expect.objectContaining({ product_id: 5100, quantity: 2 })]);
    expect((await c.get<Cart>('/api/shop/v1/cart')).body.lines).toEqual([]);
    const list = await c.get<{ items: Order[] }>('/api/shop/v1/orders');
    expect(list.body.items.map((o) => o.id)).toContain(placed.body.id);
    expect((await c.get<Order>(`/api/shop/v1/orders/${placed.body.id}`)).body.total_cents).toBe(placed.body.total_cents);

    const other = await signedInAs(server.url, 'jordan');
    expect((await other.get(`/api/shop/v1/orders/${placed.body.id}`)).status).toBe(404);
    expect((await other.get<{ items: Order[] }>('/api/shop/v1/orders')).body.items.map((o) => o.id)).not.toContain(placed.body.id);
    expect((await (await visitorAt(server.url)).json(`/api/shop/v1/orders/${placed.body.id}`)).status).toBe(401);
  });

  it.each([
    [{ store_id: 1001, slot_id: 'soon' }, 400],
    [{ store_id: 1001 }, 400],
    [{ store_id: 'x', slot_id: 'SLOT' }, 400],
    [{ store_id: 424242, slot_id: 'SLOT' }, 404],
    [{ store_id: 1013, slot_id: 'SLOT' }, 400],
    [{ store_id: 1001, slot_id: 'SLOT' }, 400], // empty cart
  ])('bad order %j → %i JSON', async (body, status) => {
    const c = await signedInAs(server.url, 'casey');
    const slot = await openSlot(c, 1001);
    const r = await c.json<{ code: string; message: string }>('/api/shop/v1/orders', {
      method: 'POST',
      body: { ...body, ...('slot_id' in body ? { slot_id: body.slot_id === 'SLOT' ? slot : body.slot_id } : {}) },
    });
    expect(r.status).toBe(status);
    expect(typeof r.body.message).toBe('string');
  });

  it('needs sign-in', async () => {
    const c = await visitorAt(server.url);
    expect(
      (await c.json('/api/shop/v1/orders', { method: 'POST', body: { store_id: 1001, slot_id: await openSlot(c, 1001) } })).status,
    ).toBe(401);
  });
});

describe('auth', () => {
  it('signs up, signs in and out, keeps the anonymous cart', async () => {
    const c = await visitorAt(server.url);
    await c.json('/api/shop/v1/cart/items', { method: 'POST', body: { items: [{ product_id: 5012 }] } });
    const r = await c.json<{ user: { id: number; email: string; roles: string[] }; nonce: string }>('/api/shop/v1/account', {
      method: 'POST',
      body: { name: 'Robin New', email: 'Robin@Example.test', password: 'robin-password' },
    });
    expect(r.status).toBe(201);
    expect(r.body.user).toMatchObject({ email: 'robin@example.test', roles: ['customer'] });
    c.nonce = r.body.nonce;
    expect((await c.get<Cart>('/api/shop/v1/cart')).body.lines.map((l) => l.product_id)).toEqual([5012]);
    const profile = await c.json<{ user: { name: string } }>('/api/shop/v1/account', { method: 'PATCH', body: { name: 'Robin Renamed' } });
    expect(profile.body.user.name).toBe('Robin Renamed');
    expect((await c.get<{ user: { name: string } }>('/api/shop/v1/account')).body.user.name).toBe('Robin Renamed');
    expect((await c.json('/api/shop/v1/session', { method: 'DELETE' })).status).toBe(200);
    expect((await c.json('/api/shop/v1/account')).status).toBe(401);
    await signedIn(server.url, 'robin@example.test', 'robin-password'); // signs in again (throws if not)
  });

  it.each([
    [{ name: '', email: 'a@b.test', password: 'long-enough' }, 400, 'name'],
    [{ name: 'A', email: 'not-an-email', password: 'long-enough' }, 400, 'email'],
    [{ name: 'A', email: 'a@b.test', password: 'short' }, 400, 'password'],
    [{ name: 'A', email: 'casey@example.test', password: 'long-enough' }, 400, 'email'], // a demo address (docs/security.md)
    [{ name: 'A', email: 'robin@example.test', password: 'long-enough' }, 409, null], // signed up above
  ])('bad sign-up %j → %i', async (body, status, param) => {
    const r = await (await visitorAt(server.url)).json<{ data: { params?: Record<string, string> } }>('/api/shop/v1/account', {
      method: 'POST',
      body,
    });
    expect(r.status).toBe(status);
    if (param) expect(Object.keys(r.body.data.params ?? {})).toContain(param);
  });

  it('rejects a wrong password with 401 JSON and a bad profile with 400', async () => {
    const c = await visitorAt(server.url);
    const r = await c.json<{ code: string }>('/api/shop/v1/session', {
      method: 'POST',
      body: { email: 'casey@example.test', password: 'nope' },
    });
    expect(r.status).toBe(401);
    expect(r.body.code).toBe('invalid_credentials');
    const s = await signedInAs(server.url, 'casey');
    expect((await s.json('/api/shop/v1/account', { method: 'PATCH', body: { name: '   ' } })).status).toBe(400);
    expect((await c.json('/api/shop/v1/account', { method: 'PATCH', body: { name: 'X' } })).status).toBe(401);
  });
});

describe('sign-up limit', () => {
  it('answers 429 JSON once one address has created too many accounts', async () => {
    const c = await visitorAt(server.url);
    let status = 0;
    for (let i = 0; i < 32 && status !== 429; i++) {
      const r = await c.json<{ nonce?: string }>('/api/shop/v1/account', {
        method: 'POST',
        body: { name: `Bulk ${i}`, email: `bulk${i}@example.test`, password: 'bulk-password' },
      });
      status = r.status;
      if (r.body.nonce) c.nonce = r.body.nonce;
    }
    expect(status).toBe(429);
  });
});
