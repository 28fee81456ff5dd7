import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, startTestServer, type TestServer, visitorAt } from '../../testing/harness';
import type { ProductPage } from '../../../core/shop/api-types';

// What shoppers (and scripts) type into search never answers 500, on SQLite and PostgreSQL: too long → 400
// with a message; a request line over 16 KiB → 431; wildcards, full-text syntax, NUL and emoji → 200 with
// sensible results, or 400 with a message.

let server: TestServer;
let c: Client;
beforeAll(async () => {
  server = await startTestServer();
  c = await visitorAt(server.url);
});
afterAll(async () => server.close());

const ENDPOINTS = [
  (q: string) => `/api/shop/v1/products?q=${encodeURIComponent(q)}`,
  (q: string) => `/api/shop/v1/search/suggest?q=${encodeURIComponent(q)}`,
  (q: string) => `/search?s=${encodeURIComponent(q)}`,
];

describe('search input', () => {
  it('a query over 200 characters → 400 naming q; 200 characters are searched', async () => {
    const long = await c.json<{ code: string; message: string; data: { params: Record<string, string> } }>(
      `/api/shop/v1/products?q=${'milk '.repeat(40)}m`,
    );
    expect(long.status).toBe(400);
    expect(long.body.data.params.q).toMatch(/at most 200 characters/);
    const suggest = await c.json<{ data: { params: Record<string, string> } }>(`/api/shop/v1/search/suggest?q=${'a'.repeat(201)}`);
    expect(suggest.status).toBe(400);
    expect(suggest.body.data.params.q).toMatch(/at most 200 characters/);
    // 200 characters: a shopper's long list of words is still a search.
    const ok = await c.json<ProductPage>(`/api/shop/v1/products?q=${encodeURIComponent(`whole milk ${'x'.repeat(189)}`)}`);
    expect(ok.status).toBe(200);
  });

  it('a request line over 16 KiB → 431 JSON, and the server keeps serving', async () => {
    const url = new URL(server.url);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest({ host: url.hostname, port: url.port, path: `/api/shop/v1/products?q=${'a'.repeat(17 * 1024)}` }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'rest_headers_too_large', data: { status: 431 } });
    expect((await c.json('/api/shop/v1/products?q=milk')).status).toBe(200);
  });

  it.each([
    ['%', 'a LIKE wildcard'],
    ['_', 'a LIKE wildcard'],
    ['100%', 'a wildcard after a word'],
    ['*', 'a full-text prefix operator'],
    ['milk*', 'a prefix operator after a word'],
    ['NEAR(milk eggs)', 'FTS5 syntax'],
    ['"whole milk', 'an unbalanced quote'],
    ['milk OR eggs AND -bread', 'query operators'],
    ["' or 1=1 --", 'SQL'],
    ['\\', 'a backslash'],
    ['🍌', 'an emoji'],
    ['🍌 bananas', 'an emoji and a word'],
    ['   ', 'only spaces'],
    ['the', 'only a joining word'],
  ])('%s (%s) → 200 with sensible results everywhere', async (q) => {
    for (const path of ENDPOINTS) {
      const r = await c.raw(path(q));
      expect(r.status, `${path(q)} → ${r.status}`).toBeLessThan(500);
      if (path(q).startsWith('/api/shop/v1/search/suggest') && !q.trim()) expect(r.status).toBe(400);
      else expect(r.status, path(q)).toBe(200);
    }
  });

  it('wildcards match themselves, not everything; words around symbols still search', async () => {
    const all = (await c.json<ProductPage>('/api/shop/v1/products?per_page=1')).body.total;
    for (const q of ['%', '_', '*', '"']) {
      const r = await c.json<ProductPage>(`/api/shop/v1/products?q=${encodeURIComponent(q)}`);
      expect(r.body.total, q).toBeLessThan(all);
      for (const p of r.body.items) expect(`${p.name} ${p.brand}`, q).toContain(q);
    }
    expect((await c.json<ProductPage>(`/api/shop/v1/products?q=${encodeURIComponent('milk*')}`)).body.items[0]?.name).toMatch(/Milk/);
    expect((await c.json<ProductPage>(`/api/shop/v1/products?q=${encodeURIComponent('NEAR(bananas')}`)).body.items[0]?.name).toMatch(
      /Bananas/,
    );
    expect((await c.json<ProductPage>(`/api/shop/v1/products?q=${encodeURIComponent('🍌 bananas')}`)).body.items[0]?.name).toMatch(
      /Bananas/,
    );
  });

  it('NUL → 400 with a message, in the list and in suggestions', async () => {
    for (const path of ['/api/shop/v1/products?q=milk%00', '/api/shop/v1/search/suggest?q=milk%00']) {
      const r = await c.json<{ message: string; data: { status: number } }>(path);
      expect(r.status, path).toBe(400);
      expect(r.body.data.status).toBe(400);
      expect(r.body.message.length).toBeGreaterThan(0);
    }
  });
});
