import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, visitorAt } from './testing/harness';

// Faults: the database going away must give 503 JSON from the API and still a page with the site chrome.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close().catch(() => undefined));

describe('database unavailable', () => {
  it('answers API calls with 503 JSON and pages with the static chrome', async () => {
    const c = await visitorAt(server.url);
    expect((await c.json('/api/shop/v1/current-store', { method: 'PUT', body: { store_id: 1001 } })).status).toBe(200);
    await server.db.kysely.destroy();

    const api = await c.json('/api/shop/v1/stores');
    expect(api.status).toBe(503);
    expect(api.body).toMatchObject({ code: 'rest_unavailable', data: { status: 503 } });
    expect(api.headers.get('retry-after')).toBe('30');

    const write = await c.json('/api/shop/v1/current-store', { method: 'PUT', body: { store_id: 1002 } });
    expect(write.status).toBe(503);

    const res = await c.raw('/');
    expect(res.status).toBe(503);
    const html = await res.text();
    expect(html).toContain('class="site-header"');
    expect(html).toContain('We will be right back');
    // Styled without a request: the page inlines the rules it uses (server/render/page-css.ts).
    expect(html).toMatch(/<style id="site-css">[^<]*\.site-header\{/);
  });
});
