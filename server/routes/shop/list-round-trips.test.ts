import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { ProductPage } from '../../../core/shop/api-types';
import { storeDay } from '../../../core/shop/store-day';
import { observeStatements } from '../../db/observe';
import { type Client, signedInAs, startTestServer, type TestServer, visitorAt } from '../../testing/harness';
import { openSlot } from '../../testing/pickup';

// A shop list is answered in few statements: at 100 req/s on two cores each round trip to PostgreSQL is a chance
// to wait for a core, and the lists' p99 was made of such waits (docs/performance.md, Scale). A kept list reads the
// page-cache version, then its products with their shelf rows; the store's row and the circulars' running sales
// are kept per version (both are page sources: their writes move it).

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  observeStatements(null);
  await server.close();
});

/** The statements one request ran (requests here run one at a time). */
async function statementsOf(path: string): Promise<string[]> {
  const c = await visitorAt(server.url);
  const seen: string[] = [];
  observeStatements({ statement: (_ms, text) => seen.push(text), poolWait: () => undefined });
  try {
    const r = await c.json<{ items: unknown[] }>(path);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.items.length).toBeGreaterThan(0);
  } finally {
    observeStatements(null);
  }
  return seen;
}

describe('round trips of a shop list', () => {
  it('a kept aisle, attribute list or price order: two statements, no store or circular read', async () => {
    for (const path of [
      '/api/shop/v1/products?store_id=1001&department=10200',
      '/api/shop/v1/products?store_id=1002&attributes=organic,vegan',
      '/api/shop/v1/products?store_id=1001&department=102&sort=price_asc',
    ]) {
      await statementsOf(path); // the first answer counts the list and reads the store
      const kept = await statementsOf(path);
      expect(kept, kept.join('\n')).toHaveLength(2);
      expect(
        kept.some((s) => /from "(stores|circular_items)"/.test(s)),
        kept.join('\n'),
      ).toBe(false);
    }
  });

  it("a store's edit is read on the next list (stores move the page-cache version)", async () => {
    const path = '/api/shop/v1/products?store_id=1001&department=10200';
    await statementsOf(path);
    expect((await statementsOf(path)).some((s) => /from "stores"/.test(s))).toBe(false);
    await sql`UPDATE stores SET phone = phone WHERE id = 1001`.execute(server.db.kysely);
    expect((await statementsOf(path)).some((s) => /from "stores"/.test(s))).toBe(true);
  });

  it("an ad's new price is shown on the next list (circular items move the page-cache version)", async () => {
    const db = server.db.kysely;
    const { time_zone } = await db.selectFrom('stores').select('time_zone').where('id', '=', 1001).executeTakeFirstOrThrow();
    const day = storeDay(new Date(), time_zone);
    const running = await db
      .selectFrom('circular_items')
      .innerJoin('circulars', 'circulars.id', 'circular_items.circular_id')
      .innerJoin('store_products', 'store_products.product_id', 'circular_items.product_id')
      .innerJoin('products', 'products.id', 'circular_items.product_id')
      .select(['circular_items.circular_id', 'circular_items.product_id', 'products.department_id', 'circulars.store_ids'])
      .where('circulars.status', '=', 'publish')
      .where('circulars.start_date', '<=', day)
      .where('circulars.end_date', '>=', day)
      .where('store_products.store_id', '=', 1001)
      .where('products.catalog', '=', 'grocery')
      .where('products.active', '=', 1)
      .execute();
    const item = running.find((r) => {
      const stores = JSON.parse(r.store_ids) as number[];
      return stores.length === 0 || stores.includes(1001);
    });
    expect(item, 'the seed runs an ad at store 1001 today').toBeDefined();
    const path = `/api/shop/v1/products?store_id=1001&department=${item!.department_id}&sort=price_asc`;
    const c = await visitorAt(server.url);
    await c.json<ProductPage>(path);
    await c.json<ProductPage>(path); // kept: its sales read under this version
    await db
      .updateTable('circular_items')
      .set({ sale_price_cents: 1 })
      .where('circular_id', '=', item!.circular_id)
      .where('product_id', '=', item!.product_id)
      .execute();
    const after = (await c.json<ProductPage>(path)).body;
    expect(after.items[0]).toMatchObject({ id: item!.product_id, price_cents: 1 });
  });
});

/** The statements one call of a signed-in shopper ran, and its answer's status. */
async function statementsOfCall(c: Client, path: string, body?: unknown): Promise<{ status: number; seen: string[] }> {
  const seen: string[] = [];
  observeStatements({ statement: (_ms, text) => seen.push(text), poolWait: () => undefined });
  try {
    const r = await c.json(path, body === undefined ? {} : { method: 'POST', body });
    return { status: r.status, seen };
  } finally {
    observeStatements(null);
  }
}

describe("round trips of a signed-in loyalty member's list, cart and order", () => {
  // The member's roles come with its session: asking the accounts table again for them was one round trip more on
  // every list, cart answer and order (docs/performance.md, "Catalogue imports").
  const rolesRead = (seen: string[]) => seen.filter((s) => /^select "roles" from "users"/.test(s));
  const cartById = (seen: string[]) => seen.filter((s) => /from "carts".* where "(carts"\.")?id" = /.test(s));

  it('read the roles only with the session, and the cart by its id once per answer', async () => {
    const jordan = await signedInAs(server.url, 'jordan');
    const list = await statementsOfCall(jordan, '/api/shop/v1/products?store_id=1006&department=10200');
    expect(list.status).toBe(200);
    expect(rolesRead(list.seen), list.seen.join('\n')).toEqual([]);

    const cart = await statementsOfCall(jordan, '/api/shop/v1/cart/items?store_id=1006', { items: [{ product_id: 5000, quantity: 1 }] });
    expect(cart.status).toBe(200);
    expect(rolesRead(cart.seen), cart.seen.join('\n')).toEqual([]);
    expect(cartById(cart.seen), cart.seen.join('\n')).toHaveLength(1);

    const slot = await openSlot(jordan, 1006);
    const order = await statementsOfCall(jordan, '/api/shop/v1/orders', { store_id: 1006, slot_id: slot });
    expect(order.status).toBe(201);
    expect(rolesRead(order.seen), order.seen.join('\n')).toEqual([]);
    // The store's row once (its tax place was read again inside the order's transaction), and the window's occupants
    // (its orders and the other shoppers' holds) counted in one statement, not two.
    expect(
      order.seen.filter((s) => /from "stores"/.test(s)),
      order.seen.join('\n'),
    ).toHaveLength(1);
    expect(
      order.seen.filter((s) => /count\(\*\)/.test(s)),
      order.seen.join('\n'),
    ).toHaveLength(1);
  });
});

describe('round trips of a shop page', () => {
  it("read the store's departments and the recipe terms once, for the header's menu and the shop together", async () => {
    const jordan = await signedInAs(server.url, 'jordan');
    const seen: string[] = [];
    observeStatements({ statement: (_ms, text) => seen.push(text), poolWait: () => undefined });
    try {
      const r = await jordan.raw('/shop');
      expect(r.status).toBe(200);
      expect(await r.text()).toContain('data-island="shop"');
    } finally {
      observeStatements(null);
    }
    expect(
      seen.filter((s) => /^select \* from "departments"/.test(s)),
      seen.join('\n'),
    ).toHaveLength(1);
    expect(
      seen.filter((s) => /^select \* from "terms"/.test(s)),
      seen.join('\n'),
    ).toHaveLength(1);
  });
});
