import { describe, expect, it } from 'vitest';
import type { Cart, Order } from '../../../core/shop/api-types';
import type { StaffOrdersDay } from '../../../core/shop/staff-orders';
import { addDays, CHAIN_TIME_ZONE, storeDay } from '../../../core/shop/store-day';
import { signedInAs, useTestServer, visitorAt, type Client } from '../../testing/harness';
import { openSlot } from '../../testing/pickup';

// Checkout, round two (docs/shop.md "One cart per catalogue" and "Checkout", docs/pricing.md "Coupons" and
// "Member prices"): a cart of groceries and wine is never a dead end, clipped coupons and member prices are shown
// and charged and re-checked at order time, the tender plan and the age check reach the staff screen, and catering
// notice rules out windows too soon. On SQLite and PostgreSQL.

const server = useTestServer();
const db = () => server.db.kysely;

const GROCERY = 1001;
const WINE = 1095; // Columbus's wine cellar
const CATERING = 1090;

async function userId(email: string): Promise<number> {
  return (await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}
async function emptyCart(who: 'jordan' | 'casey'): Promise<number> {
  const id = await userId(`${who}@example.test`);
  const cart = await db().selectFrom('carts').select('id').where('user_id', '=', id).executeTakeFirst();
  if (cart) await db().deleteFrom('cart_lines').where('cart_id', '=', cart.id).execute();
  await db().deleteFrom('clipped_coupons').where('user_id', '=', id).execute();
  return id;
}

/** A product of the catalogue sold and in stock at the store (optionally SNAP-eligible or not, with notice). */
async function productAt(
  storeId: number,
  where: { catalog: string; snap?: boolean; member?: boolean; notice?: boolean; category?: string },
): Promise<{ id: number; name: string; price: number; member: number | null }> {
  let q = db()
    .selectFrom('store_products')
    .innerJoin('products', 'products.id', 'store_products.product_id')
    .select(['products.id', 'products.name', 'store_products.price_cents', 'store_products.member_price_cents'])
    .where('store_products.store_id', '=', storeId)
    .where('store_products.available', '=', 1)
    .where('store_products.sale_price_cents', 'is', null)
    .where('products.catalog', '=', where.catalog);
  if (where.snap !== undefined) q = q.where('products.snap_eligible', '=', where.snap ? 1 : 0);
  if (where.member) q = q.where('store_products.member_price_cents', 'is not', null);
  if (where.member === false) q = q.where('store_products.member_price_cents', 'is', null);
  if (where.notice) q = q.where('products.catering_notice_hours', '=', 48);
  if (where.category) q = q.where('products.tax_category', '=', where.category);
  // Not in any weekly ad: its price is the shelf's (or member's) whatever the day.
  q = q.where((eb) =>
    eb.not(
      eb.exists(
        eb.selectFrom('circular_items').select('circular_items.product_id').whereRef('circular_items.product_id', '=', 'products.id'),
      ),
    ),
  );
  const row = await q.orderBy('products.id').executeTakeFirstOrThrow();
  return { id: row.id, name: row.name, price: row.price_cents, member: row.member_price_cents };
}

const add = (c: Client, storeId: number, catalog: string, items: Array<{ product_id: number; quantity: number }>) =>
  c.json<Cart>(`/api/shop/v1/cart/items?store_id=${storeId}&catalog=${catalog}`, { method: 'POST', body: { items } });

async function order(c: Client, storeId: number, extra: Record<string, unknown> = {}, fromDay = 2) {
  return c.json<Order & { code?: string; message?: string; data?: { params?: Record<string, string> } }>('/api/shop/v1/orders', {
    method: 'POST',
    body: { store_id: storeId, slot_id: await openSlot(c, storeId, '10:00', fromDay), ...extra },
  });
}

async function coupon(productIds: number[], over: Partial<{ discount_value: number; limit_per_order: number; end_date: string }> = {}) {
  const today = storeDay(new Date(), CHAIN_TIME_ZONE);
  const row = await db()
    .insertInto('coupons')
    .values({
      title: `$0.50 off, test ${Date.now()}`,
      description: '',
      discount_kind: 'amount',
      discount_value: over.discount_value ?? 50,
      start_date: addDays(today, -3),
      end_date: over.end_date ?? addDays(today, 3),
      limit_per_order: over.limit_per_order ?? 2,
      active: 1,
      created_at: Date.now(),
      updated_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db()
    .insertInto('coupon_products')
    .values(productIds.map((product_id) => ({ coupon_id: row.id, product_id })))
    .execute();
  return row.id;
}

describe('one cart per catalogue (33.5)', () => {
  it('orders the groceries at the grocery store and the wine at the wine cellar from one shopper, no dead end', async () => {
    await emptyCart('casey');
    const c = await signedInAs(server.url, 'casey');
    const food = await productAt(GROCERY, { catalog: 'grocery' });
    const wine = await productAt(WINE, { catalog: 'wine' });
    expect((await add(c, GROCERY, 'grocery', [{ product_id: food.id, quantity: 2 }])).status).toBe(200);
    const wineCart = await add(c, WINE, 'wine', [{ product_id: wine.id, quantity: 1 }]);
    expect(wineCart.status).toBe(200);
    // Each shop shows its own cart and says what waits in the other.
    expect(wineCart.body.lines.map((l) => l.product_id)).toEqual([wine.id]);
    expect(wineCart.body.other_carts).toEqual([{ catalog: 'grocery', count: 2 }]);
    const groceryCart = (await c.get<Cart>(`/api/shop/v1/cart?store_id=${GROCERY}`)).body;
    expect(groceryCart.lines.map((l) => l.product_id)).toEqual([food.id]);
    expect(groceryCart.catalog).toBe('grocery');
    expect(groceryCart.other_carts).toEqual([{ catalog: 'wine', count: 1 }]);

    // Before: 400 "… is not sold at Columbus Short North" for the wine. Now the grocery order takes the groceries.
    const groceries = await order(c, GROCERY);
    expect(groceries.status).toBe(201);
    expect(groceries.body.lines.map((l) => l.product_id)).toEqual([food.id]);
    const left = (await c.get<Cart>(`/api/shop/v1/cart?store_id=${WINE}&catalog=wine`)).body;
    expect(left.lines.map((l) => l.product_id)).toEqual([wine.id]);
    const wineOrder = await order(c, WINE, { age_confirmed: true });
    expect(wineOrder.status).toBe(201);
    expect(wineOrder.body.lines.map((l) => l.product_id)).toEqual([wine.id]);
    expect((await c.get<Cart>(`/api/shop/v1/cart?store_id=${GROCERY}`)).body.other_carts).toEqual([]);
  });
});

describe('member prices and clipped coupons (33.12)', () => {
  it('a loyalty member sees and pays the member price; a customer who is not one does not', async () => {
    const item = await productAt(GROCERY, { catalog: 'grocery', member: true });
    expect(item.member).toBeLessThan(item.price);
    const member = await signedInAs(server.url, 'jordan');
    const other = await signedInAs(server.url, 'casey');
    const seen = await member.get<{ price_cents: number; member_price: boolean }>(`/api/shop/v1/products/${item.id}?store_id=${GROCERY}`);
    expect(seen.body).toMatchObject({ price_cents: item.member, member_price: true });
    const plain = await other.get<{ price_cents: number; member_price_cents: number }>(
      `/api/shop/v1/products/${item.id}?store_id=${GROCERY}`,
    );
    expect(plain.body).toMatchObject({ price_cents: item.price, member_price_cents: item.member });

    await emptyCart('jordan');
    const cart = (await add(member, GROCERY, 'grocery', [{ product_id: item.id, quantity: 2 }])).body;
    expect(cart.lines[0]).toMatchObject({ price_cents: item.member, was_cents: item.price, basis: 'member' });
    const placed = await order(member, GROCERY);
    expect(placed.status).toBe(201);
    expect(placed.body.lines[0]).toMatchObject({ price_cents: item.member, line_total_cents: 2 * item.member! });
  });

  it('applies a clipped coupon after the member price, within its limit per order, and the order charges the same', async () => {
    await emptyCart('jordan');
    const c = await signedInAs(server.url, 'jordan');
    const item = await productAt(GROCERY, { catalog: 'grocery', member: true });
    const id = await coupon([item.id], { discount_value: 50, limit_per_order: 2 });
    // Not clipped: nothing off.
    let cart = (await add(c, GROCERY, 'grocery', [{ product_id: item.id, quantity: 3 }])).body;
    expect(cart.lines[0].coupon).toBeNull();
    const listed = await c.get<{ items: Array<{ id: number; clipped: boolean }> }>('/api/shop/v1/coupons');
    expect(listed.body.items.find((x) => x.id === id)?.clipped).toBe(false);
    expect((await c.json(`/api/shop/v1/coupons/${id}/clip`, { method: 'PUT' })).status).toBe(200);
    cart = (await c.get<Cart>(`/api/shop/v1/cart?store_id=${GROCERY}`)).body;
    // Three units, the coupon's limit is two: $1.00 off, after the member price.
    expect(cart.lines[0]).toMatchObject({ price_cents: item.member, coupon: { coupon_id: id, units: 2, discount_cents: 100 } });
    expect(cart.estimate?.coupon_cents).toBe(100);
    expect(cart.estimate?.total_cents).toBe(cart.estimate!.subtotal_cents - 100 + cart.estimate!.fee_cents + cart.estimate!.tax_cents);
    const placed = await order(c, GROCERY, { coupon_ids: [id] });
    expect(placed.status).toBe(201);
    expect(placed.body.coupon_cents).toBe(100);
    expect(placed.body.notices).toEqual([]);
    expect(placed.body.lines[0]).toMatchObject({ coupon_cents: 100, coupon_title: expect.stringContaining('$0.50 off') });
    expect(placed.body.total_cents).toBe(cart.estimate!.total_cents);

    // A change after ordering keeps the coupon on at most the units it covered: down to one, $0.50 off.
    const fewer = await c.json<Order>(`/api/shop/v1/orders/${placed.body.id}/lines/${item.id}`, { method: 'PATCH', body: { quantity: 1 } });
    expect(fewer.status).toBe(200);
    expect(fewer.body.lines[0]).toMatchObject({ coupon_cents: 50, line_total_cents: item.member! });
    expect(fewer.body.coupon_cents).toBe(50);
    expect(fewer.body.total_cents).toBe(item.member! - 50 + fewer.body.fee_cents + fewer.body.tax_cents);
  });

  it('re-checks coupons at order time: one that ended since the cart showed it is not applied, and the order says so', async () => {
    await emptyCart('jordan');
    const c = await signedInAs(server.url, 'jordan');
    const item = await productAt(GROCERY, { catalog: 'grocery' });
    const id = await coupon([item.id]);
    expect((await c.json(`/api/shop/v1/coupons/${id}/clip`, { method: 'PUT' })).status).toBe(200);
    const cart = (await add(c, GROCERY, 'grocery', [{ product_id: item.id, quantity: 1 }])).body;
    expect(cart.lines[0].coupon?.discount_cents).toBe(50);
    // The merchandiser ends it yesterday, between the cart and the order.
    await db()
      .updateTable('coupons')
      .set({ end_date: addDays(storeDay(new Date(), CHAIN_TIME_ZONE), -1) })
      .where('id', '=', id)
      .execute();
    const placed = await order(c, GROCERY, { coupon_ids: [id] });
    expect(placed.status).toBe(201);
    expect(placed.body.coupon_cents).toBe(0);
    expect(placed.body.notices).toEqual([expect.stringMatching(/has ended, so it was not applied/)]);
    // An ended coupon cannot be clipped.
    const again = await c.json<{ message: string }>(`/api/shop/v1/coupons/${id}/clip`, { method: 'PUT' });
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/has ended/);
    // Signed out, clipping asks to sign in.
    expect((await (await visitorAt(server.url)).json(`/api/shop/v1/coupons/${id}/clip`, { method: 'PUT' })).status).toBe(401);
  });
});

describe('EBT SNAP tender, age check and catering notice (33.13–33.15)', () => {
  it('records the tender plan (EBT for the eligible items net of coupons), and staff see it with the ID check', async () => {
    await emptyCart('casey');
    const c = await signedInAs(server.url, 'casey');
    const snap = await productAt(GROCERY, { catalog: 'grocery', snap: true });
    const other = await productAt(GROCERY, { catalog: 'grocery', snap: false, category: 'general' });
    const id = await coupon([snap.id], { limit_per_order: 1 });
    expect((await c.json(`/api/shop/v1/coupons/${id}/clip`, { method: 'PUT' })).status).toBe(200);
    const cart = (
      await add(c, GROCERY, 'grocery', [
        { product_id: snap.id, quantity: 2 },
        { product_id: other.id, quantity: 1 },
      ])
    ).body;
    const eligible = 2 * snap.price - 50;
    expect(cart.ebt_eligible_cents).toBe(eligible);

    // A split above the eligible subtotal names the field; EBT with nothing eligible is refused too.
    const tooMuch = await order(c, GROCERY, { tender: 'split', ebt_cents: eligible + 1 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.data?.params?.ebt_cents).toMatch(/EBT SNAP-eligible subtotal/);
    for (const probe of [
      { tender: 'cash' },
      { tender: 'split', ebt_cents: -1 },
      { tender: 'split', ebt_cents: 1.5 },
      { coupon_ids: [0] },
    ]) {
      const bad = await order(c, GROCERY, probe);
      expect(bad.status, JSON.stringify(probe)).toBe(400);
    }

    const placed = await order(c, GROCERY, { tender: 'ebt_snap' });
    expect(placed.status).toBe(201);
    expect(placed.body.tender).toEqual({ method: 'ebt_snap', ebt_cents: eligible, card_cents: placed.body.total_cents - eligible });
    expect(placed.body.id_check).toBe(false);

    const staff = await signedInAs(server.url, 'staff');
    const day = (await staff.get<StaffOrdersDay>(`/api/shop/v1/staff/orders?store_id=${GROCERY}&date=${placed.body.pickup_date}`)).body;
    const seen = day.slots.flatMap((s) => s.orders).find((o) => o.id === placed.body.id);
    expect(seen).toMatchObject({ tender: placed.body.tender, id_check: false });

    // EBT for the eligible items follows a quantity change: one unit less of the SNAP item.
    const changed = await c.json<Order>(`/api/shop/v1/orders/${placed.body.id}/lines/${snap.id}`, {
      method: 'PATCH',
      body: { quantity: 1 },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.tender).toEqual({
      method: 'ebt_snap',
      ebt_cents: snap.price - 50,
      card_cents: changed.body.total_cents - (snap.price - 50),
    });
  });

  it('refuses wine without the 21-or-over confirmation, server-side, and marks the order for an ID check', async () => {
    await emptyCart('casey');
    const c = await signedInAs(server.url, 'casey');
    const wine = await productAt(WINE, { catalog: 'wine' });
    await add(c, WINE, 'wine', [{ product_id: wine.id, quantity: 1 }]);
    const cart = (await c.get<Cart>(`/api/shop/v1/cart?store_id=${WINE}&catalog=wine`)).body;
    expect(cart.age_restricted).toBe(true);
    const refused = await order(c, WINE);
    expect(refused.status).toBe(400);
    expect(refused.body.data?.params?.age_confirmed).toMatch(/21 or over/);
    expect((await c.get<Cart>(`/api/shop/v1/cart?store_id=${WINE}&catalog=wine`)).body.lines).toHaveLength(1);
    const placed = await order(c, WINE, { age_confirmed: true });
    expect(placed.status).toBe(201);
    expect(placed.body.id_check).toBe(true);
    const admin = await signedInAs(server.url, 'admin');
    const day = (await admin.get<StaffOrdersDay>(`/api/shop/v1/staff/orders?store_id=${WINE}&date=${placed.body.pickup_date}`)).body;
    expect(day.slots.flatMap((s) => s.orders).find((o) => o.id === placed.body.id)?.id_check).toBe(true);
  });

  it('offers and accepts only windows that meet the longest catering notice in the cart', async () => {
    await emptyCart('casey');
    const c = await signedInAs(server.url, 'casey');
    const tray = await productAt(CATERING, { catalog: 'catering', notice: true });
    const cart = (await add(c, CATERING, 'catering', [{ product_id: tray.id, quantity: 1 }])).body;
    expect(cart.notice_hours).toBe(48);
    const tomorrow = addDays(storeDay(new Date(), CHAIN_TIME_ZONE), 1);
    const slots = await c.get<{ notice_hours: number; items: unknown[] }>(`/api/shop/v1/stores/${CATERING}/pickup-slots?date=${tomorrow}`);
    expect(slots.body).toMatchObject({ notice_hours: 48, items: [] });
    // Tomorrow's last window is under 48 hours away whenever the test runs: the picker does not offer it, and the
    // order API refuses it when asked directly.
    const soon = await db()
      .selectFrom('pickup_slots')
      .select('id')
      .where('store_id', '=', CATERING)
      .where('day', '=', tomorrow)
      .where('start_time', '=', '19:00')
      .executeTakeFirstOrThrow();
    const refused = await c.json<{ data: { params: Record<string, string> } }>('/api/shop/v1/orders', {
      method: 'POST',
      body: { store_id: CATERING, slot_id: soon.id },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.data.params.slot_id).toMatch(/48 hours' notice/);
    // A window of another store is refused as that, not for the catering store's notice.
    await c.get(`/api/shop/v1/stores/${GROCERY}/pickup-slots?date=${tomorrow}`);
    const elsewhere = await db()
      .selectFrom('pickup_slots')
      .select('id')
      .where('store_id', '=', GROCERY)
      .where('day', '=', tomorrow)
      .orderBy('start_time', 'desc')
      .executeTakeFirstOrThrow();
    const foreign = await c.json<{ message: string }>('/api/shop/v1/orders', {
      method: 'POST',
      body: { store_id: CATERING, slot_id: elsewhere.id },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toMatch(/^That pickup window belongs to another store\./);
    const placed = await order(c, CATERING, {}, 3);
    expect(placed.status).toBe(201);
  });
});

describe('order cards and buy it again (33.10)', () => {
  it('name the chosen substitute, price each line, and buy it again keeps the substitution choices', async () => {
    await emptyCart('casey');
    const c = await signedInAs(server.url, 'casey');
    const item = await productAt(GROCERY, { catalog: 'grocery', member: false });
    const sub = await productAt(GROCERY, { catalog: 'grocery', snap: false, category: 'general' });
    await add(c, GROCERY, 'grocery', [{ product_id: item.id, quantity: 2 }]);
    expect(
      (
        await c.json(`/api/shop/v1/cart/items/${item.id}/substitution?store_id=${GROCERY}`, {
          method: 'PUT',
          body: { substitution: 'this_product', substitute_id: sub.id },
        })
      ).status,
    ).toBe(200);
    const placed = await order(c, GROCERY);
    expect(placed.body.lines[0]).toMatchObject({
      substitution: 'this_product',
      substitute_id: sub.id,
      substitute_name: sub.name,
      line_total_cents: 2 * item.price,
    });
    const again = await c.json<{ cart: Cart }>(`/api/shop/v1/orders/${placed.body.id}/reorder`, { method: 'POST' });
    expect(again.status).toBe(200);
    expect(again.body.cart.lines.find((l) => l.product_id === item.id)).toMatchObject({
      substitution: 'this_product',
      substitute_id: sub.id,
      substitute_name: sub.name,
    });
  });
});
