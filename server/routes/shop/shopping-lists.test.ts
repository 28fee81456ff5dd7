import { describe, expect, it } from 'vitest';
import type { Cart, ProductPage } from '../../../core/shop/api-types';
import { MAX_LISTS, type ListToCartResult, type ShoppingList, type ShoppingListDetail } from '../../../core/shop/shopping-list';
import { type Client, signedInAs, useTestServer, visitorAt } from '../../testing/harness';

// Shopping lists: several named lists per shopper, products on them once each, rename and delete, "add all to
// cart" at a store with what it cannot sell reported; bad input is a 400 that writes nothing; parallel writes
// keep one line per product and the list limit (run on SQLite and, through with-postgres, PostgreSQL).

const server = useTestServer();

async function newList(c: Client, name: string): Promise<ShoppingList> {
  const r = await c.json<ShoppingList>('/api/shop/v1/lists', { method: 'POST', body: { name } });
  expect(r.status).toBe(201);
  return r.body;
}
const add = (c: Client, listId: number, body: unknown) =>
  c.json<{ added: boolean; list: ShoppingList; message: string; data: { params: Record<string, string> } }>(
    `/api/shop/v1/lists/${listId}/items`,
    {
      method: 'POST',
      body,
    },
  );
const detail = (c: Client, listId: number, store = 1001) => c.get<ShoppingListDetail>(`/api/shop/v1/lists/${listId}?store_id=${store}`);

