import { sql, type Kysely } from 'kysely';
import { kindByKey } from '../../core/catalogue/product-kinds';
import type { Catalog } from '../../core/shop/catalog';
import { PRODUCT_ATTRIBUTES, type ProductAttribute } from '../../core/shop/product-attributes';
import { headWord, joinedWords, searchWords } from '../../core/shop/search-vocabulary';
import type { Database } from '../db/schema';
import { CompactSearchIndex, type IndexDoc } from './search-index';

// The shop search's documents (server/services/product-search.ts, docs/search.md): what a product's words are, read
// from the catalogue a batch at a time, and the index one catalogue's documents go into.

/** Products read and indexed per step while building: about 10–15 ms of the server's thread on an idle core. */
export const BUILD_BATCH = 500;

/** The kind's name from the catalogue's kinds table ("non-dairy-milk" → Non-Dairy Milk), else its key's words. */
const kindName = (key: string): string => kindByKey.get(key)?.name ?? key.replace(/[-_]/g, ' ');

const FIELDS = ['name', 'head', 'kind', 'brand', 'department', 'parent'] as const;
type Field = (typeof FIELDS)[number];
type Doc = IndexDoc<Field>;
export const bits = (keys: readonly string[]): number =>
  keys.reduce(
    (mask, k) =>
      mask | (PRODUCT_ATTRIBUTES.indexOf(k as ProductAttribute) >= 0 ? 1 << PRODUCT_ATTRIBUTES.indexOf(k as ProductAttribute) : 0),
    0,
  );

// Words are normalised once here (core/shop/search-vocabulary.ts); hyphenated names also count joined. The
// aisle's names are kept with each product, to tell "in the Bread aisle" (kept for "bread") from "in Bananas &
// Tropical".
export const newIndex = () => new CompactSearchIndex<Field>(FIELDS, (text) => [...searchWords(text), ...joinedWords(text)], searchWords);
export type Index = ReturnType<typeof newIndex>;

export class CatalogIndex {
  index = newIndex();
  put(doc: Doc): void {
    if (this.index.has(doc.id)) this.index.replace(doc);
    else this.index.add(doc);
  }
  drop(id: number): void {
    this.index.discard(id);
  }
}

/** One batch of the catalogue after an id (a build), or the rows of the given ids (a refresh's changes). */
export async function loadDocs(db: Kysely<Database>, select: { after: number } | { ids: number[] }) {
  const base = db
    .selectFrom('products')
    .innerJoin('departments as d', 'd.id', 'products.department_id')
    .leftJoin('departments as p', 'p.id', 'd.parent_id')
    .select([
      'products.id',
      'products.name',
      'products.brand',
      'products.kind',
      'products.catalog',
      'products.active',
      'products.updated_at',
      'd.title as dept',
      'p.title as parent',
    ]);
  const rows = await ('ids' in select
    ? base.where('products.id', 'in', select.ids)
    : // The catalogue in batches by id, so a build's rows never all sit in memory at once (RSS stays near the
      // index's own size); once per process (query-plans.test.ts).
      base
        .where('products.id', '>', select.after)
        .where('products.active', '=', 1)
        .orderBy('products.id')
        .limit(BUILD_BATCH)
        .modifyEnd(sql.raw('/* whole catalogue: the search index, built once per process */'))
  ).execute();
  // Attributes from their indexed table, for these products.
  const attrs = new Map<number, string[]>();
  const ids = rows.map((r) => r.id);
  const links = !ids.length
    ? []
    : 'ids' in select
      ? await db.selectFrom('product_attributes').select(['product_id', 'attribute']).where('product_id', 'in', ids).execute()
      : await db
          .selectFrom('product_attributes')
          .select(['product_id', 'attribute'])
          .where('product_id', '>=', ids[0])
          .where('product_id', '<=', ids[ids.length - 1])
          .execute();
  for (const l of links) attrs.set(l.product_id, [...(attrs.get(l.product_id) ?? []), l.attribute]);
  return rows.map((r) => ({
    catalog: r.catalog as Catalog,
    active: r.active === 1,
    updatedAt: Number(r.updated_at),
    doc: {
      id: r.id,
      department: r.dept,
      parent: r.parent ?? '',
      attrs: bits(attrs.get(r.id) ?? []),
      text: {
        name: r.name,
        // Its name's head noun and its kind's: what it is ("Whole Chicken", kind Chicken Parts → chicken, part).
        head: `${headWord(r.name)} ${headWord(kindName(r.kind))}`,
        kind: kindName(r.kind),
        brand: r.brand,
        department: r.dept,
        parent: r.parent ?? '',
      },
    } satisfies Doc,
  }));
}
