import { describe, expect, it } from 'vitest';
import { w } from '../../../core/wire/document';
import { Client, signedInAs, useTestServer } from '../../testing/harness';

// A revision rendered by the published renderer beside the current draft (docs/editor.md, "Revision preview"):
// editors only, never cached, and sandboxed by its own Content-Security-Policy.

const server = useTestServer();
const API = '/wp-json/site/v1';

describe('revision preview', () => {
  it('renders an older revision and the current draft, sandboxed, for editors only', async () => {
    const ed = await signedInAs(server.url, 'editor');
    const created = await ed.json<{ id: number; version: number }>(`${API}/documents`, {
      method: 'POST',
      body: { type: 'page', title: 'Compare me', slug: 'compare-me' },
    });
    const D = `${API}/documents/${created.body.id}`;
    const first = await ed.json<{ version: number }>(`${D}/publish`, {
      method: 'POST',
      body: { tree: [w('cmp1', 'heading', { title: 'Old headline', _animation: 'fadeIn' })], base_version: created.body.version },
    });
    await ed.json(`${D}/draft`, {
      method: 'PUT',
      body: { tree: [w('cmp1', 'heading', { title: 'New headline' })], base_version: first.body.version },
    });
    const revisions = await ed.get<{ items: Array<{ id: number; action: string }> }>(`${D}/revisions`);
    const published = revisions.body.items.find((r) => r.action === 'publish')!;

    const res = await ed.raw(`/editor/${created.body.id}/preview/revision/${published.id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Old headline');
    expect(html).not.toContain('New headline');
    // Without scripts the entrance animation never runs: its element is shown as the animation ends.
    expect(html).toContain('.elementor-invisible{visibility:visible!important}');
    expect(res.headers.get('content-security-policy')).toMatch(/; sandbox allow-same-origin$/);
    expect(res.headers.get('content-security-policy')).toMatch(/^default-src 'self'/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    // Nothing for the sandbox to block: no script and no module preload is sent (the JSON config is data).
    expect(html).not.toMatch(/<script(?![^>]*type="application\/(ld\+)?json")/);
    expect(html).not.toContain('modulepreload');

    const draft = await ed.raw(`/editor/${created.body.id}/preview/draft`);
    expect(await draft.text()).toContain('New headline');

    expect((await new Client(server.url).raw(`/editor/${created.body.id}/preview/draft`)).status).toBe(401);
    const customer = await signedInAs(server.url, 'casey');
    expect((await customer.raw(`/editor/${created.body.id}/preview/revision/${published.id}`)).status).toBe(403);
    expect((await ed.raw(`/editor/${created.body.id}/preview/revision/999999`)).status).toBe(404);
    expect((await ed.raw(`/editor/abc/preview/draft`)).status).toBe(404);
  });
});
