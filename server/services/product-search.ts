import MiniSearch from 'minisearch';
import type { Kysely } from 'kysely';
import type { Catalog } from '../../core/shop/catalog';
import { ATTRIBUTE_LABELS, isProductAttribute } from '../../core/shop/product-attributes';
import type { Database } from '../db/schema';
import { parseJson } from './users';

// Search that forgives: an in-memory MiniSearch index of each catalogue (names, brands, departments and
// attributes) with typo tolerance (edit distance up to 2 by word length) and prefix matching for suggestions.
// Why MiniSearch rather than FTS5 trigrams + pg_trgm: one implementation gives the same results on SQLite and
// PostgreSQL, handles real typos ("bananna", "choclate") that trigrams miss on short words, and answers from
// memory in well under a millisecond. The catalogue is reference data: each process rebuilds its index from the
// database every INDEX_TTL_MS, so servers stay stateless.

export const INDEX_TTL_MS = 60_000;

/** The longest search a shopper may send; longer is refused (400) rather than cut. */
export const SEARCH_MAX_CHARS = 200;

interface Doc {
  id: number;
  /** Shown, not indexed. */
  label: string;
  name: string;
  brand: string;
  department: string;
  attributes: string;
}

const OPTIONS = {
  fields: ['name', 'brand', 'department', 'attributes'],
  storeFields: ['label'],
  searchOptions: {
    boost: { name: 3, attributes: 1.5 },
    fuzzy: (term: string) => (term.length <= 3 ? 0 : term.length <= 5 ? 1 : 2),
    // Only the word being typed is a prefix; the others are whole words.
    prefix: (term: string, i: number, terms: string[]) => i === terms.length - 1 && term.length >= 2,
    // Every word must match (narrow, fast); searchIds falls back to any word when that finds nothing.
    combineWith: 'AND' as const,
  },
};

type Index = MiniSearch<Doc>;
const cache = new WeakMap<Kysely<Database>, Map<Catalog, { builtAt: number; index: Promise<Index>; refreshing?: boolean }>>();

/** Attribute words as shoppers type them: "gluten free", "gluten-free" and "glutenfree" all match. */
const attributeWords = (keys: unknown[]): string =>
  keys
    .filter(isProductAttribute)
    .map((k) => `${ATTRIBUTE_LABELS[k]} ${ATTRIBUTE_LABELS[k].replace(/\s+/g, '')}`)
    .join(' ');

async function build(db: Kysely<Database>, catalog: Catalog): Promise<Index> {
  const rows = await db
    .selectFrom('products')
    .innerJoin('departments as d', 'd.id', 'products.department_id')
    .leftJoin('departments as p', 'p.id', 'd.parent_id')
    .select(['products.id', 'products.name', 'products.brand', 'products.attributes', 'd.title as dept', 'p.title as parent'])
    .where('products.catalog', '=', catalog)
    .execute();
  const index = new MiniSearch<Doc>(OPTIONS);
  index.addAll(
    rows.map((r) => ({
      id: r.id,
      // Hyphenated names are also indexed joined ("Gluten-Free" → "glutenfree").
      label: r.name,
      name: r.name.includes('-') ? `${r.name} ${r.name.replace(/(\w)-(\w)/g, '$1$2')}` : r.name,
      brand: r.brand,
      department: [r.dept, r.parent].filter(Boolean).join(' '),
      attributes: attributeWords(parseJson<unknown[]>(r.attributes, [])),
    })),
  );
  return index;
}

async function indexFor(db: Kysely<Database>, catalog: Catalog): Promise<Index> {
  let byCatalog = cache.get(db);
  if (!byCatalog) cache.set(db, (byCatalog = new Map()));
  const hit = byCatalog.get(catalog);
  if (hit) {
    // A stale index keeps answering while its successor is built, so no shopper waits for a rebuild.
    if (Date.now() - hit.builtAt >= INDEX_TTL_MS && !hit.refreshing) {
      hit.refreshing = true;
      build(db, catalog).then(
        (index) => byCatalog.set(catalog, { builtAt: Date.now(), index: Promise.resolve(index) }),
        () => (hit.refreshing = false),
      );
    }
    return hit.index;
  }
  const entry = { builtAt: Date.now(), index: build(db, catalog) };
  byCatalog.set(catalog, entry);
  entry.index.catch(() => byCatalog.delete(catalog));
  return entry.index;
}

/** Whether the query has words to search (else the caller matches it literally). */
export const hasWords = (q: string): boolean => /[\p{L}\p{N}]/u.test(q);

/** Product ids of the catalogue matching the query, best first. */
export async function searchProductIds(db: Kysely<Database>, catalog: Catalog, q: string, limit = 500): Promise<number[]> {
  const index = await indexFor(db, catalog);
  let results = index.search(q);
  if (results.length === 0) results = index.search(q, { combineWith: 'OR' });
  return results.slice(0, limit).map((r) => r.id as number);
}

/** Suggestions as the shopper types: the best few product names. */
export async function suggestProducts(
  db: Kysely<Database>,
  catalog: Catalog,
  q: string,
  limit = 8,
): Promise<Array<{ id: number; name: string }>> {
  const index = await indexFor(db, catalog);
  return index
    .search(q)
    .slice(0, limit)
    .map((r) => ({ id: r.id as number, name: String(r.label) }));
}
