import { describe, expect, it } from 'vitest';
import { Client, signedInAs, useTestServer } from '../../testing/harness';
import { openSlot } from '../../testing/pickup';
import type { Cart, Order } from '../../../core/shop/api-types';

// The cart's estimate is what the order charges: the same fee and sales tax at the store's combined rate, with groceries
// exempt in our states (docs/shop.md, "Sales tax"); and a chosen substitute comes back with its name for the cart line.

const server = useTestServer();

const APPLES = 5000; // groceries: no sales tax in Ohio or Pennsylvania
const PILSNER = 5253; // taxed

describe('cart estimate', () => {
  it('taxes by the store of the cart, exempts groceries, and matches the placed order to the cent', async () => {
    const c = await signedInAs(server.url, 'casey');
    const added = await c.json<Cart>('/api/shop/v1/cart/items?store_id=1001', {
      method: 'POST',
      body: {
        items: [
          { product_id: APPLES, quantity: 2 },
          { product_id: PILSNER, quantity: 1 },
        ],
      },
    });
    expect(added.status).toBe(200);
    const ohio = added.body;
    const beer = ohio.lines.find((l) => l.product_id === PILSNER)!;
    expect(ohio.estimate).toEqual({
      subtotal_cents: ohio.total_cents,
      coupon_cents: 0,
      fee_cents: ohio.total_cents >= 3500 ? 0 : 495,
      tax_cents: Math.round(beer.line_total_cents * 0.075),
      total_cents: ohio.total_cents + (ohio.total_cents >= 3500 ? 0 : 495) + Math.round(beer.line_total_cents * 0.075),
    });

    // The same cart at a Pennsylvania store: that store's prices and its 7 % combined tax.
    const pa = (await c.get<Cart>('/api/shop/v1/cart?store_id=1006')).body;
    const paBeer = pa.lines.find((l) => l.product_id === PILSNER)!;
    expect(pa.estimate?.tax_cents).toBe(Math.round(paBeer.line_total_cents * 0.07));

    const order = await c.json<Order>('/api/shop/v1/orders', {
      method: 'POST',
      // The pilsner is age-restricted: checkout confirms 21 or over.
      body: { store_id: 1001, slot_id: await openSlot(c, 1001), age_confirmed: true },
    });
    expect(order.status).toBe(201);
    expect({
      subtotal_cents: order.body.subtotal_cents,
      coupon_cents: order.body.coupon_cents,
      fee_cents: order.body.fee_cents,
      tax_cents: order.body.tax_cents,
      total_cents: order.body.total_cents,
    }).toEqual(ohio.estimate);
  });

  it('is zero for an empty cart, and names the chosen substitute', async () => {
    const anon = new Client(server.url);
    const empty = await anon.json<Cart>('/api/shop/v1/cart?store_id=1001');
    expect(empty.body.estimate).toEqual({ subtotal_cents: 0, coupon_cents: 0, fee_cents: 0, tax_cents: 0, total_cents: 0 });

    const c = await signedInAs(server.url, 'casey');
    await c.json('/api/shop/v1/cart/items?store_id=1001', { method: 'POST', body: { items: [{ product_id: 5001, quantity: 1 }] } });
    const chosen = await c.json<Cart>('/api/shop/v1/cart/items/5001/substitution?store_id=1001', {
      method: 'PUT',
      body: { substitution: 'this_product', substitute_id: 5002 },
    });
    expect(chosen.body.lines.find((l) => l.product_id === 5001)).toMatchObject({ substitute_id: 5002, substitute_name: 'Gala Apples' });
  });

  it('stays the estimate of the lines it answers with under 24 parallel stepper changes', async () => {
    const c = await signedInAs(server.url, 'casey');
    await c.json('/api/shop/v1/cart/items?store_id=1001', { method: 'POST', body: { items: [{ product_id: PILSNER, quantity: 1 }] } });
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        c.json<Cart>(`/api/shop/v1/cart/items/${PILSNER}?store_id=1001`, { method: 'PUT', body: { quantity: i + 1 } }),
      ),
    );
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.body.estimate?.subtotal_cents).toBe(a.body.total_cents);
    }
    const final = (await c.get<Cart>('/api/shop/v1/cart?store_id=1001')).body;
    const beer = final.lines.find((l) => l.product_id === PILSNER)!;
    // One of the 24 writes won whole: a quantity that was sent, and its estimate.
    expect(beer.quantity).toBeGreaterThanOrEqual(1);
    expect(beer.quantity).toBeLessThanOrEqual(24);
    expect(final.estimate?.tax_cents).toBe(
      Math.round(
        final.lines.filter((l) => l.product_id !== APPLES && l.product_id !== 5001).reduce((n, l) => n + l.line_total_cents, 0) * 0.075,
      ),
    );
  });
});
