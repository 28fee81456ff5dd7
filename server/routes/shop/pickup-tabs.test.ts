import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, startTestServer, type TestServer } from '../../testing/harness';
import { openSlot } from '../../testing/pickup';
import { users } from '../../../fixtures/users';

// One shopper, two tabs, one pickup hold (docs/shop.md, "Pickup windows"): the order gets the window the placing
// page sends, whatever the shopper's hold says by then (another tab moved it, it expired), and is refused with the
// window field named when that window has filled up meanwhile. On the database of the run (SQLite or PostgreSQL).

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ trustProxy: ['127.0.0.1'] });
});
afterAll(async () => server?.close());
beforeEach(async () => {
  await server.db.kysely.deleteFrom('login_attempts').execute();
  await server.db.kysely.deleteFrom('slot_holds').execute();
});

interface Order {
  id: number;
  slot_id: number;
  pickup_window: { start: string; end: string };
  notices: string[];
}
interface Refusal {
  code: string;
  message: string;
  data: { status: number; params?: Record<string, string> };
}

async function shopper(who: 'jordan' | 'casey', address: string): Promise<Client> {
  const c = new Client(server.url);
  const raw = c.raw.bind(c);
  c.raw = (path, init = {}) =>
    raw(path, { ...init, headers: { ...Object.fromEntries(new Headers(init.headers)), 'x-forwarded-for': address } });
  await c.page('/contact');
  const u = users.find((x) => x.email.startsWith(`${who}@`))!;
  await c.signIn(u.email, u.password);
  // One cart line at store 1001, every order empties it.
  const added = await c.json(`/api/shop/v1/cart/items?store_id=1001`, {
    method: 'POST',
    body: { items: [{ product_id: 5000, quantity: 1 }] },
  });
  expect(added.status).toBe(200);
  return c;
}

const hold = (c: Client, slotId: number) => c.json('/api/shop/v1/pickup-hold', { method: 'PUT', body: { slot_id: slotId } });
const order = (c: Client, slotId: number) =>
  c.json<Order & Refusal>('/api/shop/v1/orders', { method: 'POST', body: { store_id: 1001, slot_id: slotId } });
const expireHolds = () =>
  server.db.kysely
    .updateTable('slot_holds')
    .set({ expires_at: Date.now() - 1000 })
    .execute();

describe('two tabs and the pickup hold', () => {
  it('orders the window the page sends after another tab moved the hold, releases that hold and says so', async () => {
    const jordan = await shopper('jordan', '198.51.100.61');
    const morning = await openSlot(jordan, 1001, '10:00', 3);
    const afternoon = await openSlot(jordan, 1001, '14:00', 3);
    expect((await hold(jordan, morning)).status).toBe(200); // tab A
    expect((await hold(jordan, afternoon)).status).toBe(200); // tab B, same session
    const placed = await order(jordan, morning); // tab A, still showing the morning
    expect(placed.status).toBe(201);
    expect(placed.body.slot_id).toBe(morning);
    expect(placed.body.pickup_window.start).toBe('10:00');
    expect(placed.body.notices.some((n) => /Your hold on .*2–3 PM was released: this order is for 10–11 AM/.test(n))).toBe(true);
    // The afternoon's place is free again.
    expect((await jordan.json<{ hold: unknown }>('/api/shop/v1/pickup-hold')).body.hold).toBeNull();
  });

  it('orders a window whose hold expired while it still has room, without a notice', async () => {
    const jordan = await shopper('jordan', '198.51.100.62');
    const morning = await openSlot(jordan, 1001, '10:00', 4);
    expect((await hold(jordan, morning)).status).toBe(200);
    await expireHolds();
    const placed = await order(jordan, morning);
    expect(placed.status).toBe(201);
    expect(placed.body.slot_id).toBe(morning);
    expect(placed.body.notices).toEqual([]);
  });

  it('refuses a window that filled up after the hold expired, naming the window field', async () => {
    const jordan = await shopper('jordan', '198.51.100.63');
    const casey = await shopper('casey', '198.51.100.64');
    const morning = await openSlot(jordan, 1001, '10:00', 5);
    await server.db.kysely.updateTable('pickup_slots').set({ capacity: 1 }).where('id', '=', morning).execute();
    expect((await hold(jordan, morning)).status).toBe(200);
    await expireHolds();
    // Another shopper takes the last place meanwhile.
    expect((await order(casey, morning)).status).toBe(201);
    const refused = await order(jordan, morning);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'rest_invalid_param',
      message: 'That pickup window is full. Choose another one.',
      data: { status: 400, params: { slot_id: 'That pickup window is full. Choose another one.' } },
    });
  });
});
