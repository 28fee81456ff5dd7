import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Cart, Order } from '../../../core/shop/api-types';
import { IMPORTS_API } from '../../../core/api/admin';
import type { ImportDetail } from '../../../core/wire/imports';
import { hashPassword } from '../../auth/passwords';
import { type Client, signedIn, signedInAs, useTestServer } from '../../testing/harness';
import { TEST_PASSWORD_COST } from '../../testing/password-cost';
import { openSlot } from '../../testing/pickup';
import { importHooks } from './import';
import { readPageCacheVersion } from '../../db/page-cache-version';

// A large price file applies without holding the database's write lock while it works (docs/imports.md, Apply):
// shoppers' carts and orders are written while its rows are staged and — on SQLite, where one write lock covers the
// whole database — while the new shelf is built beside the live one; the file's rows appear all at once; a price
// corrected by hand meanwhile is kept. IMPORT_SWAP_ABOVE lowers the size from which SQLite builds beside the shelf.

const server = useTestServer();
const db = () => server.db.kysely;
afterEach(() => {
  importHooks.onCopied = null;
  importHooks.beforeCommit = null;
  delete process.env.IMPORT_SWAP_ABOVE;
});

async function finished(c: Client, id: number): Promise<ImportDetail> {
  for (let i = 0; i < 4800; i++) {
    const r = await c.get<ImportDetail>(`${IMPORTS_API}/${id}`);
    // Ended, and its lock released (just after its result is written), so the next apply is not refused.
    if (r.body.status !== 'running' && (await c.get<{ running: number | null }>(IMPORTS_API)).body.running === null) return r.body;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`import ${id} did not finish`);
}

async function run(c: Client, kind: string, body: string, query = '&mode=apply'): Promise<ImportDetail> {
  const res = await c.raw(`${IMPORTS_API}?kind=${kind}${query}`, { method: 'POST', body, headers: { 'content-type': 'text/csv' } });
  expect(res.status).toBe(202);
  return finished(c, ((await res.json()) as ImportDetail).id);
}

async function shopper(): Promise<Client> {
  const email = `staging-${Math.random().toString(36).slice(2)}@imports.test`;
  await db()
    .insertInto('users')
    .values({
      email,
      name: 'Staging Shopper',
      password_hash: await hashPassword('staging-password-1', TEST_PASSWORD_COST),
      roles: '["customer"]',
      segment_ids: '[]',
      store_id: 1001,
      created_at: Date.now(),
    })
    .execute();
  return signedIn(server.url, email, 'staging-password-1');
}

