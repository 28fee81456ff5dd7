import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, signedInAs, startTestServer, type TestServer } from '../../testing/harness';

const PATH = '/wp-json/elementor-pro/v1/refresh-loop';
const RECIPES_PAGE = 72;
const GRID = 'c72021';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const itemIds = (html: string): number[] =>
  [...html.matchAll(/e-loop-item e-loop-item-(\d+)/g)].map((m) => Number(m[1])).sort((a, b) => a - b);
const totalOf = (html: string): number => Number(/class="e-loop-count"[^>]*>(\d+) /.exec(html)?.[1] ?? NaN);

/** Recipe ids tagged with a term, straight from the database. */
async function tagged(taxonomy: string, slug: string): Promise<Set<number>> {
  const rows = await server.db.kysely
    .selectFrom('recipe_terms')
    .innerJoin('terms', 'terms.id', 'recipe_terms.term_id')
    .select('recipe_terms.recipe_id')
    .where('terms.taxonomy', '=', taxonomy)
    .where('terms.slug', '=', slug)
    .execute();
  return new Set(rows.map((r) => r.recipe_id));
}
const allRecipes = async (): Promise<Set<number>> =>
  new Set((await server.db.kysely.selectFrom('recipes').select('id').execute()).map((r) => r.id));
const sorted = (s: Set<number>): number[] => [...s].sort((a, b) => a - b);

async function refresh(body: unknown, init: { nonce?: boolean; client?: Client } = {}) {
  const c = init.client ?? new Client(server.url);
  return c.json<{ data?: string; code?: string; message?: string }>(PATH, { method: 'POST', body, nonce: init.nonce });
}

const payload = (widget_filters: unknown, extra: Record<string, unknown> = {}) => ({
  post_id: RECIPES_PAGE,
  widget_id: GRID,
  widget_filters,
  pagination_base_url: 'http://127.0.0.1/recipes',
  ...extra,
});

describe('POST /wp-json/elementor-pro/v1/refresh-loop', () => {
  it('answers {data: markup} with only the matching recipes (AND), without a nonce', async () => {
    const dinner = await tagged('course', 'dinner');
    const glutenFree = await tagged('diet', 'gluten-free');
    const expected = sorted(new Set([...dinner].filter((id) => glutenFree.has(id))));
    const r = await refresh(
      payload({ taxonomy: { course: { terms: ['dinner'], logicalJoin: 'AND' }, diet: { terms: ['gluten-free'], logicalJoin: 'AND' } } }),
      { nonce: false },
    );
    expect(r.status).toBe(200);
    expect(typeof r.body.data).toBe('string');
    expect(totalOf(r.body.data!)).toBe(expected.length);
    const shown = itemIds(r.body.data!);
    expect(shown.length).toBe(Math.min(12, expected.length));
    for (const id of shown) expect(expected).toContain(id);
    expect(r.body.data).toContain('href="/recipes/');
  });

  it('OR is IN and NOT is NOT IN', async () => {
    const italian = await tagged('cuisine', 'italian');
    const mexican = await tagged('cuisine', 'mexican');
    const vegan = await tagged('diet', 'vegan');
    const either = new Set([...italian, ...mexican]);
    const r = await refresh(payload({ taxonomy: { cuisine: { terms: ['italian', 'mexican'], logicalJoin: 'IN' } } }));
    expect(totalOf(r.body.data!)).toBe(either.size);
    for (const id of itemIds(r.body.data!)) expect(either.has(id)).toBe(true);

    const notVegan = sorted(new Set([...(await allRecipes())].filter((id) => !vegan.has(id))));
    const n = await refresh(payload({ taxonomy: { diet: { terms: ['vegan'], logicalJoin: 'NOT IN' } } }));
    expect(totalOf(n.body.data!)).toBe(notVegan.length);
    for (const id of itemIds(n.body.data!)) expect(notVegan).toContain(id);
  });

  it('no filters (also sent as []) show every recipe; an unknown term under AND shows none', async () => {
    const all = await allRecipes();
    expect(totalOf((await refresh(payload([]))).body.data!)).toBe(all.size);
    expect(totalOf((await refresh(payload({}))).body.data!)).toBe(all.size);
    const none = await refresh(payload({ taxonomy: { course: { terms: ['brunch'], logicalJoin: 'AND' } } }));
    expect(none.status).toBe(200);
    expect(none.body.data).toContain('No recipes match these filters.');
  });

  it('pages link with the widget page parameter and the filters, on the pagination base path', async () => {
    const r = await refresh(payload({}));
    expect(r.body.data).toContain(`href="/recipes?e-page-${GRID}=2"`);
    const f = await refresh(payload({ taxonomy: { course: { terms: ['dinner'], logicalJoin: 'AND' } } }));
    expect(f.body.data).toContain(`href="/recipes?e-filter-${GRID}-course=dinner&amp;e-page-${GRID}=2"`);
    // The base URL's own page parameter picks the page; its other parameters stay in the links; only its path is used.
    const p2 = await refresh(payload({}, { pagination_base_url: `https://evil.test/recipes?s=x&e-page-${GRID}=2` }));
    expect(p2.body.data).toMatch(/aria-current="page">2</);
    expect(p2.body.data).toContain(`href="/recipes?s=x&amp;e-page-${GRID}=3"`);
    expect(p2.body.data).not.toContain('evil.test');
  });

  it('filters products by department (a department covers its sub-departments)', async () => {
    const k = server.db.kysely;
    const produce = await k.selectFrom('departments').select('id').where('slug', '=', 'produce').executeTakeFirstOrThrow();
    const children = (await k.selectFrom('departments').select('id').where('parent_id', '=', produce.id).execute()).map((d) => d.id);
    const products = await k
      .selectFrom('products')
      .select('id')
      .where('department_id', 'in', [produce.id, ...children])
      .execute();
    const r = await refresh({
      post_id: 73,
      widget_id: 'c73021',
      widget_filters: { taxonomy: { department: { terms: ['produce'], logicalJoin: 'IN' } } },
      pagination_base_url: '/products',
    });
    expect(r.status).toBe(200);
    expect(totalOf(r.body.data!)).toBe(products.length);
    const ids = new Set(products.map((p) => p.id));
    for (const id of itemIds(r.body.data!)) expect(ids.has(id)).toBe(true);
  });

  it.each([
    ['an unknown post', { ...payload({}), post_id: 99999 }, /Unknown post_id 99999/],
    ['an unknown widget', { ...payload({}), widget_id: 'ffffff' }, /Unknown widget_id "ffffff"/],
    ['a widget that is not a loop grid', { ...payload({}), widget_id: 'c72011' }, /Unknown widget_id "c72011"/],
    ['a bad widget id', { ...payload({}), widget_id: '<x>' }, /widget_id/],
    [
      'a taxonomy the grid does not have',
      payload({ taxonomy: { department: { terms: ['produce'], logicalJoin: 'AND' } } }),
      /Unknown taxonomy "department"/,
    ],
    ['a bad operator', payload({ taxonomy: { course: { terms: ['dinner'], logicalJoin: 'OR' } } }), /logicalJoin/],
    ['an unknown filter type', payload({ meta: { course: { terms: ['dinner'], logicalJoin: 'AND' } } }), /Unknown filter type "meta"/],
    ['terms that are not slugs', payload({ taxonomy: { course: { terms: ['<b>'], logicalJoin: 'AND' } } }), /terms/],
    ['terms that are not a list', payload({ taxonomy: { course: { terms: 'dinner', logicalJoin: 'AND' } } }), /terms/],
    ['a missing post_id', { widget_id: GRID, widget_filters: {} }, /post_id/],
    ['is_edit_mode that is not a boolean', payload({}, { is_edit_mode: 'yes' }), /is_edit_mode/],
  ])('answers 400 with a clear message for %s', async (_name, body, message) => {
    const r = await refresh(body);
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(message);
    expect(r.body.data).toMatchObject({ status: 400 });
  });

  it('answers 400 for malformed JSON', async () => {
    const r = await new Client(server.url).json(PATH, { method: 'POST', body: '{"post_id": ' });
    expect(r.status).toBe(400);
  });

  it('edit mode: 403 without a nonce, with a bad nonce, or for a customer; an editor previews widget_model', async () => {
    const anon = await refresh(payload({}, { is_edit_mode: true, widget_model: { settings: { posts_per_page: 2 } } }), { nonce: false });
    expect(anon.status).toBe(403);
    const bad = await new Client(server.url).json(PATH, {
      method: 'POST',
      body: payload({}, { is_edit_mode: true }),
      headers: { 'x-wp-nonce': 'nope' },
    });
    expect(bad.status).toBe(403);
    const customer = await signedInAs(server.url, 'casey');
    expect((await refresh(payload({}, { is_edit_mode: true }), { client: customer })).status).toBe(403);
    // A signed-in editor without the nonce header is still refused.
    const editor = await signedInAs(server.url, 'editor');
    expect((await refresh(payload({}, { is_edit_mode: true }), { client: editor, nonce: false })).status).toBe(403);
    const ok = await refresh(payload({}, { is_edit_mode: true, widget_model: { settings: { posts_per_page: 2 } } }), { client: editor });
    expect(ok.status).toBe(200);
    expect(itemIds(ok.body.data!)).toHaveLength(2);
  });
});

