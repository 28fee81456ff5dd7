import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../auth/passwords';
import { type Client, signedIn, useTestServer, visitorAt } from '../../testing/harness';
import { TEST_PASSWORD_COST } from '../../testing/password-cost';
import { openSlot } from '../../testing/pickup';
import type { Cart, Order } from '../../../core/shop/api-types';

// Races on placing orders (issue 19 item 1, issue 17 pickup capacity), on the database of the run (SQLite, or
// PostgreSQL under scripts/with-postgres.mjs): one cart makes one order, a window never takes more than its
// capacity, and bad input writes nothing.

const server = useTestServer();

const PASSWORD = 'race-password-1';
async function newShopper(tag: string): Promise<{ email: string }> {
  const email = `${tag}-${Math.random().toString(36).slice(2)}@race.test`;
  await server.db.kysely
    .insertInto('users')
    .values({
      email,
      name: tag,
      // The races are the subject, not the hashing: a fixture's cost (about 120 hashes and sign-ins a run).
      password_hash: await hashPassword(PASSWORD, TEST_PASSWORD_COST),
      roles: '["customer"]',
      segment_ids: '[]',
      store_id: 1001,
      created_at: Date.now(),
    })
    .execute();
  return { email };
}
/** Sign-ins one after another: a parallel burst of sign-ins for one account is refused by design (sign-in limits). */
async function sessionsOf(email: string, n: number): Promise<Client[]> {
  const out: Client[] = [];
  for (let i = 0; i < n; i++) out.push(await signedIn(server.url, email, PASSWORD));
  return out;
}
const addApples = (c: Client, quantity = 2) =>
  c.json<Cart>('/api/shop/v1/cart/items?store_id=1001', { method: 'POST', body: { items: [{ product_id: 5000, quantity }] } });
const ordersOf = async (email: string) =>
  server.db.kysely
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select(['orders.id', 'orders.slot_id'])
    .where('users.email', '=', email)
    .execute();

