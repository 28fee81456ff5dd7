import { describe, expect, it } from 'vitest';
import type { Cart } from '../../core/shop/api-types';
import { signedInAs, visitorAt, useTestServer } from '../testing/harness';
import { placeOrder } from '../testing/pickup';
import { oftenBoughtWith } from './often-bought-with';

// A product page's "Often bought with" (docs/shop.md): products that shared orders with it first, then its
// department's; never itself, never an inactive product, never another catalogue's.

const server = useTestServer();
const STORE = 1001;

/** The slugs linked from a product page's "Often bought with" section, in order. */
async function linkedFrom(slug: string): Promise<string[]> {
  const page = await (await visitorAt(server.url, '/')).page(`/products/${slug}`);
  expect(page.status).toBe(200);
  const section = /<section aria-labelledby="product-also">(.*?)<\/section>/s.exec(page.html)?.[1] ?? '';
  return [...section.matchAll(/href="\/products\/([^"]+)"/g)].map((m) => m[1]);
}

/** What the product's page lists now (the page itself is cached: orders do not renew it). */
async function alsoOn(slug: string): Promise<string[]> {
  const product = await server.db.kysely
    .selectFrom('products')
    .select(['id', 'department_id', 'catalog'])
    .where('slug', '=', slug)
    .executeTakeFirstOrThrow();
  return (await oftenBoughtWith(server.db.kysely, product)).map((p) => p.slug);
}

/** Two grocery products on the store's shelf, in different departments, that no order holds yet. */
async function neverOrderedPair() {
  const rows = await server.db.kysely
    .selectFrom('products')
    .innerJoin('store_products', 'store_products.product_id', 'products.id')
    .select(['products.id', 'products.slug', 'products.department_id'])
    .where('store_products.store_id', '=', STORE)
    .where('store_products.available', '=', 1)
    .where('products.catalog', '=', 'grocery')
    .where('products.active', '=', 1)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('order_lines').select('order_lines.product_id').whereRef('order_lines.product_id', '=', 'products.id'))),
    )
    .orderBy('products.id')
    .limit(200)
    .execute();
  const first = rows[0];
  const second = rows.find((r) => r.department_id !== first.department_id)!;
  return [first, second] as const;
}

describe('often bought with', () => {
  it('lists a product bought in the same order first, and its department fills the rest', async () => {
    const [a, b] = await neverOrderedPair();
    const before = await alsoOn(a.slug);
    expect(await linkedFrom(a.slug)).toEqual(before); // what the page shows
    expect(before).not.toContain(b.slug); // another department: not a neighbour
    expect(before).not.toContain(a.slug);
    expect(before.length).toBeGreaterThan(0); // the department's products stand in while nobody has ordered it

    const casey = await signedInAs(server.url, 'casey');
    const added = await casey.json<Cart>(`/api/shop/v1/cart/items?store_id=${STORE}`, {
      method: 'POST',
      body: {
        items: [
          { product_id: a.id, quantity: 1 },
          { product_id: b.id, quantity: 2 },
        ],
      },
    });
    expect(added.status).toBe(200);
    await placeOrder(casey, STORE);

    const after = await alsoOn(a.slug);
    expect(after[0]).toBe(b.slug);
    expect(after).not.toContain(a.slug);
    expect((await alsoOn(b.slug))[0]).toBe(a.slug);
  });

  it('leaves out a product taken off sale', async () => {
    const [a] = await neverOrderedPair();
    const shown = await alsoOn(a.slug);
    await server.db.kysely.updateTable('products').set({ active: 0 }).where('slug', '=', shown[0]).execute();
    expect(await alsoOn(a.slug)).not.toContain(shown[0]);
  });
});
