import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, startTestServer, type TestServer } from '../../testing/harness';
import { openSlot } from '../../testing/pickup';

// Every way to change the shopping store lets go of the pickup hold at the old store (docs/shop.md, the store
// chooser): a store page's "Shop this store" and the store layer's switch send the same PUT current-store as the
// chooser, a page that needs the catering store switches on the server, and signing in may bring the account's
// own store. Before, only the chooser let the hold go (by a request of its own), so the old window kept a place.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());
beforeEach(async () => {
  await server.db.kysely.deleteFrom('slot_holds').execute();
  await server.db.kysely.deleteFrom('login_attempts').execute();
});

interface Hold {
  hold: { slot: { id: number; store_id: number } } | null;
}

async function shopperAt(storeId: number): Promise<Client> {
  const c = new Client(server.url);
  await c.page('/contact');
  expect((await c.json('/api/shop/v1/current-store', { method: 'PUT', body: { store_id: storeId } })).status).toBe(200);
  return c;
}

/** Holds the last place of a window at the store (its capacity made 1). */
async function holdLastPlace(c: Client, storeId: number): Promise<number> {
  const slotId = await openSlot(c, storeId, '15:00', 5);
  await server.db.kysely.updateTable('pickup_slots').set({ capacity: 1 }).where('id', '=', slotId).execute();
  expect((await c.json('/api/shop/v1/pickup-hold', { method: 'PUT', body: { slot_id: slotId } })).status).toBe(200);
  return slotId;
}

const holdOf = async (c: Client) => (await c.get<Hold>('/api/shop/v1/pickup-hold')).body.hold;
const otherShopperHolds = async (slotId: number) => {
  const other = new Client(server.url);
  await other.page('/contact');
  return (await other.json('/api/shop/v1/pickup-hold', { method: 'PUT', body: { slot_id: slotId } })).status;
};

describe('changing the store', () => {
  it('through "Shop this store" (PUT current-store) lets go of the last place held at the old store', async () => {
    const c = await shopperAt(1001);
    const slotId = await holdLastPlace(c, 1001);
    expect(await otherShopperHolds(slotId)).toBe(400); // full

    const moved = await c.json<{ store: { id: number }; hold_released: boolean }>('/api/shop/v1/current-store', {
      method: 'PUT',
      body: { store_id: 1006 },
    });
    expect(moved.body).toMatchObject({ store: { id: 1006 }, hold_released: true });
    expect(await holdOf(c)).toBeNull();
    expect(await otherShopperHolds(slotId)).toBe(200);
  });

  it('to the store already shopped (a second tab choosing it again) keeps the hold', async () => {
    const c = await shopperAt(1001);
    const slotId = await holdLastPlace(c, 1001);
    const again = await c.json<{ hold_released: boolean }>('/api/shop/v1/current-store', { method: 'PUT', body: { store_id: 1001 } });
    expect(again.body.hold_released).toBe(false);
    expect((await holdOf(c))?.slot.id).toBe(slotId);
  });

  it('to the related catering store for a catering page keeps the hold at the shopping store; a move to another shopping store then lets it go', async () => {
    const c = await shopperAt(1001);
    const slotId = await holdLastPlace(c, 1001);
    await c.page('/catering/shop');
    const current = await c.get<{ store: { id: number; kind: string } }>('/api/shop/v1/current-store');
    expect(current.body.store.kind).toBe('catering');
    expect((await holdOf(c))?.slot.id).toBe(slotId);

    await c.json('/api/shop/v1/current-store', { method: 'PUT', body: { store_id: 1006 } });
    expect(await holdOf(c)).toBeNull();
  });

  it('by signing in to an account that shops elsewhere lets go of the hold made signed out; at the same store it is kept', async () => {
    // Jordan's account shops at 1006.
    const away = await shopperAt(1001);
    const awaySlot = await holdLastPlace(away, 1001);
    await away.signIn('jordan@example.test', 'jordan-password');
    expect(await holdOf(away)).toBeNull();
    expect(await otherShopperHolds(awaySlot)).toBe(200);

    await server.db.kysely.deleteFrom('slot_holds').execute();
    const home = await shopperAt(1006);
    const homeSlot = await holdLastPlace(home, 1006);
    await home.signIn('jordan@example.test', 'jordan-password');
    expect((await holdOf(home))?.slot.id).toBe(homeSlot);
  });
});
