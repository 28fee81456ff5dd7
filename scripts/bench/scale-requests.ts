// What `npm run bench scale` measures (scripts/bench/scale-run.ts runs it, cases/scale.ts prints it).

export const SIZES = [
  { label: 'seed', scale: 'seed' },
  { label: '5k × 16', scale: '5000,16' },
  { label: '40k × 100', scale: '40000,100' },
];

/** The requests, plus suggestions and a price-sorted aisle; three stores that exist at every size. */
const STORES = [1001, 1002, 1003];
/** Replaced by scale-run.ts with min(40, the aisle's last page) at each size. */
export const DEEP_PAGE = '{deep-page}';
const each = (path: string) =>
  STORES.map((s) => ({ method: 'GET', path: `/api/shop/v1/${path}${path.includes('?') ? '&' : '?'}store_id=${s}` }));
export const REQUESTS: Array<{ name: string; kind: 'search' | 'list'; requests: Array<{ method: string; path: string }> }> = [
  { name: 'products?q=organic yogurt', kind: 'search', requests: each('products?q=organic%20yogurt') },
  { name: 'products?q=bananna', kind: 'search', requests: each('products?q=bananna') },
  {
    name: 'search/suggest?q=… (ban, chick, toilet pa, milk, organic yog)',
    kind: 'search',
    requests: ['ban', 'chick', 'toilet%20pa', 'milk', 'organic%20yog'].map((q) => ({
      method: 'GET',
      path: `/api/shop/v1/search/suggest?q=${q}`,
    })),
  },
  { name: 'products?attributes=organic,vegan', kind: 'list', requests: each('products?attributes=organic,vegan') },
  // A deep page: page 40, or the aisle's last page where it has fewer (the seed's Pantry has 11 pages, so its page
  // 40 would be an empty answer and the growth would compare a full page with none).
  {
    name: 'products?department=105 (Pantry)&page=40 (or its last page)',
    kind: 'list',
    requests: each(`products?department=105&page=${DEEP_PAGE}`),
  },
  { name: 'products?department=10200 (Milk)', kind: 'list', requests: each('products?department=10200') },
  { name: 'products?department=102&sort=price_asc', kind: 'list', requests: each('products?department=102&sort=price_asc') },
];

export interface SizeResult {
  dialect: string;
  label: string;
  products: number;
  rssMb: number;
  rows: Array<{ name: string; p50: number; p99: number; errors: number; cpuMs: number }>;
}
