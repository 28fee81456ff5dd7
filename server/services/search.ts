import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Product } from '../../core/shop/api-types';
import { likePattern, listProducts } from './products';
import { findProducts, hasWords } from './product-search';
import { publishedPagesQuery } from './documents/repository';

// Site search (query parameter s): published pages, recipes and products, with counts. Products are the grocery
// shelf of the shopper's store, found by the shop's own forgiving search and priced as that store charges them.

export const SEARCH_LIMIT = 24;

export interface SearchResults {
  query: string;
  pages: { count: number; items: Array<{ title: string; url: string }> };
  recipes: { count: number; items: Array<{ title: string; url: string; summary: string }> };
  products: { count: number; storeId: number; items: Product[] };
}

const like = (column: string, pattern: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '!'`;

/** The store's products matching the query, best first (a query of symbols only is matched literally). */
async function searchShelf(db: Kysely<Database>, query: string, storeId: number) {
  const words = hasWords(query);
  const found = words ? await findProducts(db, 'grocery', query) : undefined;
  return listProducts(db, {
    storeId,
    catalog: 'grocery',
    ids: found?.ids,
    attributes: found?.attributes,
    q: words ? undefined : query,
    sort: found?.ids ? 'relevance' : 'name',
    page: 1,
    perPage: SEARCH_LIMIT,
    // Nothing of the visitor's own: the page is shared by every visitor of the store (page cache).
    userId: null,
  });
}

/** `storeId`: the grocery store whose shelf and prices the product results show. */
export async function search(db: Kysely<Database>, query: string, storeId: number): Promise<SearchResults> {
  const pattern = likePattern(query);
  const pagesQ = publishedPagesQuery(db).where(like('documents.title', pattern));
  const recipesQ = db.selectFrom('recipes').where((eb) => eb.or([like('recipes.title', pattern), like('recipes.summary', pattern)]));
  const [pageCount, recipeCount, pages, recipes, products] = await Promise.all([
    pagesQ.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    recipesQ.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    pagesQ.select(['title', 'slug']).orderBy('title').limit(SEARCH_LIMIT).execute(),
    recipesQ.select(['title', 'slug', 'summary']).orderBy('title').limit(SEARCH_LIMIT).execute(),
    searchShelf(db, query, storeId),
  ]);
  return {
    query,
    pages: { count: Number(pageCount.n), items: pages.map((p) => ({ title: p.title, url: p.slug === 'home' ? '/' : `/${p.slug}` })) },
    recipes: {
      count: Number(recipeCount.n),
      items: recipes.map((r) => ({ title: r.title, summary: r.summary, url: `/recipes/${r.slug}` })),
    },
    products: { count: products.total, storeId, items: products.items },
  };
}
