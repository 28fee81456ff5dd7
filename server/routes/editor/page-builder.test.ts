import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ElementNode } from '../../../core/wire/document';
import { Client, startTestServer, type TestServer } from '../../testing/harness';

let server: TestServer;
let ed: Client;
beforeAll(async () => {
  server = await startTestServer();
  ed = new Client(server.url);
  await ed.signIn('editor@harvestlane.test', 'editor-password');
});
afterAll(async () => server.close());

const BASE = '/wp-json/site/v1/documents';
/** Editor GETs carry the nonce too (a call without one runs as an anonymous visitor). */
const get = <T>(path: string) => ed.json<T>(path, { headers: { 'x-wp-nonce': ed.nonce } });

describe('saving seeded documents', () => {
  it('answers 200 for the unchanged tree of every seeded document (containers, nested tabs, accordion, off-canvas)', async () => {
    const list = await get<{ items: Array<{ id: number; slug: string }> }>(BASE);
    expect(list.status).toBe(200);
    expect(list.body.items.length).toBeGreaterThan(10);
    const failures: string[] = [];
    for (const item of list.body.items) {
      const doc = await get<{ tree: ElementNode[] }>(`${BASE}/${item.id}`);
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
