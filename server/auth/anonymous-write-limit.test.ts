import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { Client, type ServerProcess, signedInAs, startPeerServer, startTestServer, type TestServer, visitorAt } from '../testing/harness';
import { addressKey, ANONYMOUS_WRITE_LIMIT, anonymousWriteKey } from './anonymous-write-limit';

// One budget for all anonymous writes per address, counted in the database (issue 19 item 8): exact under
// parallel bursts and across server processes, 429 with Retry-After past it, signed-in visitors not counted.

// The default window (the peer server reads only the count from its environment).
const LIMIT = { max: 10, windowMs: ANONYMOUS_WRITE_LIMIT.windowMs };
let server: TestServer;
let peer: ServerProcess;
beforeAll(async () => {
  server = await startTestServer({ anonymousWrites: LIMIT });
  // The peer process reads its limit from the environment, as a production server does.
  process.env.ANONYMOUS_WRITE_LIMIT = String(LIMIT.max);
  try {
    peer = await startPeerServer(server);
  } finally {
    delete process.env.ANONYMOUS_WRITE_LIMIT;
  }
});
afterAll(async () => {
  await peer?.close();
  await server?.close();
});

const counters = async () =>
  (await server.db.kysely.selectFrom('login_attempts').select(['key', 'count']).where('key', 'like', 'anon-write:%').execute()).map(
    (r) => ({
      key: r.key,
      count: Number(r.count),
    }),
  );

/** The anonymous writes a shopper's page makes: a cart line, a store choice, a vitals beacon, a contact message. */
function anonymousWrite(c: Client, i: number) {
  switch (i % 4) {
    case 0:
      return c.json('/api/shop/v1/cart/items?store_id=1001', { method: 'POST', body: { items: [{ product_id: 5080, quantity: 1 }] } });
    case 1:
      return c.json('/api/shop/v1/current-store', { method: 'PUT', body: { store_id: 1001 } });
    case 2:
      return c.json('/wp-json/site/v1/vitals', { method: 'POST', body: { path: '/limit-test', device: 'mobile', metrics: { LCP: 900 } } });
    default:
      return c.json('/wp-json/site/v1/contact', {
        method: 'POST',
        body: { store_id: '1006', name: 'Pat', email: 'pat@example.test', topic: 'Online order', message: 'Hello there, store team.' },
      });
  }
}

describe('anonymous write limit', () => {
  it('lets exactly 10 of 24 parallel anonymous writes through, across two servers, then answers 429 with Retry-After', async () => {
    // A customer signed in before the burst (signing in is itself an anonymous write).
    const customer = await signedInAs(server.url, 'casey');
    await server.db.kysely.deleteFrom('login_attempts').where('key', 'like', 'anon-write:%').execute();

    const home = await visitorAt(server.url);
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => {
        const c = new Client(i % 2 === 0 ? server.url : peer.url);
        c.nonce = home.nonce;
        return anonymousWrite(c, i);
      }),
    );
    const limited = answers.filter((a) => a.status === 429);
    expect(answers.map((a) => a.status).filter((s) => s !== 429)).toHaveLength(LIMIT.max);
    expect(limited).toHaveLength(24 - LIMIT.max);
    for (const a of limited) {
      expect(a.body).toEqual({
        code: 'rest_too_many_requests',
        message: 'Too many attempts. Wait 10 minutes and try again.',
        data: { status: 429 },
      });
      const retry = Number(a.headers.get('retry-after'));
      expect(retry).toBeGreaterThan(590);
      expect(retry).toBeLessThanOrEqual(600);
    }
    // Bounded: one counter row for the address, whatever the number of requests.
    expect(await counters()).toEqual([{ key: 'anon-write:127.0.0.1', count: 24 }]);

    // Reads, read-only POSTs and signed-in writes go on.
    const again = new Client(server.url);
    again.nonce = home.nonce;
    expect((await anonymousWrite(again, 0)).status).toBe(429);
    expect((await again.json('/api/shop/v1/products?store_id=1001&per_page=1')).status).toBe(200);
    const loop = await again.json('/wp-json/elementor-pro/v1/refresh-loop', {
      method: 'POST',
      body: { post_id: 1, widget_id: 'nope', widget_filters: {}, pagination_base_url: '/' },
    });
    expect(loop.status).not.toBe(429);
    expect((await anonymousWrite(customer, 0)).status).toBe(200);
    expect((await anonymousWrite(customer, 1)).status).toBe(200);
  });

  it('starts a fresh budget when the window ends', async () => {
    await server.db.kysely
      .updateTable('login_attempts')
      .set({ window_start: Date.now() - LIMIT.windowMs - 1 })
      .where('key', '=', anonymousWriteKey('127.0.0.1'))
      .execute();
    const c = await visitorAt(server.url);
    expect((await anonymousWrite(c, 2)).status).toBe(201);
    expect(await counters()).toEqual([{ key: 'anon-write:127.0.0.1', count: 1 }]);
  });
});

describe('the address a budget belongs to', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff::', '2001:db8:1:2::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('%s counts as %s', (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });
});

describe('configuration', () => {
  it('defaults to 2000 anonymous writes per address per 10 minutes, changed by ANONYMOUS_WRITE_LIMIT', () => {
    expect(loadConfig({}).anonymousWrites).toEqual({ max: 2000, windowMs: 600_000 });
    expect(ANONYMOUS_WRITE_LIMIT).toEqual({ max: 2000, windowMs: 600_000 });
    expect(loadConfig({ ANONYMOUS_WRITE_LIMIT: '50' }).anonymousWrites).toEqual({ max: 50, windowMs: 600_000 });
    expect(() => loadConfig({ ANONYMOUS_WRITE_LIMIT: 'lots' })).toThrow(/ANONYMOUS_WRITE_LIMIT must be a positive whole number/);
  });
});
