import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fromSiteInput } from '../../../core/schedule/site-time';
import type { Order } from '../../../core/shop/api-types';
import { addDays } from '../../../core/shop/store-day';
import type { Store } from '../../../core/wire/store';
import { type Client, signedInAs, useTestServer, visitorAt } from '../../testing/harness';

// Each store is on its own clock (its `time_zone`, docs/architecture.md "Store time"): its pickup days, the windows it
// still offers and the 2-hour change cut-off follow its zone, not the site's. Store 1001 is moved to Chicago
// here; store 1004 stays in New York. The server's clock is set with fake timers (it runs in this process).

const server = useTestServer();
const CHICAGO = 1001;
const NEW_YORK = 1004;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  await server.db.kysely.updateTable('stores').set({ time_zone: 'America/Chicago' }).where('id', '=', CHICAGO).execute();
});
afterEach(() => vi.useRealTimers());

/** Sets the server's clock to `local` (YYYY-MM-DDTHH:MM) in `zone`. */
const setClock = (local: string, zone: string) => vi.useFakeTimers({ toFake: ['Date'], now: fromSiteInput(local, zone)! });
/** A day a few days from the real today, so the seeded data (ads, holds) is current around it. */
const soon = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

interface Slots {
  time_zone: string;
  items: Array<{ id: number; start: string; time_zone: string }>;
}
const slots = (c: Client, store: number, date: string) =>
  c.json<Slots & { data?: { params?: Record<string, string> } }>(`/api/shop/v1/stores/${store}/pickup-slots?date=${date}`);

describe("a store's own clock", () => {
  it('answers the store with its zone', async () => {
    const c = await visitorAt(server.url, '/contact');
    const store = await c.json<Store>(`/api/shop/v1/stores/${CHICAGO}`);
    expect(store.body.time_zone).toBe('America/Chicago');
  });

  it("offers a Chicago store's day until Chicago's midnight, when New York's has already ended", async () => {
    const day = soon(3);
    setClock(`${day}T23:30`, 'America/Chicago'); // 12:30 am the next day in New York
    const c = await visitorAt(server.url, '/contact');
    const chicago = await slots(c, CHICAGO, day);
    expect(chicago.status).toBe(200);
    expect(chicago.body.time_zone).toBe('America/Chicago');
    expect(chicago.body.items).toEqual([]); // every window of its day has started
    const tomorrow = await slots(c, CHICAGO, addDays(day, 1));
    expect(tomorrow.body.items[0]).toMatchObject({ start: '09:00', time_zone: 'America/Chicago' });
    const newYork = await slots(c, NEW_YORK, day);
    expect(newYork.status).toBe(400);
    expect(newYork.body.data?.params).toEqual({ date: 'That pickup date has passed. Choose today or a later day.' });
  });

  it.each([
    // 8:30 am in Chicago is 9:30 in New York: Chicago's 11:00 window is 150 minutes ahead, New York's 90.
    ['on an ordinary day', soon(4), '08:30', '11:00', '12:00'],
    // 14 Mar 2027, the day clocks spring forward: 9:30 am CDT in Chicago (8:30 on last week's offset), 10:30 EDT.
    ['on the day clocks spring forward', '2027-03-14', '09:30', '12:00', '13:00'],
    // 7 Nov 2027, the day clocks fall back: 9:30 am CST in Chicago, 10:30 EST in New York.
    ['on the day clocks fall back', '2027-11-07', '09:30', '12:00', '13:00'],
  ])('offers windows more than 2 hours ahead on each store clock %s', async (_when, day, chicagoTime, chicagoFirst, newYorkFirst) => {
    setClock(`${day}T${chicagoTime}`, 'America/Chicago');
    const c = await visitorAt(server.url, '/contact');
    expect((await slots(c, CHICAGO, day)).body.items[0].start).toBe(chicagoFirst);
    expect((await slots(c, NEW_YORK, day)).body.items[0].start).toBe(newYorkFirst);
  });

  it('lets a shopper change a Chicago order until 2 hours before its window on the Chicago clock', async () => {
    const day = soon(5);
    const c = await signedInAs(server.url, 'casey');
    await c.json(`/api/shop/v1/cart/items?store_id=${CHICAGO}`, { method: 'POST', body: { items: [{ product_id: 5000, quantity: 1 }] } });
    const noon = (await slots(c, CHICAGO, day)).body.items.find((s) => s.start === '12:00')!;
    const placed = await c.json<Order>('/api/shop/v1/orders', { method: 'POST', body: { store_id: CHICAGO, slot_id: noon.id } });
    expect(placed.status).toBe(201);
    // 9:30 am in Chicago, 10:30 in New York: 150 minutes before the window in Chicago, 90 on the New York clock.
    setClock(`${day}T09:30`, 'America/Chicago');
    const later = await signedInAs(server.url, 'casey'); // a nonce of that time
    const cancelled = await later.json<Order>(`/api/shop/v1/orders/${placed.body.id}/cancel`, { method: 'POST' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
  });
});
