import { describe, expect, it } from 'vitest';
import type { Order } from '../../../core/shop/api-types';
import { MAX_LINE_QUANTITY } from '../../../core/shop/cart-quantity';
import { signedInAs, useTestServer } from '../../testing/harness';
import { placeOrder } from '../../testing/pickup';

// A quantity past the most a line holds says that limit (issue 33 item 10: 1000 said "must be a whole number"),
// on every route that takes a quantity; a fraction still says "whole number".

const server = useTestServer();
type Refusal = { message: string; data: { params?: Record<string, string> } };

describe('a quantity of 1000', () => {
  it(`says "must be at most ${MAX_LINE_QUANTITY}" on the cart and an order line; 1.5 says "whole number"`, async () => {
    const c = await signedInAs(server.url, 'jordan');
    const cart = await c.json('/api/shop/v1/cart/items?store_id=1001', {
      method: 'POST',
      body: { items: [{ product_id: 5000, quantity: 2 }] },
    });
    expect(cart.status).toBe(200);
    const order: Order = await placeOrder(c, 1001);

    const refused = [
      await c.json<Refusal>('/api/shop/v1/cart/items?store_id=1001', {
        method: 'POST',
        body: { items: [{ product_id: 5000, quantity: 1000 }] },
      }),
      await c.json<Refusal>(`/api/shop/v1/orders/${order.id}/lines/5000`, { method: 'PATCH', body: { quantity: 1000 } }),
    ];
    for (const r of refused) {
      expect(r.status).toBe(400);
      expect(Object.values(r.body.data.params ?? {})).toEqual([`must be at most ${MAX_LINE_QUANTITY}`]);
    }
    const fraction = await c.json<Refusal>(`/api/shop/v1/orders/${order.id}/lines/5000`, { method: 'PATCH', body: { quantity: 1.5 } });
    expect(fraction.status).toBe(400);
    expect(fraction.body.data.params).toEqual({ quantity: 'must be a whole number' });
    const negative = await c.json<Refusal>(`/api/shop/v1/orders/${order.id}/lines/5000`, { method: 'PATCH', body: { quantity: -1 } });
    expect(negative.body.data.params).toEqual({ quantity: 'must be at least 0' });
    // The order is as it was.
    const after = (await c.get<Order>(`/api/shop/v1/orders/${order.id}`)).body;
    expect(after.lines.find((l) => l.product_id === 5000)?.quantity).toBe(2);
  });
});