describe('one cart, one order', () => {
  it('24 parallel submits from 6 sessions of one user without a key make one order; the rest find the cart empty', async () => {
    const { email } = await newShopper('tabs');
    const sessions = await sessionsOf(email, 6);
    expect((await addApples(sessions[0], 3)).status).toBe(200);
    const slot = await openSlot(sessions[0], 1001);
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        sessions[i % 6].json<Order & { message: string }>('/api/shop/v1/orders', {
          method: 'POST',
          body: { store_id: 1001, slot_id: slot },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400).every((a) => a.body.message === 'Your cart is empty.')).toBe(true);
    expect(answers.every((a) => a.status === 201 || a.status === 400)).toBe(true);
    expect(await ordersOf(email)).toHaveLength(1);
  });

  it('a double submit with one Idempotency-Key (24 in parallel, 6 sessions) returns the first order every time', async () => {
    const { email } = await newShopper('double');
    const sessions = await sessionsOf(email, 6);
    await addApples(sessions[0]);
    const slot = await openSlot(sessions[0], 1001);
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        sessions[i % 6].json<Order>('/api/shop/v1/orders', {
          method: 'POST',
          body: { store_id: 1001, slot_id: slot },
          headers: { 'idempotency-key': 'checkout-7f3a' },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(23);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(answers[0].body.lines).toEqual([expect.objectContaining({ product_id: 5000, quantity: 2 })]);
    expect(await ordersOf(email)).toHaveLength(1);
    // A new checkout (a new key) with a new cart is a new order.
    await addApples(sessions[1]);
    const next = await sessions[1].json<Order>('/api/shop/v1/orders', {
      method: 'POST',
      body: { store_id: 1001, slot_id: slot },
      headers: { 'idempotency-key': 'checkout-8b1c' },
    });
    expect(next.status).toBe(201);
    expect(next.body.id).not.toBe(answers[0].body.id);
  });
});

describe('pickup window capacity', () => {
  it('50 parallel orders from 50 shoppers for a window of capacity 10 create exactly 10', async () => {
    const shoppers = await Promise.all(Array.from({ length: 50 }, (_, i) => newShopper(`cap${i}`)));
    const clients: Client[] = [];
    // Signed in ten at a time: the race is the orders, not the sign-ins.
    for (let i = 0; i < shoppers.length; i += 10)
      clients.push(...(await Promise.all(shoppers.slice(i, i + 10).map((s) => signedIn(server.url, s.email, PASSWORD)))));
    await Promise.all(clients.map((c) => addApples(c, 1)));
    const slot = await openSlot(clients[0], 1001, '14:00', 3);
    const answers = await Promise.all(
      clients.map((c) => c.json<{ message: string }>('/api/shop/v1/orders', { method: 'POST', body: { store_id: 1001, slot_id: slot } })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
    const refused = answers.filter((a) => a.status === 400);
    expect(refused).toHaveLength(40);
    expect(refused.every((a) => a.body.message === 'That pickup window is full. Choose another one.')).toBe(true);
    const inSlot = await server.db.kysely.selectFrom('orders').select('id').where('slot_id', '=', slot).execute();
    expect(inSlot).toHaveLength(10);
    // The refused shoppers keep their carts.
    const refusedClient = clients.find((_, i) => answers[i].status === 400)!;
    const cart = await refusedClient.get<Cart>('/api/shop/v1/cart');
    expect(cart.body.count).toBe(1);
  }, 240_000); // 50 accounts written and signed in, 50 orders: generous beside a busy machine

  // An order locks its window's row to its commit, and every order of the window waits for that lock. Taken first
  // (before the order's rows were written), a transaction slowed anywhere after it (a busy server's thread, a write
  // waiting for a row) held the whole window's queue, and on the catalogue bench the pool emptied behind it
  // (docs/performance.md, "Catalogue imports"). Now it is taken last. PostgreSQL only: SQLite has one writer anyway.
  it.runIf(/^postgres/.test(process.env.DATABASE_URL ?? ''))(
    "an order waiting on one of its writes does not hold its window: another shopper's order for the window goes through",
    async () => {
      const slow = await newShopper('slow');
      const quick = await newShopper('quick');
      const [a] = await sessionsOf(slow.email, 1);
      const [b] = await sessionsOf(quick.email, 1);
      await addApples(a);
      await addApples(b);
      const slot = await openSlot(a, 1001);
      const cart = await server.db.kysely
        .selectFrom('carts')
        .innerJoin('users', 'users.id', 'carts.user_id')
        .select('carts.id')
        .where('users.email', '=', slow.email)
        .executeTakeFirstOrThrow();
      // Another transaction holds the slow shopper's cart lines: that order waits at their removal, its window taken or not.
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked = () => {};
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const side = server.db.kysely.connection().execute(async (c) => {
        await sql`begin`.execute(c);
        await sql`select product_id from cart_lines where cart_id = ${cart.id} for update`.execute(c);
        locked();
        await released;
        await sql`rollback`.execute(c);
      });
      await isLocked;
      const order = (c: Client) => c.json<Order>('/api/shop/v1/orders', { method: 'POST', body: { store_id: 1001, slot_id: slot } });
      const first = order(a);
      await new Promise((r) => setTimeout(r, 500));
      const second = await Promise.race([order(b), new Promise<'waited'>((r) => setTimeout(() => r('waited'), 4000))]);
      release();
      await side;
      expect(second === 'waited' ? 'waited for the window' : second.status).toBe(201);
      expect((await first).status).toBe(201);
    },
  );

  it('a hold counts against capacity for others; the holder keeps their place', async () => {
    const holderShopper = await newShopper('holder');
    const holder = await signedIn(server.url, holderShopper.email, PASSWORD);
    const slot = await openSlot(holder, 1002, '16:00', 4);
    const held = await holder.json<{ hold: { slot: { id: number; remaining: number } } }>('/api/shop/v1/pickup-hold', {
      method: 'PUT',
      body: { slot_id: slot },
    });
    expect(held.status).toBe(200);
    expect(held.body.hold.slot.id).toBe(slot);
    const other = await signedIn(server.url, (await newShopper('other')).email, PASSWORD);
    const seen = await other.get<{ items: Array<{ id: number; remaining: number }> }>(
      `/api/shop/v1/stores/1002/pickup-slots?date=${(await server.db.kysely.selectFrom('pickup_slots').select('day').where('id', '=', slot).executeTakeFirstOrThrow()).day}`,
    );
    expect(seen.body.items.find((s) => s.id === slot)?.remaining).toBe(9);
    const mine = await holder.json<{ hold: { slot: { id: number } } | null }>('/api/shop/v1/pickup-hold', {
      headers: { 'x-wp-nonce': holder.nonce },
    });
    expect(mine.body.hold?.slot.id).toBe(slot);
  });
});

describe('bad input writes nothing', () => {
  it.each([
    ['"0x10"', { items: [{ product_id: 5000, quantity: '0x10' }] }],
    ['null', { items: [{ product_id: 5000, quantity: null }] }],
    ['1000', { items: [{ product_id: 5000, quantity: 1000 }] }],
    ['1.5', { items: [{ product_id: 5000, quantity: 1.5 }] }],
  ])('a quantity of %s → 400 naming the quantity, cart unchanged', async (_label, body) => {
    const c = await visitorAt(server.url);
    const r = await c.json<{ data: { params: Record<string, string> } }>('/api/shop/v1/cart/items', { method: 'POST', body });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.data.params)).toEqual(['items.0.quantity']);
    expect((await c.json<Cart>('/api/shop/v1/cart')).body.lines).toEqual([]);
  });

  it('setting a quantity of null or "0x10" does not remove the line', async () => {
    const c = await visitorAt(server.url);
    await addApples(c, 2);
    for (const quantity of [null, '0x10', 1000])
      expect((await c.json('/api/shop/v1/cart/items/5000', { method: 'PUT', body: { quantity } })).status).toBe(400);
    expect((await c.json<Cart>('/api/shop/v1/cart')).body.lines).toEqual([expect.objectContaining({ product_id: 5000, quantity: 2 })]);
  });

  it.each([
    ['2026-11-31', 'Choose a real pickup date (YYYY-MM-DD).'],
    ['2020-01-01', 'That pickup date has passed. Choose today or a later day.'],
    ['2099-01-01', 'Choose a pickup date within the next 14 days.'],
  ])('pickup date %s → 400 "%s"', async (date, message) => {
    const c = await visitorAt(server.url);
    const r = await c.json<{ data: { params: Record<string, string> } }>(`/api/shop/v1/stores/1001/pickup-slots?date=${date}`);
    expect(r.status).toBe(400);
    expect(r.body.data.params.date).toBe(message);
  });

  it('a window of another store, or a full one, answers 400 and leaves the cart and orders as they were', async () => {
    const { email } = await newShopper('wrong');
    const c = await signedIn(server.url, email, PASSWORD);
    await addApples(c, 1);
    const elsewhere = await openSlot(c, 1002);
    const r = await c.json<{ message: string }>('/api/shop/v1/orders', { method: 'POST', body: { store_id: 1001, slot_id: elsewhere } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('That pickup window belongs to another store. Choose a window at Columbus Short North.');
    const full = await openSlot(c, 1001, '19:00', 5);
    await server.db.kysely.updateTable('pickup_slots').set({ capacity: 0 }).where('id', '=', full).execute();
    const f = await c.json<{ message: string }>('/api/shop/v1/orders', { method: 'POST', body: { store_id: 1001, slot_id: full } });
    expect(f.status).toBe(400);
    expect(await ordersOf(email)).toHaveLength(0);
    expect((await c.get<Cart>('/api/shop/v1/cart')).body.count).toBe(1);
  });
});
