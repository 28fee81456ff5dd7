import { describe, expect, it } from 'vitest';
import { openSlot } from '../../testing/pickup';
import { useTestServer, visitorAt } from '../../testing/harness';

// Issue 32, finding 6: ids were coerced, so "0x10", "1e1", [7000] and "0x3e9" (= store 1001) were accepted for
// slots, products and stores. Only decimal integers are: JSON numbers, or strings of digits in paths and queries.

const server = useTestServer();
const TRICKS: unknown[] = ['0x10', '1e1', [7000], '0x3e9', ' 1001', '1001.0', true, ''];

type Refusal = { code: string; data: { params: Record<string, string> } };

describe('ids are decimal integers', () => {
  it.each(TRICKS)('refuses %j as a store, product or pickup window id in a body, naming the field', async (trick) => {
    const c = await visitorAt(server.url);
    const store = await c.json<Refusal>('/api/shop/v1/current-store', { method: 'PUT', body: { store_id: trick } });
    expect(store.status).toBe(400);
    expect(Object.keys(store.body.data.params)).toEqual(['store_id']);
    const product = await c.json<Refusal>('/api/shop/v1/cart/items?store_id=1001', {
      method: 'POST',
      body: { items: [{ product_id: trick, quantity: 1 }] },
    });
    expect(product.status).toBe(400);
    expect(Object.keys(product.body.data.params)).toEqual(['items.0.product_id']);
    const hold = await c.json<Refusal>('/api/shop/v1/pickup-hold', { method: 'PUT', body: { slot_id: trick } });
    expect(hold.status).toBe(400);
    expect(Object.keys(hold.body.data.params)).toEqual(['slot_id']);
    // Nothing was written for the visitor.
    expect((await c.json<{ hold: unknown }>('/api/shop/v1/pickup-hold')).body.hold).toBeNull();
  });

  it.each(['0x3e9', '1e3', '1001.0'])('refuses %s in a path or query string', async (trick) => {
    const c = await visitorAt(server.url);
    expect((await c.json(`/api/shop/v1/stores/${trick}`)).status).toBe(400);
    expect((await c.json(`/api/shop/v1/products/${trick === '0x3e9' ? '0x1388' : trick}?store_id=1001`)).status).toBe(400);
    expect((await c.json(`/api/shop/v1/products/5000?store_id=${trick}`)).status).toBe(400);
  });

  it('still takes numbers, and digit strings where the input is text', async () => {
    const c = await visitorAt(server.url);
    expect((await c.json('/api/shop/v1/current-store', { method: 'PUT', body: { store_id: 1001 } })).status).toBe(200);
    expect((await c.json('/api/shop/v1/current-store', { method: 'PUT', body: { store_id: '1002' } })).status).toBe(200);
    expect((await c.json('/api/shop/v1/stores/1001')).status).toBe(200);
    expect((await c.json('/api/shop/v1/products/5000?store_id=1001')).status).toBe(200);
    const slot = await openSlot(c, 1001);
    expect((await c.json('/api/shop/v1/pickup-hold', { method: 'PUT', body: { slot_id: slot } })).status).toBe(200);
  });
});
