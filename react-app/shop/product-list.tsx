import { useState, type FormEvent } from 'react';
import { ATTRIBUTE_LABELS, PRODUCT_ATTRIBUTES, type ProductAttribute } from '../../core/shop/product-attributes';
import { SuggestInput } from './suggest-input';
import { listHash, SORTS, type ListQuery, type Sort } from './hash-route';
import { storeParams } from './client';
import { api, urlOf } from '../../core/api/client';
import * as shop from '../../core/api/shop';
import { ProductCard, type ProductActions } from './product-card';
import { DepartmentsSkeleton, ProductGridSkeleton } from './skeletons';
import { ErrorMessage } from './status';
import type { NavNode, Product, ProductPage } from './types';
import { useLoad } from './use-load';

const SORT_LABELS: Record<Sort, string> = { name: 'Name (A–Z)', price_asc: 'Price: low to high', price_desc: 'Price: high to low' };
export const PER_PAGE = 24;
/** Skeleton cards before any answer: the first screen's worth on a desktop and on a phone. */
const SKELETON_CARDS = 8;

/** The products call's query of a list view, as URL text (also the key its answer is kept under). */
export function productsQuery(query: ListQuery, storeId: number): string {
  const p = new URLSearchParams({ page: String(query.page), per_page: String(PER_PAGE) });
  // A search without a chosen order (the default, name) is ranked by relevance.
  if (!(query.q && query.sort === 'name')) p.set('sort', query.sort);
  if (query.department) p.set('department', String(query.department));
  if (query.q) p.set('q', query.q);
  if (query.favorites) p.set('filter', 'is_favorite');
  if (query.attributes.length) p.set('attributes', query.attributes.join(','));
  return `${p}&${storeParams(storeId)}`;
}

export const productsUrl = (query: ListQuery, storeId: number): string => urlOf(shop.products, {}, productsQuery(query, storeId));

