import { describe, expect, it } from 'vitest';
import { KIT_FORMAT } from '../core/wire/kit-manifest';
import { Client, signedInAs, useTestServer, visitorAt } from './testing/harness';

const server = useTestServer();

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000100e221bc330000000049454e44ae426082',
  'hex',
);

function upload(c: Client, name: string, type: string, body: Buffer, field = 'file') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(body)], { type }), name);
  return c.raw('/wp-json/site/v1/uploads', { method: 'POST', body: form });
}

const adminRoutes: Array<[string, string, unknown?]> = [
  ['GET', '/wp-json/site/v1/debug-log'],
  ['POST', '/wp-json/site/v1/debug-log/download'],
  ['POST', '/wp-json/site/v1/debug-log/clear'],
  ['GET', '/wp-json/site/v1/kits/export'],
  ['POST', '/wp-json/site/v1/kits/import', {}],
  ['POST', '/wp-json/site/v1/templates/cloud/9001/apply'],
  ['GET', '/wp-json/site/v1/usage-events/counts'],
  ['GET', '/wp-json/site/v1/documents'],
  ['GET', '/wp-json/site/v1/documents/130'],
  ['PUT', '/wp-json/site/v1/documents/130/draft', { tree: [] }],
  ['POST', '/wp-json/site/v1/documents/130/publish', { tree: [] }],
  ['GET', '/wp-json/site/v1/templates/site'],
  ['GET', '/wp-json/site/v1/templates/cloud'],
  ['POST', '/wp-json/site/v1/usage-events', { event: 'admin_action', details: {} }],
  ['POST', '/wp-json/site/v1/uploads'],
];

describe('role guards', () => {
  it.each(adminRoutes)('%s %s refuses anonymous, customer and missing-nonce calls', async (method, path, body) => {
    const anon = await visitorAt(server.url);
    const a = await anon.json(path, { method, body, headers: { 'x-wp-nonce': anon.nonce } });
    expect(a.status).toBe(401);
    expect(a.body).toMatchObject({ code: 'rest_not_logged_in' });

    const cust = await signedInAs(server.url, 'casey');
    const c = await cust.json(path, { method, body, headers: { 'x-wp-nonce': cust.nonce } });
    expect(c.status).toBe(403);
    expect(c.body).toMatchObject({ code: 'rest_forbidden' });

    const adm = await signedInAs(server.url, 'admin');
    const n = await adm.json(path, { method, body, nonce: false });
    expect([401, 403]).toContain(n.status);
    const bad = await adm.json(path, { method, body, headers: { 'x-wp-nonce': '0123456789' } });
    expect(bad.status).toBe(403);
    expect(bad.body).toMatchObject({ code: 'rest_cookie_invalid_nonce' });
  });

  it('lets an editor edit but not administer', async () => {
    const ed = await signedInAs(server.url, 'editor');
    expect((await ed.get('/wp-json/site/v1/documents/130')).status).toBe(200);
    expect((await ed.json('/wp-json/site/v1/debug-log/clear', { method: 'POST' })).status).toBe(403);
  });

  it('sends anonymous browsers to the sign-in page and shows customers a 403 page', async () => {
    const anon = await new Client(server.url).raw('/editor/130');
    expect(anon.status).toBe(302);
    expect(anon.headers.get('location')).toBe('/login?redirect_to=%2Feditor%2F130');
    const cust = await signedInAs(server.url, 'casey');
    const page = await cust.raw('/admin/debug-log');
    expect(page.status).toBe(403);
    expect(await page.text()).toContain('You do not have access to this screen');
    const ed = await signedInAs(server.url, 'editor');
    expect((await ed.raw('/admin/debug-log')).status).toBe(403);
    const screen = await ed.page('/editor/130');
    expect(screen.status).toBe(200);
    expect(screen.html).toContain('id="editor-document"');
    expect(screen.html).not.toMatch(/\/assets\/runtime\/boot-/);
  });

  it('signs in through the sign-in form with its nonce and goes back to redirect_to', async () => {
    const c = new Client(server.url);
    const { html } = await c.page('/login?redirect_to=/editor/130');
    const nonce = /name="_wpnonce" value="([^"]+)"/.exec(html)![1];
    const form = (extra: Record<string, string>) =>
      new URLSearchParams({
        email: 'editor@harvestlane.test',
        password: 'editor-password',
        redirect_to: '/editor/130',
        ...extra,
      }).toString();
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    expect((await c.raw('/login', { method: 'POST', headers, body: form({ _wpnonce: 'nope' }) })).status).toBe(403);
    const wrong = await c.raw('/login', { method: 'POST', headers, body: form({ _wpnonce: nonce, password: 'x' }) });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('The email or password is incorrect.');
    const ok = await c.raw('/login', { method: 'POST', headers, body: form({ _wpnonce: nonce }) });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/editor/130');
    expect((await c.raw('/editor/130')).status).toBe(200);
    const blocked = new Client(server.url);
    const page2 = await blocked.page('/login');
    const nonce2 = /name="_wpnonce" value="([^"]+)"/.exec(page2.html)![1];
    const formFor = (password: string) => new URLSearchParams({ email: 'admin@harvestlane.test', password, _wpnonce: nonce2 }).toString();
    for (let i = 0; i < 5; i++) expect((await blocked.raw('/login', { method: 'POST', headers, body: formFor('wrong') })).status).toBe(401);
    const limited = await blocked.raw('/login', { method: 'POST', headers, body: formFor('admin-password') });
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain('Too many attempts');
    await server.db.kysely.deleteFrom('login_attempts').execute();
    const evil = await c.raw('/login?redirect_to=//evil.example/x');
    expect(evil.headers.get('location')).toBe('/admin');
  });
});

