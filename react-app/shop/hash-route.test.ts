import { describe, expect, it } from 'vitest';
import { listHash, parseHashRoute, type parseListQuery } from './hash-route';

const list = (over: Partial<ReturnType<typeof parseListQuery>> = {}) => ({
  name: 'list',
  query: { storeId: null, department: null, q: '', sort: 'name', page: 1, favorites: false, attributes: [], ...over },
});

describe('shop hash routes', () => {
  it.each([
    ['', list()],
    ['#', list()],
    ['#!/', list()],
    ['#content', list()],
    ['#!/?store_id=1001', list({ storeId: 1001 })],
    ['#!/?store_id=abc', list()],
    ['#!/?store_id=-4&page=0', list()],
    ['#!/?filter=is_favorite', list({ favorites: true })],
    ['#!/?filter=other', list()],
    [
      '#!/?store_id=1006&department=3&q=%20milk%20&sort=price_desc&page=3',
      list({ storeId: 1006, department: 3, q: 'milk', sort: 'price_desc', page: 3 }),
    ],
    ['#!/?sort=drop-table', list()],
    ['#!/product/5000', { name: 'product', id: 5000, storeId: null }],
    ['#!/product/5000?store_id=1001', { name: 'product', id: 5000, storeId: 1001 }],
    ['#!/product/0', { name: 'not-found', path: 'product/0' }],
    ['#!/product/x', { name: 'not-found', path: 'product/x' }],
    ['#!/cart', { name: 'cart', storeId: null }],
    ['#!/stores', { name: 'stores' }],
    ['#!/stores?store_id=1001', { name: 'stores' }],
    ['#!/pickup?store_id=1001', { name: 'pickup', storeId: 1001 }],
    ['#!/?attributes=vegan,organic,bogus', list({ attributes: ['organic', 'vegan'] })],
    ['#!/?attributes=', list()],
    ['#!/account', { name: 'account' }],
    ['#!/account/', { name: 'account' }],
    ['#!/profile', { name: 'profile' }],
    ['#!/orders', { name: 'orders' }],
    ['#!/favorites', { name: 'favorites' }],
    ['#!/sign-out', { name: 'sign-out' }],
    ['#!/sign-in', { name: 'sign-in' }],
    ['#!/sign-up', { name: 'sign-up' }],
    ['#!/nowhere', { name: 'not-found', path: 'nowhere' }],
  ])('%j', (hash, route) => expect(parseHashRoute(hash)).toEqual(route));

  it.each([
    [{}, '#!/'],
    [{ storeId: 1001 }, '#!/?store_id=1001'],
    [{ favorites: true }, '#!/?filter=is_favorite'],
    [
      { storeId: 2, department: 4, q: 'oat milk', sort: 'price_asc' as const, page: 2 },
      '#!/?store_id=2&department=4&q=oat+milk&sort=price_asc&page=2',
    ],
    [{ sort: 'name' as const, page: 1 }, '#!/'],
    [{ storeId: 1001, attributes: ['gluten_free' as const, 'snap' as const] }, '#!/?store_id=1001&attributes=gluten_free%2Csnap'],
  ])('listHash(%j) = %s and parses back', (query, hash) => {
    expect(listHash(query)).toBe(hash);
    expect(parseHashRoute(hash)).toEqual(list(query));
  });
});
