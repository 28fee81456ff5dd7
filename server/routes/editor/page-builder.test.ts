import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ElementNode } from '../../../core/wire/document';
import { Client, signedInAs, startTestServer, type TestServer } from '../../testing/harness';

let server: TestServer;
let ed: Client;
beforeAll(async () => {
  server = await startTestServer();
  ed = await signedInAs(server.url, 'editor');
});
afterAll(async () => server.close());

const BASE = '/wp-json/site/v1/documents';

describe('saving seeded documents', () => {
  it('answers 200 for the unchanged tree of every seeded document (containers, nested tabs, accordion, off-canvas)', async () => {
    const list = await ed.get<{ items: Array<{ id: number; slug: string }> }>(BASE);
    expect(list.status).toBe(200);
    expect(list.body.items.length).toBeGreaterThan(10);
    const failures: string[] = [];
    for (const item of list.body.items) {
      const doc = await ed.get<{ tree: ElementNode[] }>(`${BASE}/${item.id}`);
      const saved = await ed.json<{ message?: string; tree: ElementNode[] }>(`${BASE}/${item.id}/draft`, {
        method: 'PUT',
        body: { tree: doc.body.tree },
      });
      if (saved.status !== 200) failures.push(`${item.id} ${item.slug}: ${saved.status} ${saved.body.message}`);
      else expect(saved.body.tree).toEqual(doc.body.tree);
    }
    expect(failures).toEqual([]);
  });

  it('still refuses elements inside a widget that does not hold any', async () => {
    const tree = [
      {
        id: 'h1',
        elType: 'widget',
        widgetType: 'heading',
        settings: {},
        elements: [{ id: 'h2', elType: 'widget', widgetType: 'heading', settings: {}, elements: [] }],
      },
    ];
    const r = await ed.json<{ message: string }>(`${BASE}/130/draft`, { method: 'PUT', body: { tree } });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/Heading cannot contain other elements/);
  });
});

describe('control schemas are the single source of settings', () => {
  const save = (settings: Record<string, unknown>, widgetType = 'heading') =>
    ed.json<{ message: string; data: { status: number; params?: Record<string, string> } }>(`${BASE}/130/draft`, {
      method: 'PUT',
      body: {
        tree: [
          { id: 'c1', elType: 'container', settings: {}, elements: [{ id: 'w1', elType: 'widget', widgetType, settings, elements: [] }] },
        ],
      },
    });

  it('refuses an unknown setting with 400 naming the widget and the key', async () => {
    const r = await save({ title: 'Hi', colour_of_sky: 'blue' });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Heading (w1): setting "colour_of_sky" is not a setting of this element.');
    expect(r.body.data.params).toMatchObject({ element: 'w1', setting: 'colour_of_sky' });
  });

  it('refuses a value of the wrong type, naming the widget and the key', async () => {
    const r = await save({ slides_to_show: { evil: true } }, 'image-carousel');
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/^Image Carousel \(w1\): setting "slides_to_show" must be one of/);
    const colour = await save({ _text_color: 'red;} body{display:none' });
    expect(colour.status).toBe(400);
    expect(colour.body.message).toMatch(/Heading \(w1\): setting "_text_color" must be a colour/);
    const nested = await save({ carousel: [{ url: 5 }] }, 'image-carousel');
    expect(nested.body.message).toMatch(/setting "carousel" item 1: "url" must be a URL as text/);
  });

  it('accepts style, advanced and per-device values declared by the schema', async () => {
    const r = await save({
      title: 'Styled',
      _text_color: '#aa0000',
      _typography_font_size_tablet: { size: 18, unit: 'px' },
      _margin_mobile: { top: 1, right: 2, bottom: 3, left: 4, unit: 'px' },
      hide_mobile: 'yes',
      _animation: 'fadeInUp',
    });
    expect(r.status).toBe(200);
  });
});

