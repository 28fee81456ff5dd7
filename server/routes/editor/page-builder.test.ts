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
