import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { storeDay } from '../../../core/shop/store-day';
import { observeStatements } from '../../db/observe';
import { startTestServer, type TestServer, visitorAt } from '../../testing/harness';

// A shop list is counted once per catalogue version (server/services/shelf-selections.ts). On PostgreSQL every list
// used to be counted again every 30 s, and the price order's count (a department's shelf rows sorted by the charged
// price) was the tail of `npm run bench scale` at 40k × 100 (docs/performance.md, Scale). After the version moves,
// the requests that find a list uncounted share one count.

const PRICE_ORDER = '/api/shop/v1/products?store_id=1001&department=102&sort=price_asc';
/** The statements that count a list (the total of its selection): one per count of a list. */
const COUNTS = /^select count\(\*\) as "total" from "products"/;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterEach(() => {
  observeStatements(null);
  vi.useRealTimers();
});
afterAll(async () => {
  await server.close();
});

/** Every statement the server runs from now on, in order (requests, and work they leave running). */
function watchStatements(): string[] {
  const seen: string[] = [];
  observeStatements({ statement: (_ms, text) => seen.push(text), poolWait: () => undefined });
  return seen;
}

describe('counting a shop list', () => {
  it('the price order of a department is counted once while the catalogue is unchanged, not again every 30 s', async () => {
    const db = server.db.kysely;
    const { time_zone } = await db.selectFrom('stores').select('time_zone').where('id', '=', 1001).executeTakeFirstOrThrow();
    // Six minutes of the store's one day (a list is kept per day: its sales are the day's).
    let now = Date.now();
    if (storeDay(new Date(now), time_zone) !== storeDay(new Date(now + 6 * 60_000), time_zone)) now -= 7 * 60_000;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    const c = await visitorAt(server.url);
    const seen = watchStatements();
    const first = await c.json<{ items: Array<{ id: number }>; total: number }>(PRICE_ORDER);
    expect(first.status).toBe(200);
    expect(seen.filter((s) => COUNTS.test(s))).toHaveLength(1);
    // A shopper a second for six minutes, 31 s apart on the clock: each answer is the kept list.
    for (let step = 1; step <= 12; step++) {
      vi.setSystemTime(now + step * 31_000);
      for (let i = 0; i < 3; i++) {
        const again = await c.json<{ items: Array<{ id: number }>; total: number }>(PRICE_ORDER);
        expect(again.status).toBe(200);
        expect(again.body.items.map((p) => p.id)).toEqual(first.body.items.map((p) => p.id));
        expect(again.body.total).toBe(first.body.total);
      }
    }
    // Work a request left running (a recount beside its answer) ends before the next answers do.
    await c.json(`${PRICE_ORDER}&page=2`);
    await c.json(`${PRICE_ORDER}&page=2`);
    const counts = seen.filter((s) => COUNTS.test(s));
    // The first answer's count, and page 2's.
    expect(counts, counts.join('\n')).toHaveLength(2);
  });

  it('requests arriving together for a list not yet counted share one count', async () => {
    const seen = watchStatements();
    const clients = await Promise.all([1, 2, 3, 4, 5, 6].map(() => visitorAt(server.url)));
    const path = '/api/shop/v1/products?store_id=1002&department=102&sort=price_desc&per_page=12';
    const answers = await Promise.all(clients.map((c) => c.json<{ items: Array<{ id: number }>; total: number }>(path)));
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.body.items.map((p) => p.id)).toEqual(answers[0].body.items.map((p) => p.id));
    }
    expect(answers[0].body.items.length).toBeGreaterThan(0);
    const counts = seen.filter((s) => COUNTS.test(s));
    expect(counts, counts.join('\n')).toHaveLength(1);
  });
});
