import { describe, expect, it } from 'vitest';
import type { Order } from '../../../core/shop/api-types';
import type { StaffOrdersDay } from '../../../core/shop/staff-orders';
import { Client, signedInAs, useTestServer, visitorAt } from '../../testing/harness';
import { placeOrder } from '../../testing/pickup';

// The staff screen and its API: the staff of a store (and administrators) see that store's orders of a day by
// window, with lines and substitutions, and move them one step at a time; nobody else does.

const server = useTestServer();

async function placeAt(c: Client, storeId: number, substitution?: { substitution: string; substitute_id?: number }): Promise<Order> {
  await c.json(`/api/shop/v1/cart/items?store_id=${storeId}`, { method: 'POST', body: { items: [{ product_id: 5000, quantity: 2 }] } });
  if (substitution)
    expect((await c.json('/api/shop/v1/cart/items/5000/substitution', { method: 'PUT', body: substitution })).status).toBe(200);
  return placeOrder(c, storeId);
}
const status = (c: Client, orderId: number, to: string) =>
  c.json<{ code: string; message: string }>(`/api/shop/v1/staff/orders/${orderId}/status`, { method: 'PUT', body: { status: to } });

describe('staff orders API', () => {
  it("shows the staff member's store's day by window with lines and the shopper's substitution choice", async () => {
    const shopper = await signedInAs(server.url, 'casey');
    const order = await placeAt(shopper, 1001, { substitution: 'this_product', substitute_id: 5002 });
    const staff = await signedInAs(server.url, 'staff');
    const day = await staff.get<StaffOrdersDay>(`/api/shop/v1/staff/orders?store_id=1001&date=${order.pickup_date}`);
    expect(day.status).toBe(200);
    const window = day.body.slots.find((s) => s.start === '10:00');
    expect(window?.end).toBe('11:00');
    const mine = window?.orders.find((o) => o.id === order.id);
    expect(mine).toMatchObject({ customer: 'Casey Customer', status: 'placed', items: 2 });
    expect(mine?.lines).toEqual([
      { product_id: 5000, name: 'Honeycrisp Apples', quantity: 2, substitution: 'this_product', substitute_name: expect.any(String) },
    ]);
    expect(mine?.lines[0].substitute_name).not.toBe('');
  });

  it('keeps staff to their own store: another store answers 403 for the list and for a move', async () => {
    const shopper = await signedInAs(server.url, 'jordan');
    const elsewhere = await placeAt(shopper, 1002);
    const staff = await signedInAs(server.url, 'staff');
    const list = await staff.get<{ message: string }>(`/api/shop/v1/staff/orders?store_id=1002&date=${elsewhere.pickup_date}`);
    expect(list.status).toBe(403);
    expect(list.body.message).toMatch(/not on the staff of/);
    const move = await status(staff, elsewhere.id, 'picking');
    expect(move.status).toBe(403);
    // Nothing moved; an administrator may.
    const admin = await signedInAs(server.url, 'admin');
    const before = await admin.get<StaffOrdersDay>(`/api/shop/v1/staff/orders?store_id=1002&date=${elsewhere.pickup_date}`);
    expect(before.body.slots.flatMap((s) => s.orders).find((o) => o.id === elsewhere.id)?.status).toBe('placed');
    expect((await status(admin, elsewhere.id, 'picking')).status).toBe(200);
    // Shoppers and anonymous visitors: 403 and 401.
    expect((await shopper.get('/api/shop/v1/staff/orders?store_id=1001')).status).toBe(403);
    const anonymous = await visitorAt(server.url);
    expect((await anonymous.get('/api/shop/v1/staff/orders?store_id=1001')).status).toBe(401);
  });

  it('moves one step at a time with a clear message for a skip or a step back, and bad input is a 400', async () => {
    const order = await placeAt(await signedInAs(server.url, 'casey'), 1001);
    const staff = await signedInAs(server.url, 'staff');
    const skip = await status(staff, order.id, 'picked_up');
    expect(skip.status).toBe(409);
    expect(skip.body.message).toBe('An order that is placed cannot become picked up.');
    expect((await status(staff, order.id, 'picking')).status).toBe(200);
    const back = await status(staff, order.id, 'placed');
    expect(back.status).toBe(409);
    expect(back.body.message).toBe('An order that is being picked cannot become placed.');
    const bad = await status(staff, order.id, 'done');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/status/);
    expect((await staff.get('/api/shop/v1/staff/orders?store_id=1001&date=2026-02-30')).status).toBe(400);
    expect((await status(staff, 99999999, 'picking')).status).toBe(404);
  });

  it('20 parallel moves of one order: exactly one succeeds, the others are told it already moved', async () => {
    const order = await placeAt(await signedInAs(server.url, 'casey'), 1001);
    const staff = await signedInAs(server.url, 'staff');
    const answers = await Promise.all(Array.from({ length: 20 }, () => status(staff, order.id, 'picking')));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.map((a) => a.status)).toEqual(Array(19).fill(409));
    expect(refused[0].body.message).toBe('This order is already being picked.');
  });
});