describe('shopping lists', () => {
  it('keeps several named lists, renames and deletes them; another shopper gets 404, a visitor 401', async () => {
    const c = await signedInAs(server.url, 'casey');
    const weekly = await newList(c, '  Weekly shop ');
    expect(weekly).toMatchObject({ name: 'Weekly shop', count: 0 });
    const party = await newList(c, 'Party');
    const names = (await c.get<{ items: ShoppingList[] }>('/api/shop/v1/lists')).body.items.map((l) => l.name);
    expect(names).toEqual(expect.arrayContaining(['Weekly shop', 'Party']));

    const renamed = await c.json<ShoppingList>(`/api/shop/v1/lists/${party.id}`, { method: 'PATCH', body: { name: 'Birthday party' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Birthday party');

    const other = await signedInAs(server.url, 'jordan');
    expect((await detail(other, weekly.id)).status).toBe(404);
    expect((await add(other, weekly.id, { product_id: 5000 })).status).toBe(404);
    expect((await other.json(`/api/shop/v1/lists/${weekly.id}`, { method: 'DELETE' })).status).toBe(404);
    const visitor = await visitorAt(server.url);
    expect((await visitor.get('/api/shop/v1/lists')).status).toBe(401);

    expect((await c.json(`/api/shop/v1/lists/${party.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await detail(c, party.id)).status).toBe(404);
    expect((await detail(c, weekly.id)).status).toBe(200);
  });

  it('adds a product once, sets and removes quantities, and prices the list at the store', async () => {
    const c = await signedInAs(server.url, 'casey');
    const list = await newList(c, 'Breakfast');
    const first = await add(c, list.id, { product_id: 5000, quantity: 2 });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ added: true, list: { count: 1 } });
    const again = await add(c, list.id, { product_id: 5000 });
    expect(again.status).toBe(200);
    expect(again.body.added).toBe(false);
    expect((await c.json(`/api/shop/v1/lists/${list.id}/items/5000`, { method: 'PUT', body: { quantity: 3 } })).status).toBe(200);
    const priced = await detail(c, list.id);
    expect(priced.body.items).toEqual([
      expect.objectContaining({
        product_id: 5000,
        name: 'Honeycrisp Apples',
        quantity: 3,
        available: true,
        price_cents: expect.any(Number),
      }),
    ]);
    expect((await c.json(`/api/shop/v1/lists/${list.id}/items/5000`, { method: 'DELETE' })).status).toBe(200);
    expect((await detail(c, list.id)).body.items).toEqual([]);
  });

  it('answers bad input with 400 and a clear message, and writes nothing', async () => {
    const c = await signedInAs(server.url, 'jordan');
    const list = await newList(c, 'Bad input');
    for (const body of [{ name: '' }, { name: '   ' }, { name: 'x'.repeat(61) }, { name: null }, { name: 5 }, {}, { name: 'a\u0007b' }]) {
      const r = await c.json<{ message: string; data: { status: number; params: Record<string, string> } }>('/api/shop/v1/lists', {
        method: 'POST',
        body,
      });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.data.status).toBe(400);
      expect(r.body.data.params?.name, JSON.stringify(r.body)).toBeTruthy();
    }
    expect(
      (await c.json<{ data: { params: Record<string, string> } }>('/api/shop/v1/lists', { method: 'POST', body: { name: '' } })).body.data
        .params.name,
    ).toBe('Give the list a name.');
    for (const body of [
      { product_id: 5000, quantity: '0x10' },
      { product_id: 5000, quantity: null },
      { product_id: 5000, quantity: 1000 },
      { product_id: 5000, quantity: 0 },
      { product_id: 5000, quantity: 1.5 },
      { product_id: 'apples' },
      {},
    ]) {
      const r = await add(c, list.id, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.message).toMatch(/Invalid parameter/);
    }
    expect((await add(c, list.id, { product_id: 987654 })).status).toBe(404);
    expect((await c.json(`/api/shop/v1/lists/${list.id}`, { method: 'PATCH', body: { name: '' } })).status).toBe(400);
    expect((await c.json('/api/shop/v1/lists/abc', { method: 'DELETE' })).status).toBe(400);
    const after = await detail(c, list.id);
    expect(after.body).toMatchObject({ name: 'Bad input', count: 0, items: [] });
  });

  it('adds all to the cart at the store, reporting what it does not sell or has run out of', async () => {
    const c = await signedInAs(server.url, 'casey');
    const list = await newList(c, 'Everything');
    const wine = (await c.get<ProductPage>('/api/shop/v1/products?store_id=1095&catalog=wine&per_page=1')).body.items[0];
    // Product 5003 runs out at store 1001 for this test.
    const setAvailable = (available: 0 | 1) =>
      server.db.kysely
        .updateTable('store_products')
        .set({ available })
        .where('store_id', '=', 1001)
        .where('product_id', '=', 5003)
        .execute();
    await setAvailable(0);
    try {
      for (const [product_id, quantity] of [
        [5000, 2],
        [5001, 1],
        [5003, 1],
        [wine.id, 1],
      ])
        expect((await add(c, list.id, { product_id, quantity })).status).toBe(201);
      const listed = await detail(c, list.id);
      expect(listed.body.items.find((i) => i.product_id === 5003)).toMatchObject({ available: false, price_cents: null });
      const r = await c.json<ListToCartResult>(`/api/shop/v1/lists/${list.id}/cart?store_id=1001`, { method: 'POST' });
      expect(r.status).toBe(200);
      expect(r.body.added).toBe(2);
      expect(r.body.unavailable).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ product_id: 5003, reason: 'out_of_stock' }),
          expect.objectContaining({ product_id: wine.id, name: wine.name, reason: 'not_sold' }),
        ]),
      );
      expect(r.body.unavailable).toHaveLength(2);
      const cart = (await c.get<Cart>('/api/shop/v1/cart?store_id=1001')).body;
      expect(cart.lines.find((l) => l.product_id === 5000)?.quantity).toBeGreaterThanOrEqual(2);
      expect(cart.lines.some((l) => l.product_id === 5003 || l.product_id === wine.id)).toBe(false);
    } finally {
      await setAvailable(1);
    }
  });
});

describe('shopping lists under parallel requests', () => {
  it('25 parallel adds of one product make one line; 25 of different products make 25', async () => {
    const c = await signedInAs(server.url, 'casey');
    const list = await newList(c, 'Race');
    const same = await Promise.all(Array.from({ length: 25 }, () => add(c, list.id, { product_id: 5000, quantity: 1 })));
    expect(same.filter((r) => r.status === 201)).toHaveLength(1);
    expect(same.filter((r) => r.status === 200)).toHaveLength(24);
    const ids = (await c.get<ProductPage>('/api/shop/v1/products?store_id=1001&per_page=30')).body.items
      .map((p) => p.id)
      .filter((i) => i !== 5000);
    const many = await Promise.all(ids.slice(0, 25).map((product_id) => add(c, list.id, { product_id })));
    expect(many.map((r) => r.status)).toEqual(Array(25).fill(201));
    const rows = await server.db.kysely.selectFrom('shopping_list_items').select('product_id').where('list_id', '=', list.id).execute();
    expect(rows).toHaveLength(26);
    expect(new Set(rows.map((r) => r.product_id)).size).toBe(26);
  });

  it(`25 parallel new lists stop at the limit of ${MAX_LISTS}`, async () => {
    const c = await signedInAs(server.url, 'jordan');
    const before = (await c.get<{ items: ShoppingList[] }>('/api/shop/v1/lists')).body.items.length;
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        c.json<{ message: string }>('/api/shop/v1/lists', { method: 'POST', body: { name: `List ${i}` } }),
      ),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(MAX_LISTS - before);
    const refused = answers.filter((r) => r.status !== 201);
    expect(
      refused.every((r) => r.status === 400 && r.body.message === `You can keep at most ${MAX_LISTS} lists. Delete one to make room.`),
    ).toBe(true);
    expect((await c.get<{ items: ShoppingList[] }>('/api/shop/v1/lists')).body.items).toHaveLength(MAX_LISTS);
  });
});
