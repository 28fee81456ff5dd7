import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startPeerServer, startTestServer, type TestServer } from './testing/harness';

// Two server processes on one database serve the same site: sessions, sign-in, nonces and the current store
// hold whichever server answers (on SQLite here; on PostgreSQL in the second CI pass).
let a: TestServer;
let b: { url: string; close(): Promise<void> };
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

  it('accepts on one server a nonce issued by the other', async () => {
    const lb = balanced();
    await lb.on(1).page('/');
    const r = await lb.on(0).json('/api/shop/v1/current-store', { method: 'PUT', body: { store_id: 1002 } });
    expect(r.status).toBe(200);
  });
});