function SubDepartments({
  node,
  link,
  current,
  className,
}: {
  node: NavNode;
  link: (department: number) => string;
  current: number | null;
  className?: string;
}) {
  return (
    <ul className={className}>
      {node.children.map((c) => {
        const id = Number(c.id.replace('dept-', ''));
        return (
          <li key={c.id}>
            <a href={link(id)} aria-current={current === id ? 'page' : undefined}>
              {c.title}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The attribute filters behind a "Filters" disclosure (open while any is on): each checkbox narrows the list at
 * once, and the hash keeps them, so Back undoes one. Closed, it takes no more than the sort's row on a phone.
 */
function AttributeFilters({ chosen, onChange }: { chosen: ProductAttribute[]; onChange: (next: ProductAttribute[]) => void }) {
  const [open, setOpen] = useState(chosen.length > 0);
  return (
    <details className="shop-filters" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Filters{chosen.length ? ` (${chosen.length})` : ''}</summary>
      <fieldset>
        <legend className="visually-hidden">Show only</legend>
        {PRODUCT_ATTRIBUTES.map((a) => (
          <label key={a} className="shop-filters__option">
            <input
              type="checkbox"
              checked={chosen.includes(a)}
              onChange={(e) => onChange(PRODUCT_ATTRIBUTES.filter((x) => (x === a ? e.target.checked : chosen.includes(x))))}
            />{' '}
            {ATTRIBUTE_LABELS[a]}
          </label>
        ))}
      </fieldset>
    </details>
  );
}

/** Departments the server rendered (island props), keyed like the load they spare. */
type InitialNavigation = { key: string; data: { shop: NavNode } } | null;

function Departments({ storeId, query, initial }: { storeId: number; query: ListQuery; initial?: InitialNavigation }) {
  const nav = useLoad<{ shop: NavNode }>(`nav-${storeId}`, () => api(shop.navigation, { params: { id: storeId } }), initial);
  const link = (department: number | null) => listHash({ storeId, department, favorites: query.favorites });
  const open = nav.data?.shop.children.find(
    (d) => d.children.length && (d.id === `dept-${query.department}` || d.children.some((c) => c.id === `dept-${query.department}`)),
  );
  return (
    <nav className="shop-departments" aria-label="Departments">
      <h2>Departments</h2>
      {nav.loading ? (
        <>
          <span className="visually-hidden" role="status">
            Loading departments…
          </span>
          <DepartmentsSkeleton />
        </>
      ) : null}
      <ErrorMessage message={nav.error} onRetry={nav.reload} />
      {nav.data ? (
        <>
          <ul>
            <li>
              <a href={link(null)} aria-current={query.department === null ? 'page' : undefined}>
                All departments
              </a>
            </li>
            {nav.data.shop.children.map((d) => {
              const id = Number(d.id.replace('dept-', ''));
              return (
                <li key={d.id}>
                  <a href={link(id)} aria-current={query.department === id ? 'page' : undefined}>
                    {d.title}
                  </a>
                  {d === open ? <SubDepartments node={d} link={link} current={query.department} /> : null}
                </li>
              );
            })}
          </ul>
          {/* On a phone the departments are one scrolling row: the open one's sub-departments get a row of
              their own under it (shop-phone.css shows this one and hides the nested list there). */}
          {open ? <SubDepartments node={open} link={link} current={query.department} className="shop-subdepartments" /> : null}
        </>
      ) : null}
    </nav>
  );
}

/** Products of a department or a search, sorted and paged; with `favorites`, my favorites only. */
export function ProductList({
  storeId,
  query: given,
  actions,
  title,
  navigation,
  initial,
}: {
  storeId: number;
  query: ListQuery;
  navigation?: InitialNavigation;
  /** The products the server rendered (island props), keyed by the URL of the load they spare. */
  initial?: { key: string; data: ProductPage } | null;
  actions: ProductActions;
  title: string;
}) {
  const query = { ...given, storeId };
  const url = productsUrl(given, storeId);
  const products = useLoad<ProductPage>(url, () => api(shop.products, { query: productsQuery(given, storeId) }), initial);
  const [search, setSearch] = useState(query.q);
  // What the shopper just chose (a filter, a sort), shown from the click on: the route follows only on the
  // hashchange, a task or more later, and until then React would put the controlled box or select back as it was
  // (a box clicked on a slow phone looked unchecked). Kept while the route is the one it was chosen on.
  const [chosen, setChosen] = useState<{ on: ListQuery; next: ListQuery } | null>(null);
  const shown = chosen?.on === given ? chosen.next : query;
  const go = (over: Partial<ListQuery>) => {
    const next = { ...query, page: 1, ...over };
    setChosen({ on: given, next });
    location.hash = listHash(next);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    go({ q: search.trim() });
  };
  const toggle = async (product: Product, on: boolean): Promise<boolean> => {
    if (!(await actions.onFavorite(product, on))) return false;
    if (products.data) {
      const items =
        query.favorites && !on
          ? products.data.items.filter((p) => p.id !== product.id)
          : products.data.items.map((p) => (p.id === product.id ? { ...p, is_favorite: on } : p));
      products.set({ ...products.data, items });
    }
    return true;
  };
  const data = products.data;
  return (
    <div className="shop-layout">
      <Departments storeId={storeId} query={query} initial={navigation} />
      <section className="shop-products" aria-labelledby="shop-products-title">
        <h2 id="shop-products-title">{title}</h2>
        <div className="shop-toolbar">
          <form role="search" aria-label="Products" onSubmit={submit} className="shop-search">
            <label htmlFor="shop-search-input">Search products</label>
            <SuggestInput
              id="shop-search-input"
              value={search}
              apiQuery={storeParams(storeId)}
              onChange={setSearch}
              onChoose={(name) => go({ q: name.trim() })}
            />
            <button type="submit">Search</button>
          </form>
          <label className="shop-sort">
            <span>Sort by</span>
            <select value={shown.sort} onChange={(e) => go({ sort: e.target.value as Sort })}>
              {SORTS.map((s) => (
                <option key={s} value={s}>
                  {SORT_LABELS[s]}
                </option>
              ))}
            </select>
          </label>
          <AttributeFilters chosen={shown.attributes} onChange={(attributes) => go({ attributes })} />
        </div>
        {/* The skeleton takes the grid's place (the last answer's size, else two rows) until the new answer. */}
        {products.loading ? (
          <ProductGridSkeleton
            count={Math.min(PER_PAGE, data?.items.length || SKELETON_CARDS)}
            label={query.q ? 'Searching…' : undefined}
          />
        ) : null}
        <ErrorMessage message={products.error} onRetry={products.reload} />
        {data && !products.loading ? (
          <>
            <p className="shop-count" aria-live="polite">
              {data.total} {data.total === 1 ? 'product' : 'products'}
              {query.q ? ` for “${query.q}”` : ''}
            </p>
            {data.items.length === 0 ? (
              <p className="shop-empty">
                {query.favorites
                  ? 'You have no favorites yet. Tap the heart on a product to keep it here.'
                  : 'No products match. Try another search or department.'}
              </p>
            ) : null}
            <ul className="product-grid">
              {data.items.map((p) => (
                <ProductCard key={p.id} product={p} actions={{ ...actions, onFavorite: toggle }} />
              ))}
            </ul>
            {data.pages > 1 ? (
              <nav className="shop-paging" aria-label="Pages">
                {query.page > 1 ? <a href={listHash({ ...query, page: query.page - 1 })}>Previous</a> : null}
                <span>
                  Page {data.page} of {data.pages}
                </span>
                {query.page < data.pages ? <a href={listHash({ ...query, page: query.page + 1 })}>Next</a> : null}
              </nav>
            ) : null}
          </>
        ) : null}
      </section>
    </div>
  );
}
