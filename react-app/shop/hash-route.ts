// The shop module's hash routes: '#!/?store_id=1001&department=5&q=milk&sort=price_asc&page=2' (product list,
// with '&filter=is_favorite' for my favorites), '#!/product/{id}', '#!/cart', and the account pages
// '#!/{route}' (account, profile, orders, favorites, sign-out, sign-in, sign-up).

import { ACCOUNT_ROUTES, type AccountRoute } from '../../core/shop/account-routes';
import { PRODUCT_ATTRIBUTES, type ProductAttribute } from '../../core/shop/product-attributes';

export { ACCOUNT_ROUTES, type AccountRoute };
export const SORTS = ['name', 'price_asc', 'price_desc'] as const;
export type Sort = (typeof SORTS)[number];

export interface ListQuery {
  storeId: number | null;
  department: number | null;
  q: string;
  sort: Sort;
  page: number;
  favorites: boolean;
  /** Attribute filters (organic, gluten free, vegan, SNAP, local): '&attributes=organic,vegan'. */
  attributes: ProductAttribute[];
}

export type ShopRoute =
  | { name: 'list'; query: ListQuery }
  | { name: 'product'; id: number; storeId: number | null }
  | { name: 'cart'; storeId: number | null }
  /** The store chooser (also "Change store"), and the pickup window picker of the shop's store. */
  | { name: 'stores' }
  | { name: 'pickup'; storeId: number | null }
  | { name: AccountRoute }
  | { name: 'sign-in' }
  | { name: 'sign-up' }
  | { name: 'not-found'; path: string };

const positiveInt = (v: string | null): number | null => (v && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : null);

export function parseListQuery(search: string): ListQuery {
  const p = new URLSearchParams(search);
  const sort = p.get('sort') as Sort | null;
  return {
    storeId: positiveInt(p.get('store_id')),
    department: positiveInt(p.get('department')),
    q: (p.get('q') ?? '').trim().slice(0, 100),
    sort: sort && SORTS.includes(sort) ? sort : 'name',
    page: positiveInt(p.get('page')) ?? 1,
    favorites: p.get('filter') === 'is_favorite',
    attributes: PRODUCT_ATTRIBUTES.filter((a) => (p.get('attributes') ?? '').split(',').includes(a)),
  };
}

export function parseHashRoute(hash: string): ShopRoute {
  const raw = hash.replace(/^#/, '');
  if (raw === '' || raw === '!' || raw === '!/') return { name: 'list', query: parseListQuery('') };
  if (!raw.startsWith('!/')) return { name: 'list', query: parseListQuery('') };
  const rest = raw.slice(2);
  const qAt = rest.indexOf('?');
  const path = (qAt === -1 ? rest : rest.slice(0, qAt)).replace(/\/+$/, '');
  const search = qAt === -1 ? '' : rest.slice(qAt + 1);
  const query = parseListQuery(search);
  if (path === '') return { name: 'list', query };
  const product = /^product\/(\d{1,9})$/.exec(path);
  if (product && Number(product[1]) > 0) return { name: 'product', id: Number(product[1]), storeId: query.storeId };
  if (path === 'cart') return { name: 'cart', storeId: query.storeId };
  if (path === 'stores') return { name: 'stores' };
  if (path === 'pickup') return { name: 'pickup', storeId: query.storeId };
  if (path === 'sign-in' || path === 'sign-up') return { name: path };
  if ((ACCOUNT_ROUTES as readonly string[]).includes(path)) return { name: path as AccountRoute };
  return { name: 'not-found', path };
}

/** The hash for a product list query; defaults are left out so links stay short. */
export function listHash(query: Partial<ListQuery>): string {
  const p = new URLSearchParams();
  if (query.storeId) p.set('store_id', String(query.storeId));
  if (query.favorites) p.set('filter', 'is_favorite');
  if (query.department) p.set('department', String(query.department));
  if (query.q) p.set('q', query.q);
  if (query.attributes?.length) p.set('attributes', query.attributes.join(','));
  if (query.sort && query.sort !== 'name') p.set('sort', query.sort);
  if (query.page && query.page > 1) p.set('page', String(query.page));
  const s = p.toString();
  return s ? `#!/?${s}` : '#!/';
}
