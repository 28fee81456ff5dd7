import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, signedInAs, startTestServer, type TestServer } from '../../testing/harness';

// The content caches belong to a server (app.contentCaches), not to the module: a write answers the next
// content call of that server at once, and a second server in the same process answers from its own database.

let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  [a, b] = await Promise.all([startTestServer(), startTestServer()]);
});
afterAll(async () => Promise.all([a.close(), b.close()]));

const banner = async (server: TestServer, storeId: number) =>
  (await new Client(server.url).json<{ html: string }>(`/wp-json/freshop/v1/content/site-banner?store_id=${storeId}`)).body.html;

describe('content caches per server', () => {
  it('a block written through the content screen answers the next call at once; another server keeps its own', async () => {
    const before = await banner(a, 1002);
    expect(before).not.toContain('Cache check');
    expect(await banner(b, 1002)).toBe(before); // both servers now hold this answer

    const editor = await signedInAs(a.url, 'editor');
    const created = await editor.json('/wp-json/site/v1/content-blocks', {
      method: 'POST',
      body: { kind: 'site-banner', title: 'Cache check', html: '<p>Cache check at Columbus East</p>', store_ids: [1002], priority: 90 },
    });
    expect(created.status).toBe(201);

    expect(await banner(a, 1002)).toContain('Cache check');
    expect(await banner(b, 1002)).toBe(before);
    expect(a.app.contentCaches).not.toBe(b.app.contentCaches);
  });
});
