import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/harness';
import { recipeSource } from './recipes';
import type { TaxonomyFilters } from './types';

// The recipe query against a brute-force answer, on enough recipes that both page strategies run
// (walking the title index for common matches, sorting the ids of rare ones).
let server: TestServer;
const tags = new Map<number, Set<string>>();

beforeAll(async () => {
  server = await startTestServer();
  const k = server.db.kysely;
  const terms = await k.selectFrom('terms').select(['id', 'taxonomy', 'slug']).execute();
  let state = 7;
  const rand = (n: number) => ((state = (state * 48271) % 2147483647), state % n);
  const rows = [];
  const links = [];
  for (let i = 0; i < 1500; i++) {
    const id = 50_000 + i;
    rows.push({
      id,
      slug: `gen-${i}`,
      title: `Gen ${String(rand(100000)).padStart(5, '0')}`,
      summary: '',
      minutes: 10,
      serves: 2,
      ingredients: '[]',
      steps: '[]',
      hue: 0,
    });
    const picked = new Set<number>();
    for (let n = 1 + rand(4); n > 0; n--) picked.add(terms[rand(terms.length)].id);
    for (const term_id of picked) links.push({ recipe_id: id, term_id });
  }
  for (let i = 0; i < rows.length; i += 200)
    await k
      .insertInto('recipes')
      .values(rows.slice(i, i + 200))
      .execute();
  for (let i = 0; i < links.length; i += 400)
    await k
      .insertInto('recipe_terms')
      .values(links.slice(i, i + 400))
      .execute();
  const all = await k
    .selectFrom('recipe_terms')
    .innerJoin('terms', 'terms.id', 'recipe_terms.term_id')
    .select(['recipe_id', 'taxonomy', 'slug'])
    .execute();
  for (const r of await k.selectFrom('recipes').select('id').execute()) tags.set(r.id, new Set());
  for (const r of all) tags.get(r.recipe_id)!.add(`${r.taxonomy}:${r.slug}`);
});
afterAll(async () => server.close());

function brute(filters: TaxonomyFilters): number[] {
  return [...tags.entries()]
    .filter(([, t]) =>
      Object.entries(filters).every(([tax, c]) =>
        c.logicalJoin === 'AND'
          ? c.terms.every((s) => t.has(`${tax}:${s}`))
          : c.logicalJoin === 'IN'
            ? c.terms.some((s) => t.has(`${tax}:${s}`))
            : !c.terms.some((s) => t.has(`${tax}:${s}`)),
      ),
    )
    .map(([id]) => id)
    .sort((a, b) => a - b);
}

async function everyPage(filters: TaxonomyFilters): Promise<{ ids: number[]; total: number }> {
  const ids: number[] = [];
  let total = 0;
  for (let page = 1; page < 400; page++) {
    const r = await recipeSource.query(server.db.kysely, filters, page, 48);
    total = r.total;
    ids.push(...r.items.map((i) => i.id));
    if (r.items.length < 48) break;
  }
  return { ids: ids.sort((a, b) => a - b), total };
}

describe('recipe loop query', () => {
  it.each<[string, TaxonomyFilters]>([
    ['nothing', {}],
    ['AND one term (common)', { course: { terms: ['dinner'], logicalJoin: 'AND' } }],
    [
      'AND two taxonomies (rare)',
      {
        course: { terms: ['dessert'], logicalJoin: 'AND' },
        cuisine: { terms: ['indian'], logicalJoin: 'AND' },
        diet: { terms: ['vegan'], logicalJoin: 'AND' },
      },
    ],
    ['AND two terms of one taxonomy', { diet: { terms: ['vegan', 'gluten-free'], logicalJoin: 'AND' } }],
    ['IN', { cuisine: { terms: ['italian', 'mexican', 'asian'], logicalJoin: 'IN' } }],
    ['NOT IN only', { diet: { terms: ['vegan', 'vegetarian'], logicalJoin: 'NOT IN' } }],
    [
      'AND + IN + NOT IN',
      {
        course: { terms: ['lunch'], logicalJoin: 'AND' },
        cuisine: { terms: ['italian', 'indian'], logicalJoin: 'IN' },
        diet: { terms: ['vegan'], logicalJoin: 'NOT IN' },
      },
    ],
    ['unknown term under IN with a known one', { course: { terms: ['brunch', 'snack'], logicalJoin: 'IN' } }],
  ])('%s: every page together is exactly the matching recipes, ordered by title', async (_name, filters) => {
    const expected = brute(filters);
    const got = await everyPage(filters);
    expect(got.total).toBe(expected.length);
    expect(got.ids).toEqual(expected);
  });

  it('an AND on an unknown term or an IN of unknown terms matches nothing', async () => {
    expect((await recipeSource.query(server.db.kysely, { course: { terms: ['brunch'], logicalJoin: 'AND' } }, 1, 12)).total).toBe(0);
    expect((await recipeSource.query(server.db.kysely, { course: { terms: ['brunch'], logicalJoin: 'IN' } }, 1, 12)).total).toBe(0);
  });
});
