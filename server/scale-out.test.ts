import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startPeerServer, startTestServer, type ServerProcess, type TestServer } from './testing/harness';

// Two server processes (this test's and a spawned `server/main.ts`) on one database serve the same site: sessions, sign-in, nonces and the current store
// hold whichever server answers (on SQLite here; on PostgreSQL in the second CI pass).
let a: TestServer;
let b: ServerProcess;
beforeAll(async () => {
  a = await startTestServer();
  b = await startPeerServer(a);
});
afterAll(async () => {
  await b.close();
  await a.close();
});

/** A client whose requests alternate between the two servers, like round-robin balancing. */
function balanced(): { on: (i: number) => Client } {
  const shared = new Client(a.url);
  return {
    on(i: number) {
      const c = new Client(i % 2 === 0 ? a.url : b.url);
      c.cookies = shared.cookies;
      Object.defineProperty(c, 'nonce', { get: () => shared.nonce, set: (v: string) => (shared.nonce = v) });
      return c;
    },
  };
}

describe('scale-out', () => {
  it('keeps the current store and the signed-in user across servers', async () => {
    const lb = balanced();
    await lb.on(0).page('/');
    expect((await lb.on(1).json('/api/shop/v1/current-store', { method: 'PUT', body: { store_id: 1008 } })).status).toBe(200);
    expect((await lb.on(0).json<{ store: { id: number } }>('/api/shop/v1/current-store')).body.store.id).toBe(1008);

    await lb.on(0).signIn('jordan@example.test', 'jordan-password');
    const me = await lb.on(1).json<{ user: { email: string } | null }>(`/api/shop/v1/me`, { headers: { 'x-wp-nonce': lb.on(1).nonce } });
    expect(me.body.user?.email).toBe('jordan@example.test');
    const { html } = await lb.on(1).page('/');
    expect(html).toContain('Hi, Jordan');

    expect((await lb.on(1).json('/api/shop/v1/session', { method: 'DELETE' })).status).toBe(200);
    const after = await lb.on(0).page('/');
    expect(after.html).toContain('Sign in');
  });

  it('keeps one cart whichever server takes each write, for anonymous and signed-in shoppers', async () => {
    const lb = balanced();
    await lb.on(0).page('/');
    for (let i = 0; i < 6; i++) {
      const r = await lb
        .on(i)
        .json('/api/shop/v1/cart/items', { method: 'POST', body: { items: [{ product_id: 5000 + i, quantity: 1 }] } });
      expect(r.status).toBe(200);
    }
    const anon = await lb
      .on(1)
      .json<{ lines: Array<{ product_id: number }> }>('/api/shop/v1/cart', { headers: { 'x-wp-nonce': lb.on(1).nonce } });
    expect(anon.body.lines.map((l) => l.product_id).sort()).toEqual([5000, 5001, 5002, 5003, 5004, 5005]);
    await lb.on(1).signIn('casey@example.test', 'casey-password');
    await lb.on(0).json('/api/shop/v1/cart/items/5000', { method: 'PUT', body: { quantity: 3 } });
    const merged = await lb
      .on(1)
      .json<{ lines: Array<{ product_id: number; quantity: number }> }>('/api/shop/v1/cart', { headers: { 'x-wp-nonce': lb.on(1).nonce } });
    expect(merged.body.lines.find((l) => l.product_id === 5000)?.quantity).toBe(3);
    expect(merged.body.lines.length).toBeGreaterThanOrEqual(6);
  });

  it('accepts on one server a nonce issued by the other', async () => {
    const lb = balanced();
    await lb.on(1).page('/');
    const r = await lb.on(0).json('/api/shop/v1/current-store', { method: 'PUT', body: { store_id: 1002 } });
    expect(r.status).toBe(200);
  });
});
