import { describe, expect, it } from 'vitest';
import type { Cart } from '../../../core/shop/api-types';
import { Client, useTestServer, visitorWithStore } from '../../testing/harness';

// The weekly-ad page shows the shopper's store's prices through the one price path (storePrices → linePrice):
// the ad page, the product API the cards and product pages read, and the cart agree on every ad item at every
// store, and an item the store is out of is not offered with Add (docs/shop.md, "The weekly ad at your store").

const server = useTestServer();

interface AdCard {
  price: string;
  was: string | null;
  add: boolean;
}

/** The ad page's cards as a shopper reads them: the price, the "was" price, and whether Add is offered. */
async function adCards(c: Client): Promise<Map<number, AdCard>> {
  const { status, html } = await c.page('/circulars/weekly-ad');
  expect(status).toBe(200);
  const cards = new Map<number, AdCard>();
  for (const [, id, body] of html.matchAll(/<li class="product-card" data-product-id="(\d+)">(.*?)<\/li>/gs)) {
    cards.set(Number(id), {
      price: /<strong>([^<]*)<\/strong>/.exec(body)?.[1] ?? '',
      was: /aria-label="was ([^"]*)"/.exec(body)?.[1] ?? null,
      add: /aria-label="Add to cart, /.test(body),
    });
  }
  return cards;
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

describe('the weekly ad at each store', () => {
  it('agrees with the product API and the cart on every item at every shopping store', async () => {
    const stores = (
      await new Client(server.url).json<{ items: Array<{ id: number; kind: string; is_selectable: boolean }> }>('/api/shop/v1/stores')
    ).body.items.filter((s) => s.kind === 'shopping' && s.is_selectable);
    expect(stores.length).toBeGreaterThan(3);
    const shelves = new Map<number, Set<string>>();
    let outOfStock = 0;
    for (const store of stores) {
      const c = await visitorWithStore(server.url, store.id);
      const cards = await adCards(c);
      expect(cards.size).toBeGreaterThan(0);
      const ids = [...cards.keys()];
      const products = new Map(
        await Promise.all(
          ids.map(async (id) => {
            const r = await c.json<{ price_cents: number; was_cents: number | null; available: boolean }>(
              `/api/shop/v1/products/${id}?store_id=${store.id}`,
            );
            return [id, r.status === 200 ? r.body : null] as const;
          }),
        ),
      );
      const cart = await c.json<Cart>(`/api/shop/v1/cart/items?store_id=${store.id}`, {
        method: 'POST',
        body: { items: ids.filter((id) => products.get(id)?.available).map((product_id) => ({ product_id, quantity: 1 })) },
      });
      expect(cart.status, JSON.stringify(cart.body)).toBe(200);
      for (const id of ids) {
        const card = cards.get(id)!;
        const product = products.get(id);
        const where = `product ${id} at store ${store.id}`;
        if (!product || !product.available) {
          outOfStock++;
          expect(card.add, `${where}: not offered with Add`).toBe(false);
          continue;
        }
        expect(card.add, where).toBe(true);
        expect(card.price, where).toBe(money(product.price_cents));
        expect(card.was, where).toBe(product.was_cents === null ? null : money(product.was_cents));
        const line = cart.body.lines?.find((l) => l.product_id === id);
        expect(line, where).toMatchObject({ price_cents: product.price_cents, was_cents: product.was_cents, available: true });
        shelves.set(id, (shelves.get(id) ?? new Set()).add(money(product.was_cents ?? product.price_cents)));
      }
    }
    // The seeded stores differ (else this test could not tell one store's page from another's): some item's
    // regular price differs between stores, and some store is out of an ad item.
    expect([...shelves.values()].some((prices) => prices.size > 1)).toBe(true);
    expect(outOfStock).toBeGreaterThan(0);
  });
});
