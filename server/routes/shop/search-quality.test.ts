import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, startTestServer, type TestServer, visitorAt } from '../../testing/harness';
import type { ProductPage } from '../../../core/shop/api-types';

// Search quality on the seeded catalogue (docs/search.md): what a shopper types → a product expected among the
// first three results, written from the catalogue's product kinds (typos, plurals, synonyms, brands, several
// words, "gluten free" both ways, accents); and precision for the staples, whose first ten results must all be
// of a related product kind. Runs on SQLite and PostgreSQL alike.

let server: TestServer;
let c: Client;
beforeAll(async () => {
  server = await startTestServer();
  c = await visitorAt(server.url);
});
afterAll(async () => server.close());

const results = async (q: string, extra = '') => {
  const r = await c.json<ProductPage>(`/api/shop/v1/products?q=${encodeURIComponent(q)}${extra}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.items;
};

// [query, the expected product's name, catalogue (grocery unless named), must it be first?]
const CASES: Array<[string, RegExp, string?, 'first'?]> = [
  // Typos
  ['bananna', /^Bananas$/],
  ['choclate', /Chocolate/],
  ['mozarella', /Mozzarella$/],
  ['spagetti', /Spaghetti$/],
  ['avacado', /Hass Avocados$/],
  ['baguete', /French Baguette$/],
  ['strawbery', /Strawberries$/],
  ['blueberies', /Blueberries$/],
  // Plurals and singulars
  ['banana', /^Bananas$/],
  ['egg', /Eggs$/],
  ['strawberry', /Strawberries$/],
  ['tomato', /Tomatoes$/],
  ['potato', /Potatoes$/],
  ['cookie', /Cookies$/],
  ['bagel', /Everything Bagels$/],
  ['cherry tomato', /Cherry Tomatoes$/],
  // Synonyms and grocery vocabulary
  ['toilet paper', /Bath Tissue$/, 'grocery', 'first'],
  ['coke', /Cola$/, 'grocery', 'first'],
  ['tp', /Bath Tissue$/],
  ['oj', /Orange Juice$/],
  ['pb', /Peanut Butter$/],
  ['evoo', /Extra Virgin Olive Oil$/],
  ['garbanzo beans', /Chickpeas$/],
  ['coriander', /Cilantro$/],
  ['prawns', /Shrimp 16\/20$/],
  ['yoghurt', /Yogurt/],
  ['seltzer', /Sparkling Water Lime$/],
  ['hamburger meat', /Ground Beef 85\/15$/],
  ['dish detergent', /Dish Soap$/],
  // Brand names
  ['green acre', /^Green Acre /],
  ['old mill', /^Old Mill /],
  ['harvest lane bananas', /^Bananas$/],
  // Several words
  ['organic bananas', /^Organic Bananas$/, 'grocery', 'first'],
  ['chicken breast', /Chicken Breasts$/],
  ['vanilla ice cream', /Vanilla Bean Ice Cream$/],
  ['chicken noodle soup', /Chicken Noodle Soup$/],
  ['peanut butter', /Peanut Butter$/],
  ['dry dog food', /Dry Dog Food$/],
  ['whole milk', /Whole Milk$/, 'grocery', 'first'],
  ['honeycrisp', /^Honeycrisp Apples$/],
  // "gluten free" every way it is typed
  ['glutenfree bread', /^Gluten-Free Sandwich Bread$/],
  ['gluten free bread', /^Gluten-Free Sandwich Bread$/],
  ['gluten-free bread', /^Gluten-Free Sandwich Bread$/],
  // Accents, both ways
  ['rosé', /Rosé/, 'wine'],
  ['rose', /Rosé/, 'wine'],
  ['cremant', /^Crémant de Loire Brut$/, 'wine'],
  ['crudite', /Crudité Platter/, 'catering'],
  ['mozzarélla', /Mozzarella$/],
];

describe('search quality', () => {
  it(`has at least 40 cases (${CASES.length})`, () => expect(CASES.length).toBeGreaterThanOrEqual(40));

  it.each(CASES)('"%s" finds %s in the first 3', async (q, expected, catalog = 'grocery', first) => {
    const names = (await results(q, `&catalog=${catalog}`)).map((p) => p.name);
    const top = first ? names.slice(0, 1) : names.slice(0, 3);
    expect(
      top.some((n) => expected.test(n)),
      `${q} → ${names.slice(0, 5).join(', ')}`,
    ).toBe(true);
  });

  it('"coke" never answers cake, "toilet paper" puts both Bath Tissues before Paper Towels', async () => {
    expect((await results('coke')).map((p) => p.name).filter((n) => /cake/i.test(n))).toEqual([]);
    const names = (await results('toilet paper')).map((p) => p.name);
    expect(
      names.slice(0, 2).every((n) => /Bath Tissue$/.test(n)),
      names.join(', '),
    ).toBe(true);
  });

  // Related kinds of each staple: the aisles that hold it, and the head nouns that name it.
  const departmentOf = new Map<number, string>();
  const related: Record<string, { aisles: string[]; heads: RegExp }> = {
    milk: { aisles: ['Milk', 'Butter & Cream'], heads: /(Milk|Cream|Half & Half|Kefir)$/ },
    eggs: { aisles: ['Eggs'], heads: /(Eggs|Egg Whites)$/ },
    bread: { aisles: ['Bread'], heads: /(Bread|Loaf|Baguette|Buns|Rolls)$/ },
    bananas: { aisles: [], heads: /Bananas$/ },
    chicken: { aisles: ['Chicken', 'Rotisserie'], heads: /(Chicken|Chicken Breasts|Chicken Thighs)$/ },
  };

  it.each(Object.keys(related))('precision: every one of the first 10 results for "%s" is of a related kind', async (q) => {
    if (!departmentOf.size)
      for (const d of await server.db.kysely.selectFrom('departments').select(['id', 'title']).execute()) departmentOf.set(d.id, d.title);
    const items = (await results(q, '&per_page=10')).slice(0, 10);
    expect(items.length).toBeGreaterThan(0);
    const { aisles, heads } = related[q];
    const unrelated = items.filter((p) => !aisles.includes(departmentOf.get(p.department_id) ?? '') && !heads.test(p.name));
    expect(unrelated.map((p) => p.name)).toEqual([]);
  });

  it('"milk" never answers Old Mill Toothpaste, however far down', async () => {
    const all = await c.json<ProductPage>('/api/shop/v1/products?q=milk&per_page=60');
    expect(all.body.items.map((p) => p.name).filter((n) => /Old Mill/.test(n) && !/milk/i.test(n))).toEqual([]);
  });
});
