import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, signedInAs, startTestServer, type TestServer } from '../../testing/harness';

// The full-window editor and its ways in (docs/editor.md): the editor page carries no site chrome; a built page
// shows signed-in editors an "Edit with the page builder" link that no other visitor's page (cached or not)
// ever holds; /admin is the editors' dashboard, whose document list says what is scheduled.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const LINK = 'data-edit-page-link';
const DOCS = '/wp-json/site/v1/documents';

describe('the editor shell', () => {
  it('renders the editor without the shop header, banner or footer', async () => {
    const ed = await signedInAs(server.url, 'editor');
    const { status, html } = await ed.page('/editor/130');
    expect(status).toBe(200);
    expect(html).toContain('id="editor-root"');
    expect(html).not.toContain('class="site-header"');
    expect(html).not.toContain('data-site-banner');
    expect(html).not.toContain('site-footer');
  });

  it('shows the edit link to a signed-in editor only, never in a page kept for anyone else', async () => {
    const anonymous = new Client(server.url);
    const first = await anonymous.raw('/');
    expect(await first.text()).not.toContain(LINK);
    const ed = await signedInAs(server.url, 'editor');
    const home = await ed.get<{ items: Array<{ id: number; slug: string }> }>(DOCS);
    const homeId = home.body.items.find((d) => d.slug === 'home')!.id;
    for (let i = 0; i < 2; i++) {
      const mine = await ed.page('/');
      expect(mine.html).toContain(`href="/editor/${homeId}" ${LINK}=""`);
      expect(mine.html).toContain('Edit with the page builder');
    }
    const shopper = await signedInAs(server.url, 'casey');
    expect((await shopper.page('/')).html).not.toContain(LINK);
    const again = await anonymous.raw('/');
    expect(again.headers.get('x-page-cache')).toBe('hit');
    expect(await again.text()).not.toContain(LINK);
    // A screen that is not a built page has nothing to edit.
    const search = await ed.page('/search?s=milk');
    expect(search.status).toBe(200);
    expect(search.html).not.toContain(LINK);
  });

  it('shows the edit link to a contributor whose role edits pages, and not once the role manager takes pages away', async () => {
    const cora = await signedInAs(server.url, 'contributor');
    const home = await cora.get<{ items: Array<{ id: number; slug: string }> }>(DOCS);
    const homeId = home.body.items.find((d) => d.slug === 'home')!.id;
    expect((await cora.page('/')).html).toContain(`href="/editor/${homeId}" ${LINK}=""`);
    const ada = await signedInAs(server.url, 'admin');
    const set = await ada.json('/wp-json/site/v1/roles/contributor', { method: 'PUT', body: { doc_types: ['popup'], publish: 'review' } });
    expect(set.status).toBe(200);
    try {
      expect((await cora.page('/')).html).not.toContain(LINK);
    } finally {
      await ada.json('/wp-json/site/v1/roles/contributor', { method: 'PUT', body: { doc_types: ['page', 'popup'], publish: 'review' } });
    }
  });

  it('opens the dashboard at /admin for editors and sends other staff to their own screen', async () => {
    const ed = await signedInAs(server.url, 'editor');
    const dash = await ed.page('/admin');
    expect(dash.status).toBe(200);
    expect(dash.html).toContain('data-screen="dashboard"');
    expect(dash.html).toContain('<h1>Dashboard</h1>');
    const merchandiser = await signedInAs(server.url, 'merchandiser');
    const sent = await merchandiser.raw('/admin', { redirect: 'manual' });
    expect(sent.status).toBe(302);
    expect(sent.headers.get('location')).toMatch(/^\/admin\/catalogue/);
    const anonymous = await new Client(server.url).raw('/admin', { redirect: 'manual' });
    expect(anonymous.headers.get('location')).toBe('/login?redirect_to=%2Fadmin');
  });

  it('lists what is scheduled to go live or offline, for the dashboard', async () => {
    const ed = await signedInAs(server.url, 'editor');
    const created = await ed.json<{ id: number; version: number }>(DOCS, {
      method: 'POST',
      body: { type: 'page', title: 'Thanksgiving hours' },
    });
    expect(created.status).toBe(201);
    const at = Date.now() + 86_400_000;
    const scheduled = await ed.json(`${DOCS}/${created.body.id}/schedule`, {
      method: 'PUT',
      body: { publish_at: at, unpublish_at: null, base_version: created.body.version },
    });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
    const list = await ed.get<{ items: Array<{ id: number; publish_at: number | null; unpublish_at: number | null }> }>(DOCS);
    expect(list.body.items.find((d) => d.id === created.body.id)).toMatchObject({ publish_at: at, unpublish_at: null });
  });
});
