import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ElementNode } from '../../../core/wire/document';
import { signPreview } from '../../services/documents/preview-link';
import { Client, startTestServer, type TestServer } from '../../testing/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const DOC = '/wp-json/site/v1/documents/130';

describe('preview as a shopper through a shareable, expiring link', () => {
  it('shows the draft as the chosen store to whoever holds the link, until it expires; refuses altered links', async () => {
    const ed = new Client(server.url);
    await ed.signIn('editor@harvestlane.test', 'editor-password');
    const doc = await ed.json<{ tree: ElementNode[]; version: number }>(DOC, { headers: { 'x-wp-nonce': ed.nonce } });
    const tree = structuredClone(doc.body.tree);
    tree[0].elements[0].settings.title = 'Draft for the preview';
    expect((await ed.json(`${DOC}/draft`, { method: 'PUT', body: { tree, base_version: doc.body.version } })).status).toBe(200);

    const link = await ed.json<{ url: string; expires_at: number }>(`${DOC}/preview-link`, {
      method: 'POST',
      body: { mode: 'draft', store_id: 1002, ttl_minutes: 60 },
    });
    expect(link.status).toBe(200);
    expect(link.body.expires_at).toBeGreaterThan(Date.now() + 59 * 60_000);

    const colleague = new Client(server.url); // not signed in
    const page = await colleague.raw(link.body.url);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(html).toContain('Draft for the preview');
    expect(html).toMatch(/My Store: <a href="\/stores\/[a-z-]+">Columbus Clintonville<\/a>/);
    expect((await colleague.page('/weekly-picks')).html).not.toContain('Draft for the preview');

    const altered = link.body.url.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await colleague.raw(altered)).status).toBe(403);
    const expired = signPreview(server.app.nonceSecret, { doc: 130, mode: 'draft', at: null, store: null, exp: Date.now() - 1 });
    const gone = await colleague.json<{ code: string }>(`/preview/${expired}`);
    expect(gone.status).toBe(410);
    expect(gone.body.code).toBe('rest_preview_expired');
  });

  it('refuses an unknown store with the message next to the field, and customers', async () => {
    const ed = new Client(server.url);
    await ed.signIn('editor@harvestlane.test', 'editor-password');
    const bad = await ed.json<{ data: { params: Record<string, string> } }>(`${DOC}/preview-link`, {
      method: 'POST',
      body: { store_id: 424242 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.params).toEqual({ store_id: 'Unknown store id: 424242.' });
    const customer = new Client(server.url);
    await customer.signIn('casey@example.test', 'casey-password');
    expect((await customer.json(`${DOC}/preview-link`, { method: 'POST', body: {} })).status).toBe(403);
  });
});