describe('documents: create, duplicate, rename, settings, trash and restore', () => {
  type Doc = { id: number; slug: string; title: string; status: string; settings: Record<string, unknown> };
  const send = <T = Doc>(path: string, method: string, body?: unknown) =>
    ed.json<T & { message?: string; data?: { params?: Record<string, string> } }>(path, { method, body: body ?? {} });

  it('creates 20 pages with one title in parallel, each with its own id and slug', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => send(BASE, 'POST', { type: 'page', title: 'Summer Market' })));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const slugs = results.map((r) => r.body.slug);
    expect(new Set(slugs).size).toBe(20);
    expect(slugs).toContain('summer-market');
    expect(new Set(results.map((r) => r.body.id)).size).toBe(20);
    expect(results.every((r) => r.body.status === 'draft')).toBe(true);
  });

  it('renames, duplicates, publishes, trashes and restores a page; trashed pages are not served', async () => {
    const created = await send(BASE, 'POST', { type: 'page', title: 'Harvest Fair' });
    const docId = created.body.id;
    const renamed = await send(`${BASE}/${docId}`, 'PATCH', {
      title: 'Harvest Fair 2026',
      slug: 'harvest-fair-2026',
      settings: { hide_title: 'yes' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ title: 'Harvest Fair 2026', slug: 'harvest-fair-2026', settings: { hide_title: 'yes' } });
    const taken = await send(`${BASE}/${docId}`, 'PATCH', { slug: 'weekly-picks' });
    expect(taken.status).toBe(400);
    expect(taken.body.data?.params).toMatchObject({ slug: 'Another document already uses this slug.' });
    const tree = [
      {
        id: 'hf1',
        elType: 'container',
        settings: {},
        elements: [{ id: 'hf2', elType: 'widget', widgetType: 'heading', settings: { title: 'Fair day' }, elements: [] }],
      },
    ];
    expect((await send(`${BASE}/${docId}/publish`, 'POST', { tree })).status).toBe(200);
    const visitor = new Client(server.url);
    expect((await visitor.page('/harvest-fair-2026')).html).toContain('Fair day');
    const copy = await send(`${BASE}/${docId}/duplicate`, 'POST');
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ title: 'Harvest Fair 2026 (copy)', slug: 'harvest-fair-2026-copy', status: 'draft' });
    const copied = await ed.get<{ tree: unknown }>(`${BASE}/${copy.body.id}`);
    expect(copied.body.tree).toEqual(tree);
    expect((await send(`${BASE}/${docId}/trash`, 'POST')).body.status).toBe('trash');
    expect((await visitor.page('/harvest-fair-2026')).status).toBe(410); // gone, not just missing (docs/seo.md)
    // Restore puts it back as it was trashed: published, and served again.
    expect((await send(`${BASE}/${docId}/restore`, 'POST')).body.status).toBe('publish');
    expect((await visitor.page('/harvest-fair-2026')).html).toContain('Fair day');
    expect((await send(`${BASE}/${docId}/restore`, 'POST')).status).toBe(400);
    // A draft goes back a draft.
    expect((await send(`${BASE}/${copy.body.id}/trash`, 'POST')).body.status).toBe('trash');
    expect((await send(`${BASE}/${copy.body.id}/restore`, 'POST')).body.status).toBe('draft');
  });

  it('names the documents that link to a page before it is trashed', async () => {
    const target = await send(BASE, 'POST', { type: 'page', title: 'Cider Days' });
    const linking = await send(BASE, 'POST', { type: 'page', title: 'Autumn Guide' });
    const tree = [
      {
        id: 'ag1',
        elType: 'container',
        settings: {},
        elements: [
          {
            id: 'ag2',
            elType: 'widget',
            widgetType: 'heading',
            settings: { title: 'Cider', link: { url: `/${target.body.slug}` } },
            elements: [],
          },
        ],
      },
    ];
    expect((await send(`${BASE}/${linking.body.id}/publish`, 'POST', { tree })).status).toBe(200);
    const refs = await ed.get<{ is_home: boolean; references: Array<{ id: number; title: string }> }>(
      `${BASE}/${target.body.id}/references`,
    );
    expect(refs.body).toEqual({ is_home: false, references: [{ id: linking.body.id, title: 'Autumn Guide', type: 'page' }] });
    const none = await ed.get<{ references: unknown[] }>(`${BASE}/${linking.body.id}/references`);
    expect(none.body.references).toEqual([]);
  });

  it('refuses to trash the published home page without a confirmation, and restores it online', async () => {
    const list = await ed.get<{ items: Doc[] }>(`${BASE}?type=page`);
    const home = list.body.items.find((d) => d.slug === 'home')!;
    expect((await ed.get<{ is_home: boolean }>(`${BASE}/${home.id}/references`)).body.is_home).toBe(true);
    const visitor = new Client(server.url);
    const refused = await send(`${BASE}/${home.id}/trash`, 'POST');
    expect(refused.status).toBe(400);
    expect(refused.body.data?.params?.confirm_home).toMatch(/home page/);
    expect((await visitor.page('/')).status).toBe(200);
    expect((await send(`${BASE}/${home.id}/trash`, 'POST', { confirm_home: true })).body.status).toBe('trash');
    expect((await visitor.page('/')).status).toBe(404);
    expect((await send(`${BASE}/${home.id}/restore`, 'POST')).body.status).toBe('publish');
    expect((await visitor.page('/')).status).toBe(200);
  });

  it('validates page and popup settings with a message for the field', async () => {
    const popup = await send(BASE, 'POST', { type: 'popup', title: 'Pickup reminder' });
    expect(popup.status).toBe(201);
    const good = await send(`${BASE}/${popup.body.id}`, 'PATCH', {
      settings: {
        triggers: { page_load: 'yes', page_load_delay: 2 },
        timing: { times: 'yes', times_times: 2, times_period: 'session', times_count: 'on_open' },
        prevent_close_on_esc_key: '',
        close_button_position: 'inside',
      },
      conditions: [{ type: 'include', pages: ['weekly-deals'] }],
    });
    expect(good.status).toBe(200);
    const bad = await send(`${BASE}/${popup.body.id}`, 'PATCH', { settings: { timing: { times: 'yes', times_times: 0 } } });
    expect(bad.status).toBe(400);
    expect(bad.body.data?.params).toMatchObject({ 'timing.times_times': 'Times must be at least 1' });
    const unknown = await send(`${BASE}/${popup.body.id}`, 'PATCH', { settings: { triggers: { on_full_moon: 'yes' } } });
    expect(unknown.status).toBe(400);
    const schedule = await send(`${BASE}/${popup.body.id}`, 'PATCH', {
      settings: { timing: { schedule: 'yes', schedule_start_date: '2030-02-01T00:00', schedule_end_date: '2030-01-01T00:00' } },
    });
    expect(schedule.body.data?.params).toMatchObject({ 'timing.schedule_end_date': 'The schedule must end after it starts.' });
    const page = await send(BASE, 'POST', { type: 'page', title: 'Wine Night' });
    const requirement = await send(`${BASE}/${page.body.id}`, 'PATCH', { settings: { store_requirement: 'beer' } });
    expect(requirement.body.data?.params).toMatchObject({ store_requirement: 'must be none, catering, wine or disallow' });
    const noTitle = await send(BASE, 'POST', { type: 'page', title: '  ' });
    expect(noTitle.body.data?.params).toMatchObject({ title: 'Enter a title.' });
  });
});
