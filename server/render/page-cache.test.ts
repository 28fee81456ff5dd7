import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Client,
  type ServerProcess,
  signedInAs,
  startPeerServer,
  startTestServer,
  type TestServer,
  visitorAt,
  visitorWithStore,
} from '../testing/harness';

// The full-page cache: anonymous pages are kept by path, query, store and request-decided parts; signed-in
// visitors share their audience's page with their own personal parts filled in, so nobody sees another
// visitor's greeting, user or nonce; a write on the database (from any server) is seen by every server's cache
// at once.

let server: TestServer;
let peer: ServerProcess;
beforeAll(async () => {
  server = await startTestServer();
  peer = await startPeerServer(server);
}, 60_000);
afterAll(async () => {
  await peer?.close();
  await server?.close();
});

async function get(c: Client, path: string): Promise<{ html: string; cache: string | null }> {
  const res = await c.raw(path);
  return { html: await res.text(), cache: res.headers.get('x-page-cache') };
}

describe('full-page cache', () => {
  it('keeps an anonymous page and answers the same bytes from it', async () => {
    const first = await get(new Client(server.url), '/recipes?cache-test=1');
    const second = await get(new Client(server.url), '/recipes?cache-test=1');
    expect(first.cache).toBe('miss');
    expect(second.cache).toBe('hit');
    expect(second.html).toBe(first.html);
  });

  it('keys by store: two anonymous visitors on different stores each see their own', async () => {
    const ohio = await visitorWithStore(server.url, 1001);
    const pa = await visitorWithStore(server.url, 1006);
    for (let i = 0; i < 2; i++) {
      const a = await get(ohio, '/weekly-deals');
      const b = await get(pa, '/weekly-deals');
      expect(a.html).toContain('Columbus Short North');
      expect(a.html).not.toContain('Pittsburgh Lawrenceville');
      expect(b.html).toContain('Pittsburgh Lawrenceville');
      expect(b.html).not.toContain('Columbus Short North');
      if (i === 1) expect([a.cache, b.cache]).toEqual(['hit', 'hit']);
    }
  });

  it('two signed-in visitors and an anonymous one, in parallel, never see each other’s greeting or nonce', async () => {
    const casey = await signedInAs(server.url, 'casey');
    const jordan = await signedInAs(server.url, 'jordan');
    const anonymous = new Client(server.url);
    const pages = await Promise.all(
      Array.from({ length: 21 }, (_, i) => [casey, jordan, anonymous][i % 3]).map(async (c) => ({ c, ...(await get(c, '/')) })),
    );
    for (const { c, html, cache } of pages) {
      const nonce = JSON.parse(/id="site-config">(.*?)<\/script>/s.exec(html)![1]).nonce as string;
      if (c === casey) {
        expect(['hit', 'miss']).toContain(cache);
        expect(html).toContain('Hi, Casey');
        expect(html).not.toContain('Hi, Jordan');
        expect(nonce).toBe(casey.nonce);
      } else if (c === jordan) {
        expect(html).toContain('Hi, Jordan');
        expect(html).not.toContain('Hi, Casey');
        expect(nonce).toBe(jordan.nonce);
      } else {
        expect(html).not.toMatch(/Hi, (Casey|Jordan)/);
        expect(html).toContain('Sign in');
        expect([casey.nonce, jordan.nonce]).not.toContain(nonce);
      }
    }
  });

  it('two signed-in visitors of one audience share the page, each with their own greeting, user and nonce (24 in parallel)', async () => {
    const signUp = async (name: string) => {
      const c = await visitorAt(server.url, '/contact');
      const r = await c.json<{ user: { id: number }; nonce: string }>('/api/shop/v1/account', {
        method: 'POST',
        body: { name, email: `${name.replace(/\W/g, '').toLowerCase()}-${Date.now()}@example.test`, password: 'same-audience' },
      });
      expect(r.status).toBe(201);
      c.nonce = r.body.nonce;
      return { c, id: r.body.user.id, name };
    };
    // Same groups and roles (a new customer), different names: one with markup in it, which must stay text.
    const visitors = [await signUp('Avery Sametest'), await signUp('<b>Blair</b> Sametest')];
    const path = '/recipes?shared-audience=1';
    expect((await get(visitors[0].c, path)).cache).toBe('miss'); // rendered once for the audience
    const pages = await Promise.all(
      Array.from({ length: 24 }, (_, i) => visitors[i % 2]).map(async (v) => ({ v, ...(await get(v.c, path)) })),
    );
    expect(pages.map((p) => p.cache)).toEqual(pages.map(() => 'hit')); // the shared render was reused by both
    for (const { v, html } of pages) {
      const config = JSON.parse(/id="site-config">(.*?)<\/script>/s.exec(html)![1]) as {
        nonce: string;
        user: { id: number; roles: string[] };
      };
      expect(config.nonce).toBe(v.c.nonce);
      expect(config.user).toEqual({ id: v.id, segment_ids: [], roles: ['customer'] });
      const other = visitors.find((o) => o !== v)!;
      expect(html).not.toContain(other.c.nonce);
      if (v.name.startsWith('Avery')) {
        expect(html).toContain('Hi, Avery<');
        expect(html).not.toContain('Blair');
      } else {
        expect(html).toMatch(/Hi, &(lt|#60);b&(gt|#62);Blair&(lt|#60);\/b&(gt|#62);</);
        expect(html).not.toContain('<b>Blair');
        expect(html).not.toContain('Avery');
      }
      expect(html).not.toMatch(/hlp[0-9a-f]{18}/); // no marker left unfilled
    }
    // The shop island's props hold the visitor's own account: that page is never shared.
    for (const v of [...visitors, ...visitors]) {
      const shop = await get(v.c, '/shop');
      expect(shop.cache).toBeNull();
      expect(shop.html).toContain(`"id":${v.id},`);
    }
    // A write from one of them still passes the nonce check: the filled nonce is theirs.
    const save = await visitors[1].c.json('/api/shop/v1/current-store', { method: 'PUT', body: { store_id: 1001 } });
    expect(save.status).toBe(200);
  });

  it('a content block changed on the database is seen at once by both servers (their caches check its version)', async () => {
    const onA = new Client(server.url);
    const onB = new Client(peer.url);
    for (const c of [onA, onB]) await get(c, '/');
    expect((await get(onA, '/')).cache).toBe('hit');
    expect((await get(onB, '/')).cache).toBe('hit');
    await server.db.kysely
      .updateTable('content_blocks')
      .set({ html: '<h2>Choose your store today</h2><p>Cache test.</p>' })
      .where('id', '=', 1021)
      .execute();
    for (const c of [onA, onB]) {
      const { html, cache } = await get(c, '/');
      expect(cache).toBe('miss');
      expect(html).toContain('Choose your store today');
    }
  });

  it('a page that switched the visitor’s store is neither served from nor kept in the cache', async () => {
    const catering = await visitorWithStore(server.url, 1090);
    await get(new Client(server.url), '/shop'); // an anonymous copy without a store
    const switched = await get(catering, '/shop');
    expect(switched.cache).toBeNull();
    expect(switched.html).toContain('site-notice');
    const next = await visitorWithStore(server.url, 1090);
    expect((await get(next, '/shop')).html).toContain('site-notice');
  });
});