describe('uploads and the debug log', () => {
  it('accepts a PNG, stores and serves it, and logs it', async () => {
    const ed = await signedInAs(server.url, 'editor');
    const res = await upload(ed, 'basket.png', 'image/png', PNG);
    expect(res.status).toBe(200);
    const { location } = (await res.json()) as { location: string };
    expect(location).toMatch(/^\/uploads\/[a-z0-9-]+\.png$/);
    const img = await fetch(server.url + location);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await img.arrayBuffer()).equals(PNG)).toBe(true);
    const row = await server.db.kysely.selectFrom('uploads').selectAll().where('url', '=', location).executeTakeFirst();
    expect(row).toMatchObject({ original_name: 'basket.png', mime: 'image/png', size: PNG.length });
  });

  it.each([
    ['a wrong type', 'notes.png', 'image/png', Buffer.from('just text, not an image'), /Only PNG, JPEG, GIF and WebP/],
    [
      'an SVG',
      'logo.svg',
      'image/svg+xml',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      /SVG images are not accepted/,
    ],
    [
      'an SVG disguised as PNG',
      'logo.png',
      'image/png',
      Buffer.from('<?xml version="1.0"?><svg onload="alert(1)"></svg>'),
      /SVG images are not accepted/,
    ],
    ['a too large file', 'huge.png', 'image/png', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]), /larger than 2 MB/],
  ])('refuses %s with 400 and a log entry', async (_what, name, type, body, reason) => {
    const ed = await signedInAs(server.url, 'editor');
    const res = await upload(ed, name, type, body);
    expect(res.status).toBe(400);
    const json = (await res.json()) as { code: string; message: string };
    expect(json.code).toBe('upload_rejected');
    expect(json.message).toMatch(reason);
    const adm = await signedInAs(server.url, 'admin');
    const log = await adm.get<{ entries: Array<{ level: string; message: string; context: { reason?: string } }> }>(
      '/wp-json/site/v1/debug-log',
    );
    expect(log.body.entries[0]).toMatchObject({ level: 'warning', message: expect.stringContaining(`Rejected upload ${name}`) });
    expect(log.body.entries[0].context.reason).toMatch(reason);
  });

  it('accepts an image close to the 2 MB limit', async () => {
    const res = await upload(
      await signedInAs(server.url, 'editor'),
      'big.png',
      'image/png',
      Buffer.concat([PNG, Buffer.alloc(1900 * 1024)]),
    );
    expect(res.status).toBe(200);
  });

  it('refuses an upload in another field', async () => {
    const res = await upload(await signedInAs(server.url, 'editor'), 'a.png', 'image/png', PNG, 'image');
    expect(res.status).toBe(400);
  });

  it('downloads the log as {data} and clears it with empty POSTs', async () => {
    const adm = await signedInAs(server.url, 'admin');
    const dl = await adm.json<{ data: { entries: Array<{ message: string }> } }>('/wp-json/site/v1/debug-log/download', { method: 'POST' });
    expect(dl.status).toBe(200);
    expect(dl.body.data.entries.some((e) => e.message.startsWith('Accepted upload basket.png'))).toBe(true);
    expect(dl.body.data.entries.some((e) => e.message.startsWith('Rejected upload huge.png'))).toBe(true);
    const cleared = await adm.json<{ cleared: number }>('/wp-json/site/v1/debug-log/clear', { method: 'POST' });
    expect(cleared.body.cleared).toBeGreaterThan(0);
    const after = await adm.json<{ data: { entries: unknown[] } }>('/wp-json/site/v1/debug-log/download', { method: 'POST' });
    expect(after.body.data.entries).toEqual([]);
  });
});

