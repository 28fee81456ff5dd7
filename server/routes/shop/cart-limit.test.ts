import { describe, expect, it } from 'vitest';
import type { Cart } from '../../../core/shop/api-types';
import { useTestServer, visitorWithStore } from '../../testing/harness';

// An add past the most one cart line holds (99) is refused by name, not capped silently (docs/shop.md).

const server = useTestServer();

describe('adding beyond 99', () => {
  it('is refused with a message naming the product and the field; the line keeps its quantity', async () => {
    const c = await visitorWithStore(server.url, 1001);
    const add = (quantity: number) =>
      c.json<Cart & { message: string; data: { params?: Record<string, string> } }>('/api/shop/v1/cart/items?store_id=1001', {
        method: 'POST',
        body: { items: [{ product_id: 5000, quantity }] },
      });
    expect((await add(60)).status).toBe(200);
    const refused = await add(60);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/at most 99 of .+ in your cart; it holds 60\./);
    expect(Object.keys(refused.body.data.params ?? {})).toEqual(['items.0.quantity']);
    const cart = (await c.json<Cart>('/api/shop/v1/cart?store_id=1001')).body;
    expect(cart.lines.find((l) => l.product_id === 5000)?.quantity).toBe(60);
    expect((await add(39)).body.lines.find((l) => l.product_id === 5000)?.quantity).toBe(99);
  });
});
