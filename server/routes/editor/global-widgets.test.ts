import { describe, expect, it } from 'vitest';
import type { ElementNode } from '../../../core/wire/document';
import { box, w } from '../../../core/wire/document';
import { globalReference, unlinkGlobalWidget } from '../../../core/documents/global-widgets';
import { Client, signedInAs, useTestServer } from '../../testing/harness';

// Global widgets and per-element custom CSS (docs/editor.md, "Global widgets and custom CSS"), on SQLite and
// PostgreSQL: one edit of a global widget changes every page using it (through the page cache), unlinking keeps a
// local copy, a global widget in use cannot be deleted, and custom CSS is scoped or refused on its field.

const server = useTestServer();
const API = '/wp-json/site/v1';

interface Problem {
  code: string;
  message: string;
  data: { status: number; params?: Record<string, string>; used_by?: Array<{ id: number; title: string }> };
}
interface Summary {
  id: number;
  slug: string;
  version: number;
}
interface GlobalWidget {
  id: number;
  title: string;
  element: ElementNode;
  version: number;
}

async function newPage(ed: Client, title: string, slug: string, tree: ElementNode[]): Promise<Summary> {
  const created = await ed.json<Summary>(`${API}/documents`, { method: 'POST', body: { type: 'page', title, slug } });
  expect(created.status).toBe(201);
  const published = await ed.json<Summary>(`${API}/documents/${created.body.id}/publish`, {
    method: 'POST',
    body: { tree, base_version: created.body.version },
  });
  expect(published.status).toBe(200);
  return { ...created.body, version: published.body.version };
}

async function publishTree(ed: Client, id: number, tree: ElementNode[]): Promise<{ status: number; body: Problem & Summary }> {
  const doc = await ed.get<{ version: number }>(`${API}/documents/${id}`);
  return ed.json<Problem & Summary>(`${API}/documents/${id}/publish`, { method: 'POST', body: { tree, base_version: doc.body.version } });
}

async function visit(path: string): Promise<{ html: string; cache: string | null; status: number }> {
  const res = await new Client(server.url).raw(path);
  return { html: await res.text(), cache: res.headers.get('x-page-cache'), status: res.status };
}

const deal = (title: string): ElementNode => w('gwdeal', 'heading', { title, header_size: 'h2' });