describe('documents: drafts and publishing', () => {
  it('keeps drafts from visitors, publishes sanitised HTML', async () => {
    const ed = await signedInAs(server.url, 'editor');
    const doc = await ed.get<{ tree: Array<{ elements: Array<{ id: string; settings: Record<string, unknown> }> }> }>(
      '/wp-json/site/v1/documents/130',
    );
    const tree = structuredClone(doc.body.tree);
    tree[0].elements[1].settings.editor = '<p>Draft words <img src="x" onerror="alert(1)"><script>alert(2)</script></p>';
    const saved = await ed.json<{ has_draft: boolean }>('/wp-json/site/v1/documents/130/draft', { method: 'PUT', body: { tree } });
    expect(saved.status).toBe(200);
    expect(saved.body.has_draft).toBe(true);
    let visitor = await new Client(server.url).page('/weekly-picks');
    expect(visitor.html).not.toContain('Draft words');
    const published = await ed.json('/wp-json/site/v1/documents/130/publish', { method: 'POST', body: { tree } });
    expect(published.status).toBe(200);
    visitor = await new Client(server.url).page('/weekly-picks');
    expect(visitor.html).toContain('Draft words');
    expect(visitor.html).not.toContain('onerror');
    expect(visitor.html).not.toContain('alert(2)');
    const stored = await server.db.kysely
      .selectFrom('documents')
      .select(['tree', 'draft_tree'])
      .where('id', '=', 130)
      .executeTakeFirstOrThrow();
    expect(stored.tree).not.toContain('<script>');
    expect(stored.draft_tree).toBeNull();
  });

  it.each([
    [{ tree: [{ id: 'a1', elType: 'widget', widgetType: 'nope', settings: {}, elements: [] }] }, /Unknown widget type/],
    [
      {
        tree: [
          { id: 'a1', elType: 'container', settings: {}, elements: [] },
          { id: 'a1', elType: 'container', settings: {}, elements: [] },
        ],
      },
      /used twice/,
    ],
    [{ tree: 'x' }, /tree/],
    [{ tree: [{ id: '<b>', elType: 'container', settings: {}, elements: [] }] }, /tree/],
  ])('refuses a broken tree with 400', async (body, message) => {
    const ed = await signedInAs(server.url, 'editor');
    const r = await ed.json<{ message: string }>('/wp-json/site/v1/documents/130/draft', { method: 'PUT', body });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(message);
  });
});