describe('staff screen', () => {
  it('sends anonymous visitors to sign in, shows shoppers a 403 page, and staff their store only', async () => {
    const anonymous = new Client(server.url);
    const first = await anonymous.raw('/staff/orders');
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('/login?redirect_to=%2Fstaff%2Forders');

    const shopper = await signedInAs(server.url, 'casey');
    expect((await shopper.page('/staff/orders')).status).toBe(403);

    const staff = await signedInAs(server.url, 'staff');
    const page = await staff.page('/staff/orders');
    expect(page.status).toBe(200);
    const data = JSON.parse(/id="staff-orders-data">(.*?)<\/script>/s.exec(page.html)![1]) as {
      stores: Array<{ id: number }>;
      store_id: number;
    };
    expect(data.stores.map((s) => s.id)).toEqual([1001]);
    expect(data.store_id).toBe(1001);
    const other = await staff.page('/staff/orders?store_id=1002');
    expect(other.status).toBe(403);
    expect(other.html).toContain('You are not on the staff of that store.');

    const admin = await signedInAs(server.url, 'admin');
    const all = await admin.page('/staff/orders?store_id=1002&date=2026-02-30');
    expect(all.status).toBe(200);
    const adminData = JSON.parse(/id="staff-orders-data">(.*?)<\/script>/s.exec(all.html)![1]) as {
      stores: unknown[];
      store_id: number;
      date: string;
    };
    expect(adminData.stores.length).toBeGreaterThan(5);
    expect(adminData.store_id).toBe(1002);
    expect(adminData.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(adminData.date).not.toBe('2026-02-30');
  });
});

describe('staff sign-in', () => {
  /** Signs in through the /login form (no redirect_to), as a person at the sign-in screen does. */
  async function loginForm(email: string, password: string): Promise<{ client: Client; location: string | null }> {
    const client = new Client(server.url);
    const { html } = await client.page('/login');
    expect(html).toContain('name="redirect_to" value=""');
    const nonce = /name="_wpnonce" value="([^"]+)"/.exec(html)![1];
    const res = await client.raw('/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, password, _wpnonce: nonce, redirect_to: '' }).toString(),
    });
    expect(res.status).toBe(303);
    return { client, location: res.headers.get('location') };
  }

  it('lands store staff on the staff screen, with a link to it in the menu', async () => {
    const { client, location } = await loginForm('staff@harvestlane.test', 'staff-password');
    expect(location).toBe('/staff/orders');
    const screen = await client.page(location!);
    expect(screen.status).toBe(200);
    expect((await client.page('/')).html).toMatch(/<a href="\/staff\/orders"[^>]*>Store orders<\/a>/);
    // Signed in already: /login sends staff straight to their screen.
    expect((await client.raw('/login')).headers.get('location')).toBe('/staff/orders');
  });

  it('keeps editors on the admin, and sends shoppers to their account without a staff link', async () => {
    expect((await loginForm('editor@harvestlane.test', 'editor-password')).location).toBe('/admin');
    const shopper = await loginForm('casey@example.test', 'casey-password');
    expect(shopper.location).toBe('/shop#!/account');
    expect((await shopper.client.page('/')).html).not.toContain('Store orders');
  });
});
