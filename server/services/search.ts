import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { likePattern } from './products';
import { publishedPagesQuery } from './documents/repository';

// Site search (query parameter s): published pages, recipes and products, with counts.

export const SEARCH_LIMIT = 24;

export interface SearchResults {
  query: string;
  pages: { count: number; items: Array<{ title: string; url: string }> };
  recipes: { count: number; items: Array<{ title: string; url: string; summary: string }> };
  products: { count: number; items: Array<{ id: number; name: string; size: string; price_cents: number; url: string }> };
}

const like = (column: string, pattern: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '!'`;

export async function search(db: Kysely<Database>, query: string): Promise<SearchResults> {
  const pattern = likePattern(query);
  const pagesQ = publishedPagesQuery(db).where(like('documents.title', pattern));
  const recipesQ = db.selectFrom('recipes').where((eb) => eb.or([like('recipes.title', pattern), like('recipes.summary', pattern)]));
  const productsQ = db.selectFrom('products').where((eb) => eb.or([like('products.name', pattern), like('products.brand', pattern)]));
  const [pageCount, recipeCount, productCount, pages, recipes, products] = await Promise.all([
    pagesQ.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    recipesQ.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    productsQ.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    pagesQ.select(['title', 'slug']).orderBy('title').limit(SEARCH_LIMIT).execute(),
    recipesQ.select(['title', 'slug', 'summary']).orderBy('title').limit(SEARCH_LIMIT).execute(),
    productsQ.select(['id', 'name', 'size', 'price_cents']).orderBy('name').limit(SEARCH_LIMIT).execute(),
  ]);
  return {
    query,
    pages: { count: Number(pageCount.n), items: pages.map((p) => ({ title: p.title, url: p.slug === 'home' ? '/' : `/${p.slug}` })) },
    recipes: {
      count: Number(recipeCount.n),
      items: recipes.map((r) => ({ title: r.title, summary: r.summary, url: `/recipes/${r.slug}` })),
    },
    products: { count: Number(productCount.n), items: products.map((p) => ({ ...p, url: `/shop#!/product/${p.id}` })) },
  };
}