describe('kits and templates', () => {
  const countTemplates = async () =>
    Number(
      (
        await server.db.kysely
          .selectFrom('documents')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('type', '=', 'template')
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses a bad manifest with 400 and imports nothing', async () => {
    const adm = await signedInAs(server.url, 'admin');
    const before = await countTemplates();
    // A kit whose manifest lists `templates` (title and type by id) and whose files hold `contents` by id.
    const kit = (templates: Record<string, { title: string; doc_type: string }>, contents: Record<string, unknown[]>) => ({
      manifest: { kit_format: KIT_FORMAT, name: 'x', version: '1', created: '', templates },
      templates: Object.fromEntries(Object.entries(contents).map(([id, content]) => [id, { content }])),
    });
    const pages = { '1': { title: 'A', doc_type: 'page' }, '2': { title: 'B', doc_type: 'page' } };
    const bad = [
      kit({ '1': { title: 'A', doc_type: 'slider' } }, { '1': [] }),
      kit(pages, { '1': [] }),
      kit(pages, { '1': [], '2': [{ id: 'z1', elType: 'widget', widgetType: 'evil', settings: {}, elements: [] }] }),
      { version: 3, elements: [] },
      kit({ '1': { title: 'A\u0000B', doc_type: 'page' } }, { '1': [] }),
    ];
    for (const body of bad) {
      const r = await adm.json<{ code: string; message: string }>('/wp-json/site/v1/kits/import', { method: 'POST', body });
      expect(r.status).toBe(400);
      // A NUL character is refused at the edge for every route, before the kit is read.
      expect(r.body.message).toMatch(JSON.stringify(body).includes('\\u0000') ? /NUL/ : /kit/i);
    }
    const notJson = await adm.json('/wp-json/site/v1/kits/import', { method: 'POST', body: '\x89PNG' });
    expect(notJson.status).toBe(400);
    expect(await countTemplates()).toBe(before);
  });

  it('exports the site templates as a kit and imports it back', async () => {
    const adm = await signedInAs(server.url, 'admin');
    const kit = await adm.json<{ manifest: { templates: Record<string, { doc_type: string }> } }>('/wp-json/site/v1/kits/export', {
      headers: { 'x-wp-nonce': adm.nonce },
    });
    expect(kit.status).toBe(200);
    expect(kit.body.manifest.templates['131']).toMatchObject({ title: 'Seasonal hero', doc_type: 'section' });
    const before = await countTemplates();
    // Every template of this kit is already on the site: the import asks instead of duplicating them.
    const asked = await adm.json<{ code: string; message: string; data: { status: number; conflicts: Array<{ title: string }> } }>(
      '/wp-json/site/v1/kits/import',
      { method: 'POST', body: kit.body },
    );
    expect(asked.status).toBe(409);
    expect(asked.body.code).toBe('kit_already_imported');
    expect(asked.body.message).toMatch(/already on the site .*Seasonal hero/);
    expect(asked.body.data.conflicts.length).toBe(Object.keys(kit.body.manifest.templates).length);
    expect(await countTemplates()).toBe(before);
    const skipped = await adm.json<{ imported: unknown[] }>('/wp-json/site/v1/kits/import?on_conflict=skip', {
      method: 'POST',
      body: kit.body,
    });
    expect(skipped.status).toBe(200);
    expect(skipped.body.imported).toEqual([]);
    expect(await countTemplates()).toBe(before);
    const bad = await adm.json('/wp-json/site/v1/kits/import?on_conflict=overwrite', { method: 'POST', body: kit.body });
    expect(bad.status).toBe(400);
    const r = await adm.json<{ imported: unknown[] }>('/wp-json/site/v1/kits/import?on_conflict=duplicate', {
      method: 'POST',
      body: kit.body,
    });
    expect(r.status).toBe(200);
    expect(r.body.imported.length).toBe(Object.keys(kit.body.manifest.templates).length);
    expect(await countTemplates()).toBe(before + r.body.imported.length);
    const site = await adm.json<{ items: Array<{ folder: string }> }>('/wp-json/site/v1/templates/site', {
      headers: { 'x-wp-nonce': adm.nonce },
    });
    expect(new Set(site.body.items.map((t) => t.folder))).toContain('Seasonal');
  });

  it('records whitelisted usage events and counts them', async () => {
    const ed = await signedInAs(server.url, 'editor');
    expect(
      (
        await ed.json('/wp-json/site/v1/usage-events', {
          method: 'POST',
          body: { event: 'editor_action', details: { action_type: 'publish', secret: 'x' } },
        })
      ).status,
    ).toBe(201);
    expect((await ed.json('/wp-json/site/v1/usage-events', { method: 'POST', body: { event: 'not_an_event' } })).status).toBe(400);
    const row = await server.db.kysely
      .selectFrom('usage_events')
      .select('details')
      .where('event', '=', 'editor_action')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.details)).toEqual({ action_type: 'publish' });
    const adm = await signedInAs(server.url, 'admin');
    const counts = await adm.json<{ counts: Array<{ name: string; count: number }> }>('/wp-json/site/v1/usage-events/counts', {
      headers: { 'x-wp-nonce': adm.nonce },
    });
    expect(counts.body.counts.find((c) => c.name === 'editor_action')!.count).toBeGreaterThanOrEqual(1);
    expect(counts.body.counts.find((c) => c.name === 'kit_import_status')!.count).toBeGreaterThanOrEqual(1);
  });
});
