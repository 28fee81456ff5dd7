import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Client, signedInAs, useTestServer } from '../../testing/harness';
import { openSlot, placeOrder } from '../../testing/pickup';
import type { Cart, Order } from '../../../core/shop/api-types';

// After the cart: substitutions per line, changes and cancellation until the cut-off, staff moving orders
// through placed → picking → ready → picked up, and buying an order again.

const server = useTestServer();
afterEach(() => {
  vi.useRealTimers();
});

async function placeWith(c: Client, items: Array<{ product_id: number; quantity: number }>): Promise<Order> {
  await c.json('/api/shop/v1/cart/items?store_id=1001', { method: 'POST', body: { items } });
  return placeOrder(c, 1001);
}

describe('substitutions', () => {
  it('keeps a choice per line and carries it into the order', async () => {
    const c = await signedInAs(server.url, 'casey');
    await c.json('/api/shop/v1/cart/items?store_id=1001', {
      method: 'POST',
      body: {
        items: [
          { product_id: 5000, quantity: 1 },
          { product_id: 5001, quantity: 1 },
        ],
      },
    });
    const none = await c.json<Cart>('/api/shop/v1/cart/items/5000/substitution', { method: 'PUT', body: { substitution: 'none' } });
    expect(none.body.lines.find((l) => l.product_id === 5000)).toMatchObject({ substitution: 'none', substitute_id: null });
    const chosen = await c.json<Cart>('/api/shop/v1/cart/items/5001/substitution', {
      method: 'PUT',
      body: { substitution: 'this_product', substitute_id: 5002 },
    });
    expect(chosen.body.lines.find((l) => l.product_id === 5001)).toMatchObject({ substitution: 'this_product', substitute_id: 5002 });
    const bad = await c.json<{ data: { params: Record<string, string> } }>('/api/shop/v1/cart/items/5001/substitution', {
      method: 'PUT',
      body: { substitution: 'this_product' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data.params)).toEqual(['substitute_id']);
    const order = await c.json<Order>('/api/shop/v1/orders', {
      method: 'POST',
      body: { store_id: 1001, slot_id: await openSlot(c, 1001) },
    });
    expect(order.body.lines.find((l) => l.product_id === 5000)?.substitution).toBe('none');
    expect(order.body.lines.find((l) => l.product_id === 5001)).toMatchObject({ substitution: 'this_product', substitute_id: 5002 });
  });
});

describe('changing, cancelling, staff and buying again', () => {
  it('changes a quantity before the cut-off (totals follow), then staff move it to ready and it can no longer change', async () => {
    const c = await signedInAs(server.url, 'casey');
    const order = await placeWith(c, [
      { product_id: 5000, quantity: 1 },
      { product_id: 5003, quantity: 2 },
    ]);
    const changed = await c.json<Order>(`/api/shop/v1/orders/${order.id}/lines/5000`, { method: 'PATCH', body: { quantity: 3 } });
    expect(changed.status).toBe(200);
    expect(changed.body.lines.find((l) => l.product_id === 5000)?.quantity).toBe(3);
    expect(changed.body.subtotal_cents).toBe(order.subtotal_cents + 2 * order.lines.find((l) => l.product_id === 5000)!.price_cents);

    const shopper = await signedInAs(server.url, 'jordan');
    expect(
      (await shopper.json(`/api/shop/v1/staff/orders/${order.id}/status`, { method: 'PUT', body: { status: 'picking' } })).status,
    ).toBe(403);
    const staff = await signedInAs(server.url, 'admin');
    const skip = await staff.json<{ message: string }>(`/api/shop/v1/staff/orders/${order.id}/status`, {
      method: 'PUT',
      body: { status: 'ready' },
    });
    expect(skip.status).toBe(409);
    expect(skip.body.message).toBe('An order that is placed cannot become ready for pickup.');
    for (const status of ['picking', 'ready'])
      expect((await staff.json(`/api/shop/v1/staff/orders/${order.id}/status`, { method: 'PUT', body: { status } })).status).toBe(200);
    const day = await staff.get<{ slots: Array<{ start: string; orders: Array<{ id: number; status: string }> }> }>(
      `/api/shop/v1/staff/orders?store_id=1001&date=${order.pickup_date}`,
    );
    const window = day.body.slots.find((s) => s.start === '10:00');
    expect(window?.orders.find((o) => o.id === order.id)?.status).toBe('ready');

    const late = await c.json<{ message: string }>(`/api/shop/v1/orders/${order.id}/lines/5000`, {
      method: 'PATCH',
      body: { quantity: 1 },
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This order is ready for pickup and can no longer be changed.');

    // Buy it again: the lines go back into the cart.
    const again = await c.json<{ cart: Cart; added: number }>(`/api/shop/v1/orders/${order.id}/reorder`, { method: 'POST' });
    expect(again.status).toBe(200);
    expect(again.body.added).toBe(2);
    expect(again.body.cart.lines.find((l) => l.product_id === 5000)?.quantity).toBe(3);
  });

  it('cancels before the cut-off, not after it', async () => {
    const c = await signedInAs(server.url, 'casey');
    const order = await placeWith(c, [{ product_id: 5004, quantity: 1 }]);
    // One hour before the 10 am window (Eastern): past the two-hour cut-off.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(`${order.pickup_date}T14:00:00Z`));
    const later = await signedInAs(server.url, 'casey'); // a nonce of that time
    const late = await later.json<{ message: string }>(`/api/shop/v1/orders/${order.id}/cancel`, { method: 'POST' });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Orders can be changed until 2 hours before pickup.');
    vi.useRealTimers();
    const cancelled = await c.json<Order>(`/api/shop/v1/orders/${order.id}/cancel`, { method: 'POST' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    // Someone else's order is not found.
    const other = await signedInAs(server.url, 'jordan');
    expect((await other.json(`/api/shop/v1/orders/${order.id}/cancel`, { method: 'POST' })).status).toBe(404);
  });
});