describe('the recipes page reads the filters from the address (no JavaScript needed)', () => {
  it('renders only the matching recipes, marks the selected terms and keeps links to the detail pages', async () => {
    const dessert = await tagged('course', 'dessert');
    const c = new Client(server.url);
    const { status, html } = await c.page(`/recipes?e-filter-${GRID}-course=dessert`);
    expect(status).toBe(200);
    expect(totalOf(html)).toBe(dessert.size);
    for (const id of itemIds(html)) expect(dessert.has(id)).toBe(true);
    expect(html).toMatch(/data-filter="dessert" href="\/recipes" aria-current="true"/);
    expect(html).toContain(`data-filter="dinner" href="/recipes?e-filter-${GRID}-course=dinner"`);
  });

  it('OR terms with ~, NOT with !, hyphenated slugs, and the widget page parameter', async () => {
    const c = new Client(server.url);
    const vegan = await tagged('diet', 'vegan');
    const glutenFree = await tagged('diet', 'gluten-free');
    const { html } = await c.page(`/recipes?e-filter-${GRID}-diet=vegan~gluten-free`);
    expect(totalOf(html)).toBe(new Set([...vegan, ...glutenFree]).size);
    const not = await c.page(`/recipes?e-filter-${GRID}-diet=!vegan`);
    for (const id of itemIds(not.html)) expect(vegan.has(id)).toBe(false);
    const all = (await allRecipes()).size;
    const page2 = await c.page(`/recipes?e-page-${GRID}=2`);
    expect(itemIds(page2.html).length).toBe(Math.min(12, all - 12));
    expect(page2.html).toMatch(/aria-current="page">2</);
  });

  it('the products page lists departments with counts', async () => {
    const { status, html } = await new Client(server.url).page('/products');
    expect(status).toBe(200);
    expect(html).toMatch(/data-filter="produce"[^>]*>Produce<span class="e-filter-count"> \(\d+\)<\/span>/);
  });
});
