import { productKinds } from '../../../core/catalogue/product-kinds';
import { describe, expect, it } from 'vitest';
import type { Cart } from '../../../core/shop/api-types';
import { signedInAs, useTestServer, visitorWithStore, type Client } from '../../testing/harness';
import { placeOrder } from '../../testing/pickup';

// Sales tax at each store's combined rate, by the state and the product's tax category, not its SNAP flag
// (docs/shop.md, "Sales tax").

const server = useTestServer();

/** A product of the tax category sold and in stock at the store; `snap` picks one flagged SNAP-eligible or not. */
async function productOf(c: Client, storeId: number, category: string, snap?: boolean): Promise<{ id: number; price: number }> {
  const rows = await server.db.kysely
    .selectFrom('products')
    .select(['id', 'attributes'])
    // By kind (indexed), the kinds of that category: the query-plan test holds test set-up to indexes too.
    .where(
      'kind',
      'in',
      productKinds.filter((k) => k.tax_category === category).map((k) => k.key),
    )
    .where('tax_category', '=', category)
    .orderBy('id')
    .execute();
  for (const row of rows) {
    if (snap !== undefined && (JSON.parse(row.attributes) as string[]).includes('snap') !== snap) continue;
    const r = await c.json<{ available: boolean; price_cents: number }>(`/api/shop/v1/products/${row.id}?store_id=${storeId}`);
    if (r.status === 200 && r.body.available) return { id: row.id, price: r.body.price_cents };
  }
  throw new Error(`no ${category} product at store ${storeId}`);
}

async function fillCart(c: Client, storeId: number) {
  const general = await productOf(c, storeId, 'general');
  const grocery = await productOf(c, storeId, 'grocery', true);
  // Prepared food is taxed even where it is SNAP-flagged (a bakery pie): the category decides, not the flag.
  const prepared = await productOf(c, storeId, 'prepared_food', true);
  const items = [general, grocery, prepared].map((p) => ({ product_id: p.id, quantity: 1 }));
  const r = await c.json<Cart>(`/api/shop/v1/cart/items?store_id=${storeId}`, { method: 'POST', body: { items } });
  expect(r.status).toBe(200);
  return { taxed: new Set([general.id, prepared.id]), taxedCents: general.price + prepared.price };
}

describe('sales tax', () => {
  it.each([
    [1001, 750], // Columbus: 7.5 % combined
    [1006, 700], // Pittsburgh: 7 %
    [1008, 800], // Philadelphia: 8 %
  ])('the cart estimate at %i charges the combined rate (%i bp) on prepared food and household goods only', async (storeId, bp) => {
    const c = await visitorWithStore(server.url, storeId);
    const { taxedCents } = await fillCart(c, storeId);
    const cart = (await c.json<Cart>(`/api/shop/v1/cart?store_id=${storeId}`)).body;
    expect(cart.estimate?.tax_cents).toBe(Math.round((taxedCents * bp) / 10_000));
  });

  it('the order charges the combined rate on the taxed categories', async () => {
    const c = await signedInAs(server.url, 'jordan');
    for (const line of (await c.json<Cart>('/api/shop/v1/cart')).body.lines)
      expect((await c.json(`/api/shop/v1/cart/items/${line.product_id}`, { method: 'DELETE' })).status).toBe(200);
    const { taxed } = await fillCart(c, 1008);
    const order = await placeOrder(c, 1008);
    // Priced for the pickup day: the taxed lines as the order priced them.
    const taxedCents = order.lines
      .filter((l) => taxed.has(l.product_id))
      .reduce((n, l) => n + (l.line_total_cents ?? l.price_cents * l.quantity), 0);
    expect(order.lines).toHaveLength(3);
    expect(order.tax_cents).toBe(Math.round((taxedCents * 800) / 10_000));
  });
});