const shelfRows = async (productIds: number[]) =>
  Number(
    (
      await db()
        .selectFrom('store_products')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('product_id', 'in', productIds)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** What an import builds beside the shelf (tables, triggers, the trigger's function), while it is there. */
async function sideTables(): Promise<string[]> {
  const rows =
    server.db.dialect === 'sqlite'
      ? await sql<{
          name: string;
        }>`SELECT name FROM sqlite_master WHERE name IN ('store_products_next', 'store_products_old', 'store_products_touched') OR name LIKE 'store_products_touched_%'`.execute(
          db(),
        )
      : await sql<{
          name: string;
        }>`SELECT relname AS name FROM pg_class WHERE relname IN ('store_products_next', 'store_products_old', 'store_products_touched') AND relkind = 'r' UNION ALL SELECT tgname FROM pg_trigger WHERE tgname LIKE 'store_products_touched%' UNION ALL SELECT proname FROM pg_proc WHERE proname LIKE 'store_products_touched%'`.execute(
          db(),
        );
  return rows.rows.map((r) => r.name).sort();
}

/** The shelf's indexes, by their migration names (a swap alternates them with the same names ending in `__b`). */
async function shelfIndexes(): Promise<string[]> {
  const rows =
    server.db.dialect === 'sqlite'
      ? await sql<{
          name: string;
        }>`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'store_products' AND sql IS NOT NULL`.execute(db())
      : await sql<{
          name: string;
        }>`SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'store_products'`.execute(db());
  return rows.rows.map((r) => r.name.replace(/__b$/, '')).sort();
}

describe('a large price file', () => {
  it('lets carts and orders be written while it stages and builds, appears all at once, and keeps a price corrected meanwhile', async () => {
    process.env.IMPORT_SWAP_ABOVE = '100';
    const admin = await signedInAs(server.url, 'admin');
    const upcs = Array.from({ length: 150 }, (_, i) => String(660000000000 + i * 7));
    const made = await run(
      admin,
      'products',
      ['upc,name,department,price', ...upcs.map((u, i) => `${u},Staged Oats ${i},bakery,2.49`)].join('\n'),
    );
    expect(made.status).toBe('applied');
    const ids = (await db().selectFrom('products').select('id').where('upc', 'in', upcs).execute()).map((p) => p.id);
    const stores = (await db().selectFrom('stores').select('id').where('kind', '=', 'shopping').orderBy('id').limit(4).execute()).map(
      (s) => s.id,
    );
    expect(stores.length).toBeGreaterThanOrEqual(2);
    // A shelf row the file does not name (apples at the first store) and one it does (its first product there).
    const apples = { store_id: 1001, product_id: 5000 };
    const priceFile = ['store_id,upc,price', ...stores.flatMap((s) => upcs.map((u) => `${s},${u},3.19`))].join('\n');

    const c = await shopper();
    const slot = await openSlot(c, 1001);
    const during: Array<{ cart: number; order?: number; visible: number }> = [];
    let corrected = false;
    importHooks.onCopied = async () => {
      if (during.length >= 3) return;
      // Nothing of the file is on the shelves before the switch-in.
      const visible = await shelfRows(ids);
      const cart = await c.json<Cart>('/api/shop/v1/cart/items?store_id=1001', {
        method: 'POST',
        body: { items: [{ product_id: 5000, quantity: 1 }] },
      });
      const entry: { cart: number; order?: number; visible: number } = { cart: cart.status, visible };
      if (during.length === 0) {
        const order = await c.json<Order>('/api/shop/v1/orders', { method: 'POST', body: { store_id: 1001, slot_id: slot } });
        entry.order = order.status;
      }
      during.push(entry);
      const building = (await sideTables()).includes('store_products_next');
      if (building && !corrected) {
        // A price corrected by hand while the new shelf is being built: the switch-in must not lose it.
        corrected = true;
        await db()
          .updateTable('store_products')
          .set({ price_cents: 111, updated_at: Date.now() })
          .where('store_id', '=', apples.store_id)
          .where('product_id', '=', apples.product_id)
          .execute();
      }
    };
    const applied = await run(admin, 'store-prices', priceFile);
    expect(applied.status, JSON.stringify(applied.error)).toBe('applied');
    expect(applied.counts).toMatchObject({ new: stores.length * upcs.length, rejected: 0 });

    expect(during.length).toBeGreaterThanOrEqual(1);
    expect(during[0]).toEqual({ cart: 200, order: 201, visible: 0 });
    for (const d of during) expect(d).toMatchObject({ cart: 200, visible: 0 });
    expect(await shelfRows(ids)).toBe(stores.length * upcs.length);
    const row = await db()
      .selectFrom('store_products')
      .select('price_cents')
      .where('store_id', '=', stores[0])
      .where('product_id', '=', ids[0])
      .executeTakeFirstOrThrow();
    expect(row.price_cents).toBe(319);
    // On both databases the new shelf was built beside the live one (no live row written, none locked, before
    // the switch-in), and the price corrected meanwhile is kept.
    expect(corrected).toBe(true);
    const kept = await db()
      .selectFrom('store_products')
      .select('price_cents')
      .where('store_id', '=', apples.store_id)
      .where('product_id', '=', apples.product_id)
      .executeTakeFirstOrThrow();
    expect(kept.price_cents).toBe(111);
    // Nothing is left beside the shelf, and its indexes are all there (under either of their names).
    expect(await sideTables()).toEqual([]);
    expect(await shelfIndexes()).toEqual(
      server.db.dialect === 'sqlite'
        ? ['store_products_price', 'store_products_product', 'store_products_promotion', 'store_products_sale']
        : ['store_products_pk', 'store_products_price', 'store_products_product', 'store_products_promotion', 'store_products_sale'],
    );

    if (server.db.dialect === 'postgres') {
      // The new shelf came in vacuumed (statistics follow the table through its rename): its visibility map set, so a
      // store's count and a page's ids read the index alone instead of visiting the table for every row until
      // autovacuum came by (a table just filled has none; the map is set where no older transaction still runs).
      const vacuumed = async () =>
        (await sql<{ n: number }>`select vacuum_count::int as n from pg_stat_user_tables where relname = 'store_products'`.execute(db()))
          .rows[0]?.n ?? 0;
      await expect.poll(vacuumed).toBeGreaterThan(0);
    }

    // The same file again changes nothing.
    const again = await run(admin, 'store-prices', priceFile);
    expect(again.status).toBe('applied');
    expect(again.counts).toMatchObject({ new: 0, changed: 0, unchanged: stores.length * upcs.length });
    // A changed file builds again, and the shelf answers the shop.
    const changed = await run(admin, 'store-prices', priceFile.replaceAll(',3.19', ',3.29'));
    expect(changed.counts).toMatchObject({ changed: stores.length * upcs.length });
    const page = await c.get<{ items: Array<{ id: number; price_cents: number }> }>(
      `/api/shop/v1/products?store_id=${stores[0]}&q=Staged+Oats`,
    );
    expect(page.status).toBe(200);
  }, 180_000); // five imports, each on a worker thread of its own: on a loaded machine, more than a minute

  it('on PostgreSQL, carts are written while its switch-in transaction is open', async ({ skip }) => {
    if (server.db.dialect !== 'postgres') skip('SQLite builds beside the shelf instead (the test above)');
    const admin = await signedInAs(server.url, 'admin');
    const upcs = Array.from({ length: 50 }, (_, i) => String(661000000000 + i * 7));
    expect(
      (await run(admin, 'products', ['upc,name,department,price', ...upcs.map((u, i) => `${u},Open Oats ${i},bakery,2.49`)].join('\n')))
        .status,
    ).toBe('applied');
    const c = await shopper();
    let cart = 0;
    importHooks.beforeCommit = async () => {
      cart = (
        await c.json<Cart>('/api/shop/v1/cart/items?store_id=1001', {
          method: 'POST',
          body: { items: [{ product_id: 5000, quantity: 1 }] },
        })
      ).status;
    };
    const applied = await run(admin, 'store-prices', ['store_id,upc,price', ...upcs.map((u) => `1001,${u},1.99`)].join('\n'));
    expect(applied.status).toBe('applied');
    expect(cart).toBe(200);
  });

  it("on PostgreSQL, the switch-in's request for the shelf's lock never queues shoppers' reads behind an open transaction that read it", async ({
    skip,
  }) => {
    if (server.db.dialect !== 'postgres') skip('SQLite has no table locks (its switch-in takes the write lock)');
    // A lock request waits behind every transaction holding the shelf (an order reads prices, and holds them to its
    // commit), and every later reader of the shelf waits behind the request: the catalogue bench's pages and carts
    // queued behind one slow order. Now the request waits briefly, lets go and asks again.
    process.env.IMPORT_SWAP_ABOVE = '10';
    const admin = await signedInAs(server.url, 'admin');
    const upcs = Array.from({ length: 40 }, (_, i) => String(662000000000 + i * 7));
    expect(
      (await run(admin, 'products', ['upc,name,department,price', ...upcs.map((u, i) => `${u},Queued Oats ${i},bakery,2.49`)].join('\n')))
        .status,
    ).toBe('applied');
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let opened = () => {};
    const isOpen = new Promise<void>((resolve) => (opened = resolve));
    const side = db()
      .connection()
      .execute(async (c) => {
        await sql`begin`.execute(c);
        await sql`select count(*) from store_products where store_id = 1001`.execute(c);
        opened();
        await released;
        await sql`commit`.execute(c);
      });
    await isOpen;
    const res = await admin.raw(`${IMPORTS_API}?kind=store-prices&mode=apply`, {
      method: 'POST',
      body: ['store_id,upc,price', ...upcs.map((u) => `1001,${u},1.89`)].join('\n'),
      headers: { 'content-type': 'text/csv' },
    });
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as ImportDetail;
    try {
      // The switch-in asks for the lock (seen once in pg_stat_activity), then shoppers read the shelf.
      let asked = false;
      for (let i = 0; i < 3000 && !asked; i++) {
        const rows = await sql<{
          n: number;
        }>`select count(*)::int as n from pg_stat_activity where query like 'LOCK TABLE store_products%'`.execute(db());
        asked = rows.rows[0].n > 0;
        if (!asked) await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(asked).toBe(true);
      for (let i = 0; i < 5; i++) {
        const read = db().selectFrom('store_products').select('price_cents').where('store_id', '=', 1002).limit(1).execute();
        const answer = await Promise.race([read.then(() => 'read'), new Promise((r) => setTimeout(() => r('waited'), 2000))]);
        expect(answer).toBe('read');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      release();
      await side;
    }
    expect((await finished(admin, id)).status).toBe('applied');
  });

  it('on PostgreSQL, a product added by hand while an import adds products gets its own id (one sequence)', async ({ skip }) => {
    if (server.db.dialect !== 'postgres') skip('SQLite serialises writers: the largest id plus one is safe there');
    const admin = await signedInAs(server.url, 'admin');
    const department = (
      await db().selectFrom('departments').select('id').where('catalog', '=', 'grocery').orderBy('id').executeTakeFirstOrThrow()
    ).id;
    const upcs = Array.from({ length: 5 }, (_, i) => String(662000000000 + (Date.now() % 100000) * 10 + i));
    let byHand: { status: number; id?: number } | null = null;
    importHooks.beforeCommit = async () => {
      // The import's new products are written but not committed: a product added now must not wait for them or
      // collide with their ids.
      const name = `Hand Oats ${Date.now()}`;
      const created = admin
        .json<{ id: number }>('/api/admin/v1/catalogue/products', {
          method: 'POST',
          body: {
            name,
            slug: name.toLowerCase().replaceAll(' ', '-'),
            brand: 'Harvest Lane',
            department_id: department,
            size_value: 18,
            size_unit: 'oz',
            price_cents: 399,
            description: 'Rolled oats.',
            ingredients: 'Whole grain rolled oats.',
            allergens: [],
            attributes: [],
            snap_eligible: true,
          },
        })
        .then((r) => ({ status: r.status, id: r.body.id }));
      byHand = await Promise.race([
        created,
        new Promise<{ status: number }>((resolve) => setTimeout(() => resolve({ status: 0 }), 10_000)),
      ]);
    };
    const applied = await run(
      admin,
      'products',
      ['upc,name,department,price', ...upcs.map((u, i) => `${u},Feed Oats ${i},bakery,2.49`)].join('\n'),
    );
    expect(applied.status, JSON.stringify(applied.error)).toBe('applied');
    expect(byHand).toMatchObject({ status: 201 });
    const ids = (await db().selectFrom('products').select('id').where('upc', 'in', upcs).execute()).map((p) => p.id);
    expect(ids).toHaveLength(5);
    expect(ids).not.toContain(byHand!.id);
  });

  it('an imported product is found by the shop search within 5 s, and each applied import bumps the page cache once', async () => {
    const admin = await signedInAs(server.url, 'admin');
    const version = async () => Number(await readPageCacheVersion(db()));
    const word = `Zorbleberry${Date.now().toString(36)}`;
    const upcs = [String(664000000000 + (Date.now() % 1000) * 10), String(664000000001 + (Date.now() % 1000) * 10)];
    const v0 = await version();
    const made = await run(
      admin,
      'products',
      ['upc,name,department,price', `${upcs[0]},${word} Jam,bakery,4.99`, `${upcs[1]},${word} Tart,bakery,5.49`].join('\n'),
    );
    expect(made.status).toBe('applied');
    const v1 = await version();
    expect(v1 - v0).toBe(1);
    expect(
      (await run(admin, 'store-prices', ['store_id,upc,price', `1001,${upcs[0]},4.79`, `1001,${upcs[1]},5.29`].join('\n'))).status,
    ).toBe('applied');
    expect((await version()) - v1).toBe(1);
    const buyer = await shopper();
    const started = Date.now();
    await expect
      .poll(
        async () =>
          (
            await buyer.get<{ items: Array<{ name: string }> }>(`/api/shop/v1/products?store_id=1001&q=${encodeURIComponent(word)}`)
          ).body.items?.map((p) => p.name) ?? [],
        { timeout: 5_000, interval: 100 },
      )
      .toEqual(expect.arrayContaining([`${word} Jam`, `${word} Tart`]));
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
