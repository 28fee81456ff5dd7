import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_PATH } from '../auth/one-time-links';
import { startTestServer, type TestServer } from '../testing/harness';
import { STRICT_TRANSPORT_SECURITY } from './security-headers';

// Issue 32, finding 11: no Strict-Transport-Security when the request came over HTTPS through a trusted proxy or
// SITE_URL is https; and the token pages' Referrer-Policy: no-referrer was overwritten by the global header.

let proxied: TestServer;
let https: TestServer;
beforeAll(async () => {
  proxied = await startTestServer({ trustProxy: ['127.0.0.1'] });
  https = await startTestServer({ siteUrl: 'https://shop.example' });
});
afterAll(async () => {
  await proxied?.close();
  await https?.close();
});

const get = (server: TestServer, path: string, headers: Record<string, string> = {}) =>
  fetch(server.url + path, { headers, redirect: 'manual' });

describe('Strict-Transport-Security', () => {
  it('is sent when a trusted proxy says the request came over HTTPS, and not over plain HTTP', async () => {
    const secure = await get(proxied, '/', { 'x-forwarded-proto': 'https' });
    expect(secure.headers.get('strict-transport-security')).toBe(STRICT_TRANSPORT_SECURITY);
    const api = await get(proxied, '/api/shop/v1/stores', { 'x-forwarded-proto': 'https' });
    expect(api.headers.get('strict-transport-security')).toBe(STRICT_TRANSPORT_SECURITY);
    expect((await get(proxied, '/')).headers.get('strict-transport-security')).toBeNull();
  });

  it('is sent on every answer of a site whose SITE_URL is https', async () => {
    for (const path of ['/', '/api/shop/v1/stores', '/no-such-page'])
      expect((await get(https, path)).headers.get('strict-transport-security'), path).toBe(STRICT_TRANSPORT_SECURITY);
  });
});

describe('Referrer-Policy', () => {
  it('stays no-referrer on the token pages and is the site default elsewhere', async () => {
    for (const path of [`${LINK_PATH.setup}/not-a-real-token`, `${LINK_PATH.reset}/not-a-real-token`]) {
      const res = await get(proxied, path);
      expect(res.headers.get('referrer-policy'), path).toBe('no-referrer');
    }
    expect((await get(proxied, '/')).headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
});
