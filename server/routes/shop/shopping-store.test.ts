import { describe, expect, it } from 'vitest';
import { signedInAs, useTestServer, visitorWithStore, type Client } from '../../testing/harness';

// "Switched you back" returns the shopper to their own shopping store, not the wine store's related one
// (docs/shop.md, "Back from the wine or catering shop").

const server = useTestServer();

const storeName = async (c: Client, id: number) => (await c.json<{ name: string }>(`/api/shop/v1/stores/${id}`)).body.name;
const currentStore = async (c: Client) => (await c.json<{ store: { id: number } | null }>('/api/shop/v1/current-store')).body.store?.id;

/** Visits the wine (or catering) shop, then the shop; answers the store the shop's notice names, if any. */
async function specialThenShop(c: Client, special = '/wine/shop'): Promise<string | undefined> {
  expect((await c.page(special)).status).toBe(200);
  const { status, html } = await c.page('/shop');
  expect(status).toBe(200);
  return /switched you from [^<]*? back to ([^<]*?)\./.exec(html)?.[1];
}

describe('back from the wine shop', () => {
  it.each([
    [1008, '/wine/shop'],
    [1003, '/wine/shop'],
    [1002, '/catering/shop'],
  ])('a visitor who chose %i, then visited %s, is switched back to it', async (chosen, special) => {
    const c = await visitorWithStore(server.url, chosen);
    expect(await specialThenShop(c, special)).toBe(await storeName(c, chosen));
    expect(await currentStore(c)).toBe(chosen);
  });

  it('a signed-in shopper is switched back to their own store, in a later session too', async () => {
    const c = await signedInAs(server.url, 'jordan');
    expect((await c.json('/api/shop/v1/current-store', { method: 'PUT', body: { store_id: 1008 } })).status).toBe(200);
    expect((await c.page('/wine/shop')).status).toBe(200);
    // A new session (another device) starts at the wine store the account last used.
    const other = await signedInAs(server.url, 'jordan');
    expect(await specialThenShop(other)).toBe(await storeName(other, 1008));
    expect(await currentStore(other)).toBe(1008);
  });

  it('a visitor who only ever chose the wine store falls back to its related shopping store', async () => {
    const c = await visitorWithStore(server.url, 1096);
    expect(await specialThenShop(c)).toBe(await storeName(c, 1006));
    expect(await currentStore(c)).toBe(1006);
  });
});
