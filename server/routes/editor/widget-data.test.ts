import { describe, expect, it } from 'vitest';
import { box, w, type ElementNode } from '../../../core/wire/document';
import { loopGridKey, type LoopGridData } from '../../../react-app/widgets/loop/types';
import { islandPreviewKey } from '../../../react-app/widgets/island/preview';
import { contentPreviewKey } from '../../../react-app/widgets/freshop-content/widget';
import { slotKey } from '../../../core/store-layer/content-slot';
import { Client, signedInAs, useTestServer } from '../../testing/harness';

// The editor's data widgets between saves (docs/editor.md): a Loop Grid just added shows its template's items
// without a save and a reload, an Interactive block shows its first view, and Cloud templates can be inserted.

const server = useTestServer();
const D = '/wp-json/site/v1/documents';

const firstOf = async (type: string) =>
  (await server.db.kysely.selectFrom('documents').select('id').where('type', '=', type).orderBy('id').executeTakeFirstOrThrow()).id;

describe('widget data for the editor preview', () => {
  it('loads a new loop grid’s items and an interactive block’s first view for the tree being edited', async () => {
    const ed = await signedInAs(server.url, 'editor');
    const tree: ElementNode[] = [
      box('wd1', [
        w('wdgrid', 'loop-grid', { source: 'recipes', template_id: 70, posts_per_page: 3 }),
        w('wdisl', 'island', { island: 'drink-calculator' }),
      ]),
    ];
    const res = await ed.json<{ data: Record<string, unknown> }>(`${D}/${await firstOf('page')}/widget-data`, {
      method: 'POST',
      body: { tree },
    });
    expect(res.status).toBe(200);
    const grid = res.body.data[loopGridKey('wdgrid')] as LoopGridData;
    expect(grid.items).toHaveLength(3);
    expect(grid.templateId).toBe(70);
    expect(res.body.data[islandPreviewKey('wdisl')]).toMatch(/<\w+/);
  });

  it('gives the canvas the first views the published page serves: its content slots’ blocks and its islands', async () => {
    const ed = await signedInAs(server.url, 'editor');
    const views = async (slug: string, keys: string[]) => {
      const doc = await server.db.kysely.selectFrom('documents').select(['id', 'tree']).where('slug', '=', slug).executeTakeFirstOrThrow();
      const tree = JSON.parse(String(doc.tree)) as ElementNode[];
      const res = await ed.json<{ data: Record<string, unknown> }>(`${D}/${doc.id}/widget-data`, { method: 'POST', body: { tree } });
      expect(res.status).toBe(200);
      // As a visitor who is not signed in sees the published page (the editor's own audience is not the public's).
      // The page marks its likely largest image fetchpriority="high" (server/render/lcp-image.ts), a loading hint
      // the canvas has no use for.
      const published = (await new Client(server.url).page(`/${slug === 'home' ? '' : slug}`)).html.replace(' fetchpriority="high"', '');
      for (const key of keys) {
        expect(res.body.data[key], key).toMatch(/<\w+/);
        expect(published).toContain(res.body.data[key]); // the same markup, from the same path
      }
    };
    await views('home', [
      contentPreviewKey(slotKey({ kind: 'slider', sliderId: 'home' })),
      contentPreviewKey(slotKey({ kind: 'cta' })),
      contentPreviewKey(slotKey({ kind: 'personalized-content', slug: 'welcome' })),
    ]);
    await views('store/store-locator', [islandPreviewKey('b2f003')]); // the store picker
    await views('contact', [islandPreviewKey('c12004')]); // the contact form
  });

  it('shows a catering or wine page’s shop at the store its visitors are at, never the store chooser', async () => {
    const ed = await signedInAs(server.url, 'editor'); // no store of its own: a visitor like it is sent away
    for (const kind of ['catering', 'wine'] as const) {
      const doc = await server.db.kysely
        .selectFrom('documents')
        .select(['id', 'tree'])
        .where('slug', '=', `${kind}/shop`)
        .executeTakeFirstOrThrow();
      const tree = JSON.parse(String(doc.tree)) as ElementNode[];
      const island = JSON.stringify(tree).match(/"id":"(\w+)","elType":"widget","widgetType":"island"/)?.[1];
      expect(island, `the ${kind} shop's island`).toBeTruthy();
      const res = await ed.json<{ data: Record<string, unknown> }>(`${D}/${doc.id}/widget-data`, { method: 'POST', body: { tree } });
      expect(res.status).toBe(200);
      const view = String(res.body.data[islandPreviewKey(island!)]);
      // The visitor who chose that catalogue's first store gets the same first view on the published page.
      const first = await server.db.kysely
        .selectFrom('stores')
        .select(['id', 'name'])
        .where('kind', '=', kind)
        .where('is_selectable', '=', 1)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const visitor = new Client(server.url);
      await visitor.page('/');
      expect((await visitor.json('/api/shop/v1/current-store', { method: 'PUT', body: { store_id: first.id } })).status).toBe(200);
      const published = await visitor.page(`/${kind}/shop`);
      expect(published.status).toBe(200);
      expect(view).toContain(first.name);
      expect(published.html).toContain(view);
    }
  });

  it('refuses a broken tree naming the field, and a document type the role may not edit', async () => {
    const ed = await signedInAs(server.url, 'editor');
    const bad = await ed.json<{ data: { params: Record<string, string> } }>(`${D}/${await firstOf('page')}/widget-data`, {
      method: 'POST',
      body: { tree: [{ id: 'bad id!', elType: 'widget' }] },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data.params)[0]).toMatch(/^tree/);
    const cora = await signedInAs(server.url, 'contributor');
    expect((await cora.json(`${D}/${await firstOf('template')}/widget-data`, { method: 'POST', body: { tree: [] } })).status).toBe(403);
  });
});

describe('cloud templates in the editor', () => {
  it('hands the editor a cloud template’s elements to insert, and 404 for one that does not exist', async () => {
    const ed = await signedInAs(server.url, 'editor');
    const t = await ed.get<{ title: string; tree: ElementNode[] }>('/wp-json/site/v1/templates/cloud/9001');
    expect(t.status).toBe(200);
    expect(t.body.title).toBe('Farmers market banner');
    expect(JSON.stringify(t.body.tree)).toContain('From our farmers to your table');
    expect((await ed.get('/wp-json/site/v1/templates/cloud/9999')).status).toBe(404);
  });

  it('adds a cloud template to the site templates once, and says so the second time instead of a kit conflict', async () => {
    const ada = await signedInAs(server.url, 'admin');
    const first = await ada.json<{ template?: { title: string } }>('/wp-json/site/v1/templates/cloud/9002/apply', { method: 'POST' });
    expect(first.status).toBe(200);
    expect(first.body.template?.title).toBe('Weekly ad intro');
    const again = await ada.json<{ template?: unknown }>('/wp-json/site/v1/templates/cloud/9002/apply', { method: 'POST' });
    expect(again.status).toBe(200);
    expect(again.body.template).toBeUndefined();
    const copies = await server.db.kysely
      .selectFrom('documents')
      .select('id')
      .where('type', '=', 'template')
      .where('title', '=', 'Weekly ad intro')
      .execute();
    expect(copies).toHaveLength(1);
  });
});