describe('global widgets', () => {
  it('one edit of a global widget changes both pages that use it, through the page cache', async () => {
    const ed = await signedInAs(server.url, 'editor');
    const created = await ed.json<GlobalWidget>(`${API}/global-widgets`, {
      method: 'POST',
      body: { title: 'Peach deal', element: deal('Peaches 2 for $5') },
    });
    expect(created.status).toBe(201);
    const G = created.body.id;
    expect(created.body.element.settings.title).toBe('Peaches 2 for $5');

    await newPage(ed, 'Global A', 'global-a', [box('ga1', [w('gah', 'heading', { title: 'Page A' }), globalReference('gar', G)])]);
    await newPage(ed, 'Global B', 'global-b', [globalReference('gbr', G)]);

    for (const path of ['/global-a', '/global-b']) {
      const first = await visit(path);
      expect(first.html).toContain('Peaches 2 for $5');
      expect(first.html).toContain(`elementor-global-${G}`);
      expect((await visit(path)).cache).toBe('hit');
    }
    // Each use renders under its own element id (its own scoped styles and handlers).
    expect((await visit('/global-a')).html).toContain('data-id="gar"');
    expect((await visit('/global-b')).html).toContain('data-id="gbr"');

    const edited = await publishTree(ed, G, [deal('Peaches 3 for $5')]);
    expect(edited.status).toBe(200);
    for (const path of ['/global-a', '/global-b']) {
      const after = await visit(path);
      expect(after.cache).toBe('miss');
      expect(after.html).toContain('Peaches 3 for $5');
      expect(after.html).not.toContain('Peaches 2 for $5');
    }

    const usage = await ed.get<{ used_by: Array<{ title: string }> }>(`${API}/global-widgets/${G}/usage`);
    expect(usage.body.used_by.map((u) => u.title)).toEqual(['Global A', 'Global B']);
    const list = await ed.get<{ items: GlobalWidget[] }>(`${API}/global-widgets`);
    expect(list.body.items.find((g) => g.id === G)?.element.settings.title).toBe('Peaches 3 for $5');
  });

  it('unlinking keeps a local copy that later edits leave alone, and frees the widget for deletion', async () => {
    const ed = await signedInAs(server.url, 'editor');
    const G = (
      await ed.json<GlobalWidget>(`${API}/global-widgets`, { method: 'POST', body: { title: 'Plum deal', element: deal('Plums $1') } })
    ).body.id;
    const a = await newPage(ed, 'Plums A', 'plums-a', [globalReference('par', G)]);
    const b = await newPage(ed, 'Plums B', 'plums-b', [globalReference('pbr', G)]);

    // Deleting (or trashing) while pages use it: refused with both pages named, and nothing written.
    const refused = await ed.json<Problem>(`${API}/global-widgets/${G}`, { method: 'DELETE' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('rest_global_widget_in_use');
    expect(refused.body.message).toBe(
      'The global widget "Plum deal" is used on "Plums A", "Plums B". Unlink it there (or remove it) before deleting it.',
    );
    expect(refused.body.data.used_by?.map((u) => u.id)).toEqual([a.id, b.id]);
    const trash = await ed.json<Problem>(`${API}/documents/${G}/trash`, { method: 'POST', body: {} });
    expect(trash.status).toBe(409);
    const row = await server.db.kysely.selectFrom('documents').select('status').where('id', '=', G).executeTakeFirstOrThrow();
    expect(row.status).toBe('publish');
    expect((await visit('/plums-a')).html).toContain('Plums $1');

    // Unlink on page B: the editor swaps the reference for a copy of the widget and publishes.
    const local = unlinkGlobalWidget([globalReference('pbr', G)], 'pbr', deal('Plums $1'));
    expect(local[0]).toMatchObject({ id: 'pbr', widgetType: 'heading', settings: { title: 'Plums $1' } });
    expect((await publishTree(ed, b.id, local)).status).toBe(200);
    expect((await publishTree(ed, G, [deal('Plums $2')])).status).toBe(200);
    expect((await visit('/plums-a')).html).toContain('Plums $2');
    const pageB = (await visit('/plums-b')).html;
    expect(pageB).toContain('Plums $1');
    expect(pageB).not.toContain('Plums $2');
    expect(pageB).not.toContain(`elementor-global-${G}`);
    const usage = await ed.get<{ used_by: Array<{ title: string }> }>(`${API}/global-widgets/${G}/usage`);
    expect(usage.body.used_by.map((u) => u.title)).toEqual(['Plums A']);

    // A draft that still uses it counts as a use too; once no document does, it can be deleted.
    expect((await publishTree(ed, a.id, [w('pah', 'heading', { title: 'No deal today' })])).status).toBe(200);
    const deleted = await ed.json<{ deleted: number }>(`${API}/global-widgets/${G}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect(deleted.body.deleted).toBe(G);
    expect((await ed.get(`${API}/global-widgets/${G}/usage`)).status).toBe(404);
  });

  it('counts a use in an unpublished draft, and refuses a save naming a global widget that is gone', async () => {
    const ed = await signedInAs(server.url, 'editor');
    const G = (
      await ed.json<GlobalWidget>(`${API}/global-widgets`, { method: 'POST', body: { title: 'Pear deal', element: deal('Pears') } })
    ).body.id;
    const page = await newPage(ed, 'Pears page', 'pears-page', [w('pph', 'heading', { title: 'Pears' })]);
    const draft = await ed.json(`${API}/documents/${page.id}/draft`, {
      method: 'PUT',
      body: { tree: [globalReference('ppr', G)], base_version: page.version },
    });
    expect(draft.status).toBe(200);
    const refused = await ed.json<Problem>(`${API}/global-widgets/${G}`, { method: 'DELETE' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('"Pears page"');

    const missing = await publishTree(ed, page.id, [globalReference('ppx', 999_999)]);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Global widget 999999 does not exist (it was deleted): unlink or remove element ppx.');
    expect(missing.body.data.params).toMatchObject({ element: 'ppx', setting: 'global_id' });
  });

  it('renders a page whose global widget was removed behind its back without it, never a broken page', async () => {
    const ed = await signedInAs(server.url, 'editor');
    const G = (await ed.json<GlobalWidget>(`${API}/global-widgets`, { method: 'POST', body: { title: 'Fig deal', element: deal('Figs') } }))
      .body.id;
    await newPage(ed, 'Figs page', 'figs-page', [w('fph', 'heading', { title: 'Fresh figs' }), globalReference('fpr', G)]);
    // As a restored old revision or a direct database write would leave it.
    await server.db.kysely.updateTable('documents').set({ status: 'trash' }).where('id', '=', G).execute();
    const page = await visit('/figs-page');
    expect(page.status).toBe(200);
    expect(page.html).toContain('Fresh figs');
    expect(page.html).not.toContain('data-id="fpr"');
  });

  it('accepts only a single widget as a global widget, and one widget in its document', async () => {
    const ed = await signedInAs(server.url, 'editor');
    const container = await ed.json<Problem>(`${API}/global-widgets`, {
      method: 'POST',
      body: { title: 'Box', element: box('bx1', [w('bxh', 'heading', { title: 'x' })]) },
    });
    expect(container.status).toBe(400);
    expect(container.body.data.params?.element).toBe('Only a widget can be a global widget, not a container.');
    const nested = await ed.json<Problem>(`${API}/global-widgets`, {
      method: 'POST',
      body: { title: 'Ref', element: globalReference('rr1', 1) },
    });
    expect(nested.status).toBe(400);
    const noName = await ed.json<Problem>(`${API}/global-widgets`, { method: 'POST', body: { title: ' ', element: deal('x') } });
    expect(noName.status).toBe(400);
    expect(noName.body.data.params?.title).toBe('Enter a name for the global widget.');

    const G = (
      await ed.json<GlobalWidget>(`${API}/global-widgets`, { method: 'POST', body: { title: 'Kiwi deal', element: deal('Kiwis') } })
    ).body.id;
    const two = await publishTree(ed, G, [deal('Kiwis'), w('kw2', 'heading', { title: 'More' })]);
    expect(two.status).toBe(400);
    expect(two.body.message).toBe('A global widget holds exactly one widget.');
    // A contributor submits for review: a global widget changes pages at once, so the role may not save or delete one.
    const contributor = await signedInAs(server.url, 'contributor');
    const refused = await contributor.json<Problem>(`${API}/global-widgets`, { method: 'POST', body: { title: 'x', element: deal('x') } });
    expect(refused.status).toBe(403);
    expect((await contributor.json(`${API}/global-widgets/${G}`, { method: 'DELETE' })).status).toBe(403);
    expect((await contributor.json(`${API}/documents/${G}/publish`, { method: 'POST', body: { tree: [deal('y')] } })).status).toBe(403);
    const customer = await signedInAs(server.url, 'casey');
    expect((await customer.json(`${API}/global-widgets`, { method: 'POST', body: { title: 'x', element: deal('x') } })).status).toBe(403);
  });
});

describe('per-element custom CSS', () => {
  const heading = (css: string) => w('cssh1', 'heading', { title: 'Styled', custom_css: css });

  it('is scoped to the element with the selector keyword and rendered on the server', async () => {
    const ed = await signedInAs(server.url, 'editor');
    await newPage(ed, 'CSS page', 'css-page', [heading('selector .elementor-heading-title { letter-spacing: 2px }')]);
    const { html } = await visit('/css-page');
    expect(html).toContain('.elementor-element.elementor-element-cssh1 .elementor-heading-title{letter-spacing:2px}');
  });

  it('renders nothing for refused CSS that reached the database some other way', async () => {
    const ed = await signedInAs(server.url, 'editor');
    const page = await newPage(ed, 'Stored CSS', 'stored-css', [heading('selector { color: green }')]);
    const poisoned = [
      heading('selector { color: red } </style><script>alert(1)</script>'),
      w('cssh2', 'heading', { custom_css: 'body { display: none }' }),
    ];
    await server.db.kysely
      .updateTable('documents')
      .set({ tree: JSON.stringify(poisoned) })
      .where('id', '=', page.id)
      .execute();
    const { html, status } = await visit('/stored-css');
    expect(status).toBe(200);
    expect(html).toContain('Styled');
    expect(html).not.toContain('alert(1)');
    // The page's own site stylesheet is inlined (server/render/page-css.ts); the element's refused CSS is not.
    const own = html.replace(/<style id="site-css">[\s\S]*?<\/style>/, '');
    expect(own).not.toContain('display:none}');
    expect(own).not.toMatch(/\.elementor-element-cssh1\{color:red/);
  });

  const bad: Array<[string, string, RegExp]> = [
    ['does not parse', 'selector .title { color red }', /does not parse/],
    ['an unclosed block', 'selector .title { color: red', /a "\{" is never closed/],
    ['</style>', 'selector { color: red } </style><script>alert(1)</script>', /must not contain <\/style>/],
    ['@import', '@import url(https://evil.example/x.css); selector { color: red }', /must not use @import/],
    ['url(javascript:…)', 'selector { background: url("javascript:alert(1)") }', /must not load javascript: URLs/],
    ['expression(', 'selector { width: expression(alert(1)) }', /must not use expression\(\)/],
    ['a selector outside the element', 'body { display: none }', /must scope every selector to the element/],
    ['the element’s siblings', 'selector ~ div { display: none }', /must stay inside the element/],
  ];
  it.each(bad)('refuses %s with 400 on the custom_css field, writing nothing', async (_name, css, message) => {
    const ed = await signedInAs(server.url, 'editor');
    const page = await newPage(ed, `Bad CSS ${_name}`, `bad-css-${bad.findIndex(([n]) => n === _name)}`, [heading('')]);
    const draft = await ed.json<Problem>(`${API}/documents/${page.id}/draft`, {
      method: 'PUT',
      body: { tree: [heading(css)], base_version: page.version },
    });
    expect(draft.status).toBe(400);
    expect(draft.body.message).toMatch(/^Heading \(cssh1\): setting "custom_css" /);
    expect(draft.body.message).toMatch(message);
    expect(draft.body.data.params).toMatchObject({ element: 'cssh1', setting: 'custom_css' });
    const after = await ed.get<{ version: number; has_draft: boolean }>(`${API}/documents/${page.id}`);
    expect(after.body).toMatchObject({ version: page.version, has_draft: false });
    // Nor through a global widget.
    const global = await ed.json<Problem>(`${API}/global-widgets`, { method: 'POST', body: { title: 'CSS', element: heading(css) } });
    expect(global.status).toBe(400);
    expect(global.body.data.params?.element).toMatch(message);
  });
});
