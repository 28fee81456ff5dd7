import type { ReactNode } from 'react';
import type { SearchResults } from '../services/search';
import type { SearchProductsProps } from '../../core/wire/islands';
import { renderIsland } from './islands';
const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** The search page (/search?s=): the form, result counts per kind, the results, or an empty state. */
export function SearchPage({ results, query }: { results: SearchResults | null; query: string }) {
  const total = results ? results.pages.count + results.recipes.count + results.products.count : 0;
  return (
    <div className="search-page wrap">
      <h1>{query ? `Search results for “${query}”` : 'Search'}</h1>
      <form role="search" aria-label="Search results" action="/search" method="get" className="search-page__form">
        <label htmlFor="search-page-input">Search pages, recipes and products</label>
        <input id="search-page-input" type="search" name="s" defaultValue={query} maxLength={200} />
        <button type="submit">Search</button>
      </form>
      {!results ? (
        <p className="search-empty">Type what you are looking for: a product, a recipe or a page.</p>
      ) : total === 0 ? (
        <div className="search-empty" data-search-empty="">
          <h2>No results</h2>
          <p>
            Nothing matches “{query}”. Check the spelling, try a shorter word, or browse the <a href="/shop">shop</a> and{' '}
            <a href="/recipes">recipes</a>.
          </p>
        </div>
      ) : (
        <>
          <p className="search-counts" data-search-counts="">
            {plural(results.pages.count, 'page', 'pages')}, {plural(results.recipes.count, 'recipe', 'recipes')},{' '}
            {plural(results.products.count, 'product', 'products')}
          </p>
          <ResultSection kind="pages" title="Pages" count={results.pages.count}>
            <ul>
              {results.pages.items.map((p) => (
                <li key={p.url}>
                  <a href={p.url}>{p.title}</a>
                </li>
              ))}
            </ul>
          </ResultSection>
          <ResultSection kind="recipes" title="Recipes" count={results.recipes.count}>
            <ul>
              {results.recipes.items.map((r) => (
                <li key={r.url}>
                  <a href={r.url}>{r.title}</a> <span className="muted">{r.summary}</span>
                </li>
              ))}
            </ul>
          </ResultSection>
          <ResultSection kind="products" title="Products" count={results.products.count}>
            <SearchProductsIsland storeId={results.products.storeId} products={results.products.items} />
            {results.products.count > results.products.items.length ? (
              <p>
                <a href={`/shop#!/?q=${encodeURIComponent(query)}`}>See all {results.products.count} products in the shop</a>
              </p>
            ) : null}
          </ResultSection>
        </>
      )}
    </div>
  );
}

/** The results of one kind under their heading with the count (data-search-section names the kind); none: nothing. */
function ResultSection({ kind, title, count, children }: { kind: string; title: string; count: number; children: ReactNode }) {
  if (!count) return null;
  return (
    <section aria-labelledby={`search-${kind}`} data-search-section={kind}>
      <h2 id={`search-${kind}`}>
        {title} ({count})
      </h2>
      {children}
    </section>
  );
}

/** The product results as the search-products island: final markup from the server, hydrated for Add to cart. */
function SearchProductsIsland(props: SearchProductsProps) {
  return (
    <div
      data-island="search-products"
      data-props={JSON.stringify(props)}
      dangerouslySetInnerHTML={{ __html: renderIsland('search-products', props) }}
    />
  );
}
