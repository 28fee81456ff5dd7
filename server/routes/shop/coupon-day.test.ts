import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Cart } from '../../../core/shop/api-types';
import { fromSiteInput } from '../../../core/schedule/site-time';
import { addDays, CHAIN_TIME_ZONE } from '../../../core/shop/store-day';
import { signedInAs, useTestServer } from '../../testing/harness';

// A coupon's first and last days are the chain's days (CHAIN_TIME_ZONE, docs/pricing.md "Coupons"), at every store:
// the coupons list, the clip, the cart and the order read one day. Before, the list and the clip read the chain's
// day and the cart and the order the store's, so at a Chicago store between New York's midnight and Chicago's a
// coupon was listed as running and not applied, or applied after it had ended. The server's clock is set with fake
// timers (it runs in this process).

const server = useTestServer();
const CHICAGO = 1001;
const APPLES = 5000;
const DAY = 24 * 60 * 60 * 1000;
const day = new Date(Date.now() + 3 * DAY).toISOString().slice(0, 10);

beforeAll(async () => {
  await server.db.kysely.updateTable('stores').set({ time_zone: 'America/Chicago' }).where('id', '=', CHICAGO).execute();
});
afterAll(() => vi.useRealTimers());

async function coupon(title: string, start: string, end: string): Promise<number> {
  const k = server.db.kysely;
  const now = Date.now();
  const row = await k
    .insertInto('coupons')
    .values({
      title,
      description: '',
      discount_kind: 'amount',
      discount_value: 25,
      start_date: start,
      end_date: end,
      limit_per_order: 5,
      active: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await k.insertInto('coupon_products').values({ coupon_id: row.id, product_id: APPLES }).execute();
  return row.id;
}

describe("a coupon's day at a store west of the chain's zone", () => {
  it("at 11:30 pm in Chicago (12:30 am the next day in New York) runs by New York's day in the list, the clip and the cart", async () => {
    // The chain's day is `day + 1`; the Chicago store's is still `day`.
    vi.useFakeTimers({ toFake: ['Date'], now: fromSiteInput(`${day}T23:30`, 'America/Chicago')! });
    expect(CHAIN_TIME_ZONE).toBe('America/New_York');
    const ended = await coupon(`Ended at the chain's midnight ${Date.now()}`, addDays(day, -2), day);
    const started = await coupon(`Started at the chain's midnight ${Date.now()}`, addDays(day, 1), addDays(day, 3));

    const jordan = await signedInAs(server.url, 'jordan');
    const listed = (await jordan.get<{ items: Array<{ id: number }> }>('/api/shop/v1/coupons')).body.items.map((c) => c.id);
    expect(listed).toContain(started);
    expect(listed).not.toContain(ended);
    expect((await jordan.json(`/api/shop/v1/coupons/${started}/clip`, { method: 'PUT' })).status).toBe(200);
    expect((await jordan.json<{ message: string }>(`/api/shop/v1/coupons/${ended}/clip`, { method: 'PUT' })).body.message).toMatch(
      /has ended/,
    );
    // Clipped before the chain's midnight (as a shopper would have), the ended one must not apply now either.
    const jordanId = (
      await server.db.kysely.selectFrom('users').select('id').where('email', '=', 'jordan@example.test').executeTakeFirstOrThrow()
    ).id;
    await server.db.kysely.insertInto('clipped_coupons').values({ user_id: jordanId, coupon_id: ended, clipped_at: Date.now() }).execute();

    const cart = await jordan.json<Cart>(`/api/shop/v1/cart/items?store_id=${CHICAGO}`, {
      method: 'POST',
      body: { items: [{ product_id: APPLES, quantity: 1 }] },
    });
    expect(cart.status).toBe(200);
    const line = cart.body.lines.find((l) => l.product_id === APPLES);
    expect(line?.coupon).toMatchObject({ coupon_id: started, discount_cents: 25 });
    expect(cart.body.coupon_notices).toEqual([expect.stringMatching(/^The coupon “Ended at the chain's midnight .*” has ended/)]);
  });
});
