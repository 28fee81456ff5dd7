import { existsSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferredEncoding } from './render/encoded-forms';
import { startTestServer, type TestServer } from './testing/harness';

// Compression on the wire: content negotiation (br, gzip, identity) for pages, API answers, built files and the
// site stylesheet; Vary on every compressible answer; ETags that stay put. fetch() decodes bodies by itself, so
// these requests go through node:http and see the bytes as sent.

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function raw(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const decode = (r: Raw): string => {
  const enc = r.headers['content-encoding'];
  return (enc === 'br' ? brotliDecompressSync(r.body) : enc === 'gzip' ? gunzipSync(r.body) : r.body).toString('utf8');
};
const varies = (r: Raw) =>
  String(r.headers.vary ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase());

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe('negotiating the encoding', () => {
  it('prefers Brotli, honours q-values and refusals, and falls back to identity', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip, br;q=0.5')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding('deflate')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('BR;Q=1')).toBe('br');
  });
});

describe('pages', () => {
  it('sends the home page in Brotli, gzip or as it is, the same page each way, always saying Vary: Accept-Encoding', async () => {
    const br = await raw(`${server.url}/`, { 'accept-encoding': 'gzip, deflate, br' });
    const gz = await raw(`${server.url}/`, { 'accept-encoding': 'gzip' });
    const plain = await raw(`${server.url}/`, { 'accept-encoding': 'identity' });
    const none = await raw(`${server.url}/`);
    expect([br.status, gz.status, plain.status, none.status]).toEqual([200, 200, 200, 200]);
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(none.headers['content-encoding']).toBeUndefined();
    for (const r of [br, gz, plain, none]) expect(varies(r)).toContain('accept-encoding');
    const html = decode(plain);
    expect(html).toContain('<html');
    expect(decode(br)).toBe(html);
    expect(decode(gz)).toBe(html);
    // Well under a third of the page's size on the wire.
    expect(br.body.length * 3).toBeLessThan(plain.body.length);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
  });

  it('answers an anonymous cache hit with the forms made when the page was kept', async () => {
    const first = await raw(`${server.url}/recipes`, { 'accept-encoding': 'br' });
    expect(first.status).toBe(200);
    const hit = await raw(`${server.url}/recipes`, { 'accept-encoding': 'br' });
    expect(hit.headers['x-page-cache']).toBe('hit');
    expect(hit.headers['content-encoding']).toBe('br');
    expect(varies(hit)).toContain('accept-encoding');
    // The very bytes kept: no compression per hit (a per-response pass would not reproduce them at another quality).
    expect(hit.body.equals(first.body)).toBe(true);
    const gzHit = await raw(`${server.url}/recipes`, { 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(gzHit.headers['x-page-cache']).toBe('hit');
    expect(gzHit.headers['content-encoding']).toBe('gzip');
    const plainHit = await raw(`${server.url}/recipes`);
    expect(plainHit.headers['content-encoding']).toBeUndefined();
    expect(decode(gzHit)).toBe(decode(plainHit));
    expect(decode(hit)).toBe(decode(plainHit));
  });
});

describe('API answers', () => {
  it('compresses JSON per response and keeps the content ETag and its 304 whatever the encoding', async () => {
    const stores = await raw(`${server.url}/api/shop/v1/stores`, { 'accept-encoding': 'br' });
    expect(stores.status).toBe(200);
    expect(stores.headers['content-encoding']).toBe('br');
    expect(Array.isArray(JSON.parse(decode(stores)).items ?? JSON.parse(decode(stores)))).toBe(true);

    const url = `${server.url}/wp-json/freshop/v1/content/homepage?store_id=1001`;
    const plain = await raw(url);
    const br = await raw(url, { 'accept-encoding': 'br' });
    expect(plain.status).toBe(200);
    expect(br.headers.etag).toBe(plain.headers.etag);
    expect(varies(br)).toEqual(expect.arrayContaining(['cookie', 'accept-encoding']));
    // One Accept-Encoding in Vary, not one per layer that looked at it.
    expect(varies(br).filter((v) => v === 'accept-encoding')).toHaveLength(1);
    const again = await raw(url, { 'accept-encoding': 'br', 'if-none-match': String(plain.headers.etag) });
    expect(again.status).toBe(304);
  });
});

describe('built files', () => {
  const pick = async (pattern: RegExp) => pattern.exec(decode(await raw(`${server.url}/`)))![0];

  it('sends the runtime files as the build compressed them, with stable ETags per encoding', async () => {
    const boot = await pick(/\/assets\/runtime\/boot-[\w-]+\.js/);
    const file = join('dist', boot.replace('/assets/', ''));
    expect(existsSync(`${file}.br`), 'npm run build makes the .br and .gz copies').toBe(true);
    const br = await raw(server.url + boot, { 'accept-encoding': 'br, gzip' });
    const gz = await raw(server.url + boot, { 'accept-encoding': 'gzip' });
    const plain = await raw(server.url + boot, { 'accept-encoding': 'identity' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.equals(readFileSync(`${file}.br`))).toBe(true);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.equals(readFileSync(`${file}.gz`))).toBe(true);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(readFileSync(file))).toBe(true);
    for (const r of [br, gz, plain]) {
      expect(String(r.headers['content-type'])).toMatch(/javascript/);
      expect(varies(r)).toContain('accept-encoding');
    }
    const brAgain = await raw(server.url + boot, { 'accept-encoding': 'br, gzip' });
    expect(brAgain.headers.etag).toBe(br.headers.etag);
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    const revalidated = await raw(server.url + boot, { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect(revalidated.status).toBe(304);
  });

  it('sends the site stylesheet in each encoding, each form with its own ETag, and 304 on a match', async () => {
    // Pages inline the rules they use (server/render/page-css.ts); the editor and admin screens link the whole file.
    const css = `/assets/${(JSON.parse(readFileSync('dist/styles/manifest.json', 'utf8')) as { site: string }).site}`;
    const br = await raw(server.url + css, { 'accept-encoding': 'br' });
    const gz = await raw(server.url + css, { 'accept-encoding': 'gzip' });
    const plain = await raw(server.url + css);
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(decode(br)).toBe(plain.body.toString('utf8'));
    expect(decode(gz)).toBe(plain.body.toString('utf8'));
    for (const r of [br, gz, plain]) expect(varies(r)).toContain('accept-encoding');
    const tags = new Set([br, gz, plain].map((r) => r.headers.etag));
    expect(tags.size).toBe(3);
    expect((await raw(server.url + css, { 'accept-encoding': 'br' })).headers.etag).toBe(br.headers.etag);
    const revalidated = await raw(server.url + css, { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    // Another form's tag is not a match: the client holds other bytes.
    expect((await raw(server.url + css, { 'accept-encoding': 'br', 'if-none-match': String(plain.headers.etag) })).status).toBe(200);
  });
});
