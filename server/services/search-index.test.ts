import MiniSearch, { type SearchResult } from 'minisearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinedWords, searchWords } from '../../core/shop/search-vocabulary';
import { startTestServer, type TestServer } from '../testing/harness';
import { loadDocs, newIndex } from './product-search';
import type { IndexDoc, IndexSearchOptions } from './search-index';

// The compact index (search-index.ts) must rank exactly as MiniSearch, which the shop's search used before and
// whose ranking the search quality tests were written against: same ids in the same order, same scores, same
// matched terms and fields, on the seeded grocery catalogue, for every word of it, its prefixes and typos, in
// every mode the shop searches in; and again after products changed and were withdrawn.

type Doc = IndexDoc<'name' | 'head' | 'kind' | 'brand' | 'department' | 'parent'>;
const FIELDS = ['name', 'head', 'kind', 'brand', 'department', 'parent'];
const BOOST = { name: 3, head: 2, kind: 3, brand: 1, department: 1.5, parent: 0.3 };
const flat = (d: Doc) => ({ id: d.id, ...d.text, department: d.department, parent: d.parent, attrs: d.attrs });

const miniSearch = () =>
  new MiniSearch<ReturnType<typeof flat>>({
    fields: FIELDS,
    storeFields: ['department', 'parent', 'attrs'],
    tokenize: (text) => [...searchWords(text), ...joinedWords(text)],
    processTerm: (term) => term,
    searchOptions: { tokenize: searchWords, processTerm: (term) => term },
    autoVacuum: false,
  });

let server: TestServer;
let docs: Doc[];
beforeAll(async () => {
  server = await startTestServer();
  docs = [];
  for (let after = 0, rows = await loadDocs(server.db.kysely, { after }); rows.length; rows = await loadDocs(server.db.kysely, { after })) {
    for (const r of rows) if (r.catalog === 'grocery') docs.push(r.doc);
    after = rows[rows.length - 1].doc.id;
  }
});
afterAll(async () => server.close());

/** Every word of the catalogue, the first letters of some, a typo of some, and pairs that occur together. */
function queries(): string[] {
  const words = [...new Set(docs.flatMap((d) => searchWords(`${d.text.name} ${d.text.brand} ${d.department}`)))].sort();
  const out = new Set<string>(words);
  words.forEach((w, i) => {
    if (i % 3 === 0 && w.length > 3) out.add(w.slice(0, 3));
    if (i % 4 === 0 && w.length > 4) out.add(w.slice(0, 1) + w.slice(2)); // a letter left out
    if (i % 5 === 0 && w.length > 5) out.add(`${w.slice(0, 2)}${w[3]}${w[2]}${w.slice(4)}`); // two swapped
  });
  docs.forEach((d, i) => {
    if (i % 7 === 0) out.add(searchWords(d.text.name).slice(0, 2).join(' '));
  });
  return [...out];
}

const fuzzy = (term: string) => (term.length <= 3 ? 0 : term.length <= 5 ? 1 : 2);
const MODES: Array<Omit<IndexSearchOptions, 'boost'>> = [
  { combineWith: 'AND', fuzzy: false, prefix: (_t, i, terms) => i === terms.length - 1 },
  { combineWith: 'AND', fuzzy, prefix: (_t, i, terms) => i === terms.length - 1 },
  { combineWith: 'OR', fuzzy, prefix: () => false },
  // vegan (bit 3 in product-attributes order or not: any bit filters the same way in both)
  { combineWith: 'OR', fuzzy, prefix: () => true, filter: (attrs) => (attrs & 8) === 8 },
];

/** Row by row, value by value, as strict as toEqual on these rows of primitives (Object.is). */
const sameRows = (x: unknown[][], y: unknown[][]): boolean =>
  x.length === y.length && x.every((row, i) => row.length === y[i].length && row.every((v, j) => Object.is(v, y[i][j])));

function compare(a: MiniSearch<ReturnType<typeof flat>>, b: ReturnType<typeof newIndex>, exact: boolean): number {
  let compared = 0;
  for (const q of queries())
    for (const mode of MODES) {
      const expected = a.search(q, {
        boost: BOOST,
        combineWith: mode.combineWith,
        prefix: mode.prefix,
        fuzzy: mode.fuzzy || false,
        filter: mode.filter ? (r: SearchResult) => mode.filter!(Number(r.attrs)) : undefined,
      });
      const got = b.search(q, { boost: BOOST, ...mode });
      // expect() is called where the two could differ, and it reports them: a call for every comparison (about 12,000)
      // cost the file about 1.3 CPU-s in the matcher, not in the search (docs/testing.md).
      if (exact) {
        const mine = got.map((h) => [h.id, h.score.toFixed(9), JSON.stringify(h.match), h.department, h.parent]);
        const theirs = expected.map((r) => [r.id, r.score.toFixed(9), JSON.stringify(r.match), r.department, r.parent]);
        if (!sameRows(mine, theirs)) expect(mine, `${q} ${mode.combineWith} ${mode.fuzzy ? 'fuzzy' : ''}`).toEqual(theirs);
      } else {
        const mine = new Set(got.map((h) => h.id));
        const theirs = new Set(expected.map((r) => r.id));
        if (mine.size !== theirs.size || [...mine].some((id) => !theirs.has(id))) expect(mine, q).toEqual(theirs);
      }
      compared++;
    }
  return compared;
}

describe('the compact search index', () => {
  it('ranks the seeded catalogue exactly as MiniSearch, in every mode the shop searches in', () => {
    const a = miniSearch();
    const b = newIndex();
    for (const d of docs) {
      a.add(flat(d));
      b.add(d);
    }
    b.compact();
    expect(docs.length).toBeGreaterThan(1000);
    expect(b.documentCount).toBe(a.documentCount);
    expect(compare(a, b, true)).toBeGreaterThan(4000);
  });

  it('after products change and are withdrawn: the same products at once, the same ranking once swept', async () => {
    const a = miniSearch();
    const b = newIndex();
    for (const d of docs) {
      a.add(flat(d));
      b.add(d);
    }
    // Renamed (a changed product gets a new slot), then some withdrawn.
    for (const d of docs.filter((_, i) => i % 40 === 0)) {
      const changed: Doc = { ...d, text: { ...d.text, name: `${d.text.name} Family Size` } };
      a.replace(flat(changed));
      b.replace(changed);
    }
    const gone = docs.filter((_, i) => i % 45 === 1);
    for (const d of gone) {
      a.discard(d.id);
      b.discard(d.id);
    }
    expect(b.documentCount).toBe(a.documentCount);
    expect(b.search('family size', { boost: BOOST, ...MODES[0] }).length).toBe(Math.ceil(docs.length / 40));
    for (const d of gone) expect(b.search(d.text.name, { boost: BOOST, ...MODES[2] }).map((h) => h.id)).not.toContain(d.id);
    compare(a, b, false);
    await a.vacuum();
    b.vacuum();
    // The swept index holds its live products only, in their order: slots do not grow with every change.
    expect(b.slotCount).toBe(b.documentCount);
    compare(a, b, true);
  });
});
