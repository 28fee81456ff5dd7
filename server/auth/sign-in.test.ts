import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { Client, startTestServer, type TestServer, visitorAt } from '../testing/harness';

// The one sign-in (shop API and /login form) under parallel bursts and from several addresses. The test server
// trusts loopback as its proxy, so X-Forwarded-For picks the client address as a real proxy would write it.

let server: TestServer;
let nonce = '';
beforeAll(async () => {
  server = await startTestServer({ trustProxy: ['127.0.0.1'] });
  const c = await visitorAt(server.url);
  nonce = c.nonce;
});
afterAll(async () => server.close());
beforeEach(async () => {
  await server.db.kysely.deleteFrom('login_attempts').execute();
  await server.db.kysely.deleteFrom('known_sign_in_addresses').execute();
});

const PARALLEL = 30;

async function apiSignIn(email: string, password: string, address: string, forwardedFor = address): Promise<number> {
  const c = new Client(server.url);
  c.nonce = nonce;
  const r = await c.json('/api/shop/v1/session', {
    method: 'POST',
    body: { email, password },
    headers: { 'x-forwarded-for': forwardedFor },
  });
  expect([200, 401, 429], `${address}: ${JSON.stringify(r.body)}`).toContain(r.status);
  return r.status;
}

async function formSignIn(email: string, password: string, address: string): Promise<number> {
  const c = new Client(server.url);
  const headers = { 'x-forwarded-for': address };
  const page = await c.raw('/login', { headers });
  const html = await page.text();
  const formNonce = /name="_wpnonce" value="([^"]+)"/.exec(html)![1];
  const res = await c.raw('/login', {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
    body: new URLSearchParams({ email, password, _wpnonce: formNonce, redirect_to: '/admin' }).toString(),
  });
  return res.status;
}

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe('sign-in limits hold under parallel requests', () => {
  it(`checks at most 5 passwords of ${PARALLEL} parallel wrong ones for one account and address, then refuses the right one`, async () => {
    const statuses = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => apiSignIn('jordan@example.test', `wrong-${i}`, '198.51.100.1')),
    );
    expect(count(statuses, 401)).toBe(5);
    expect(count(statuses, 429)).toBe(PARALLEL - 5);
    expect(await apiSignIn('jordan@example.test', 'jordan-password', '198.51.100.1')).toBe(429);
  });

  it('the /login form shares the limit (one sign-in for both paths)', async () => {
    const form = await Promise.all(Array.from({ length: 20 }, () => formSignIn('editor@harvestlane.test', 'nope', '198.51.100.2')));
    expect(count(form, 401)).toBe(5);
    expect(count(form, 429)).toBe(15);
    expect(await apiSignIn('editor@harvestlane.test', 'editor-password', '198.51.100.2')).toBe(429);
  });

  it('counts sign-ups per address atomically: 30 of 40 parallel accepted', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const c = new Client(server.url);
        c.nonce = nonce;
        const r = await c.json('/api/shop/v1/account', {
          method: 'POST',
          body: { name: 'Burst', email: `burst-${i}@example.test`, password: 'long-enough-password' },
          headers: { 'x-forwarded-for': '198.51.100.4' },
        });
        return r.status;
      }),
    );
    expect(count(statuses, 201)).toBe(30);
    expect(count(statuses, 429)).toBe(10);
  });

  it('answers sign-up for a taken email without confirming the account exists', async () => {
    // A customer's address (demo addresses are refused outright: docs/security.md).
    const email = `taken-${Date.now()}@example.test`;
    const owner = new Client(server.url);
    owner.nonce = nonce;
    expect(
      (await owner.json('/api/shop/v1/account', { method: 'POST', body: { name: 'Owner', email, password: 'long-enough-password' } }))
        .status,
    ).toBe(201);
    const c = new Client(server.url);
    c.nonce = nonce;
    const r = await c.json<{ message: string }>('/api/shop/v1/account', {
      method: 'POST',
      body: { name: 'Probe', email, password: 'long-enough-password' },
    });
    expect(r.status).toBe(409);
    expect(r.body.message).not.toMatch(/exists/i);
  });
});

describe('nobody can lock an account out', () => {
  it('keeps the owner signing in while strangers fail from other addresses', async () => {
    // The owner signed in before from a known address.
    expect(await apiSignIn('admin@harvestlane.test', 'admin-password', '192.0.2.10')).toBe(200);
    // A stranger burns their 5 tries (and more) from one address.
    const attack = await Promise.all(Array.from({ length: 20 }, () => apiSignIn('admin@harvestlane.test', 'guess', '203.0.113.9')));
    expect(count(attack, 429)).toBe(15);
    expect(await apiSignIn('admin@harvestlane.test', 'admin-password', '192.0.2.10')).toBe(200);
    // An address the owner never used is not locked by someone else's failures either.
    expect(await apiSignIn('admin@harvestlane.test', 'admin-password', '192.0.2.77')).toBe(200);
    expect(await formSignIn('admin@harvestlane.test', 'admin-password', '192.0.2.10')).toBe(303);
  });

  it('slows unknown addresses to one try a minute after many failures from everywhere, not the known one', async () => {
    expect(await apiSignIn('casey@example.test', 'casey-password', '192.0.2.20')).toBe(200);
    // 25 failures spread over 5 addresses (5 each: none of them over its own limit).
    const spread = await Promise.all(
      Array.from({ length: 25 }, (_, i) => apiSignIn('casey@example.test', `guess-${i}`, `203.0.113.${100 + (i % 5)}`)),
    );
    // The 21st gets the one slow try of the minute; the rest wait.
    expect(count(spread, 401)).toBe(21);
    expect(await apiSignIn('casey@example.test', 'guess', '203.0.113.200')).toBe(429);
    expect(await apiSignIn('casey@example.test', 'casey-password', '192.0.2.20')).toBe(200);
  });
});

describe('trusted proxies', () => {
  it('limits an address to 30 attempts over any accounts; TRUST_PROXY=1 believes one hop, so rotating X-Forwarded-For does not escape', async () => {
    const proxied = await startTestServer({ trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy });
    const previous = { server, nonce };
    server = proxied;
    const c = await visitorAt(proxied.url);
    nonce = c.nonce;
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => apiSignIn(`rotate-${i}@example.test`, 'whatever-password', 'x', `10.9.${i}.1, 198.51.100.50`)),
    );
    ({ server, nonce } = previous);
    await proxied.close();
    expect(count(statuses, 401)).toBe(30);
    expect(count(statuses, 429)).toBe(10);
  });

  it('refuses a TRUST_PROXY that would trust any client', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2, 10.1.0.0/16' }).trustProxy).toEqual(['10.0.0.2', '10.1.0.0/16']);
    expect(loadConfig({}).trustProxy).toBe(false);
  });
});
