import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './client';
import { urlOf } from './endpoint';
import * as shop from './shop';
import * as editor from './editor';

// The one client: the endpoint decides method and path, its parameters fill the path, the query is left out where
// empty, and a call that does not fit the endpoint does not compile (the @ts-expect-error lines below fail the
// typecheck the day they stop being errors).

const answered = (body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status: 200 }));
afterEach(() => vi.unstubAllGlobals());

describe('api()', () => {
  it("sends the endpoint's method to its path with the parameters filled in and the body as JSON", async () => {
    const fetch = answered({ id: 1, name: 'Weekend', count: 0, created_at: 0 });
    vi.stubGlobal('fetch', fetch);
    const list = await api(shop.renameList, { params: { id: 12 }, body: { name: 'Weekend' } });
    expect(list.name).toBe('Weekend');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/shop/v1/lists/12');
    expect(init.method).toBe('PATCH');
    expect(init.body).toBe('{"name":"Weekend"}');
  });

  it('encodes path parameters and builds the query, leaving out what is not set', () => {
    expect(urlOf(shop.removeListItem, { id: 3, product_id: 'a/b' })).toBe('/api/shop/v1/lists/3/items/a%2Fb');
    expect(urlOf(editor.documents, {}, { type: undefined })).toBe('/wp-json/site/v1/documents');
    expect(urlOf(shop.staffOrders, {}, { store_id: 1001, date: '2026-11-27' })).toBe(
      '/api/shop/v1/staff/orders?store_id=1001&date=2026-11-27',
    );
    expect(urlOf(shop.cart, {}, 'catalog=wine&store_id=1006')).toBe('/api/shop/v1/cart?catalog=wine&store_id=1006');
  });

  it('refuses to build a path without one of its parameters', () => {
    expect(() => urlOf(shop.setCartLine, {})).toThrow('PUT /api/shop/v1/cart/items/:product_id: no value for :product_id');
  });

  it('does not compile a call that does not fit its endpoint', () => {
    const calls = () => {
      // @ts-expect-error a path parameter is missing
      void api(shop.setCartLine, { body: { quantity: 2 } });
      // @ts-expect-error the body has the wrong shape
      void api(shop.setCartLine, { params: { product_id: 1 }, body: { qty: 2 } });
      // @ts-expect-error this endpoint takes no body
      void api(shop.cart, { body: { items: [] } });
      // @ts-expect-error the answer has no such field
      void api(shop.cart).then((cart) => cart.secret);
    };
    expect(typeof calls).toBe('function');
  });
});
