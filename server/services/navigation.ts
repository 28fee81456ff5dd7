import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Store } from './stores';
import { ACCOUNT_PAGES } from '../../core/shop/account-routes';
import type { Navigation, NavNode } from '../../core/shop/api-types';
export type { Navigation, NavNode } from '../../core/shop/api-types';

// The navigation response: branches shop, recipe and account, each a tree of nodes.
const node = (id: string, title: string, url: string, children: NavNode[] = []): NavNode => ({ id, title, url, children, selected: false });

/**
 * The navigation for a store id; without a store (null) the shop links carry no store id. `known`: the store the
 * caller has already read (a page render), whose kind is taken when it is `storeId`.
 */
export async function navigationFor(
  db: Kysely<Database>,
  storeId: number | null,
  known?: Pick<Store, 'id' | 'kind'> | null,
  selectedUrl?: string,
): Promise<Navigation> {
  // The departments of the store's catalogue (grocery for a shopping store or none; catering or wine otherwise).
  const kind =
    storeId === null
      ? undefined
      : known?.id === storeId
        ? known.kind
        : (await db.selectFrom('stores').select('kind').where('id', '=', storeId).executeTakeFirst())?.kind;
  const catalog = kind === 'catering' || kind === 'wine' ? kind : 'grocery';
  const [departments, terms] = await Promise.all([
    db.selectFrom('departments').selectAll().where('catalog', '=', catalog).orderBy('position').execute(),
    db.selectFrom('terms').selectAll().where('taxonomy', 'in', ['course', 'cuisine']).orderBy('id').execute(),
  ]);
  const q = storeId === null ? '' : `store_id=${storeId}`;
  const shopUrl = (extra: string) => `/shop#!/?${[q, extra].filter(Boolean).join('&')}`.replace(/\?$/, '');
  const top = departments.filter((d) => d.parent_id === null);
  const shopChildren = top.map((d) =>
    node(
      `dept-${d.id}`,
      d.title,
      shopUrl(`department=${d.id}`),
      departments.filter((c) => c.parent_id === d.id).map((c) => node(`dept-${c.id}`, c.title, shopUrl(`department=${c.id}`))),
    ),
  );
  const byTax = (tax: string) =>
    terms.filter((t) => t.taxonomy === tax).map((t) => node(`term-${t.id}`, t.name, `/recipes?e-filter-c72021-${tax}=${t.slug}`));
  const nav: Navigation = {
    shop: node('shop', 'Shop', shopUrl('').replace(/#!\/$/, ''), shopChildren),
    recipe: node('recipe', 'Recipes', '/recipes', [
      node('recipe-course', 'By Course', '/recipes', byTax('course')),
      node('recipe-cuisine', 'By Cuisine', '/recipes', byTax('cuisine')),
    ]),
    account: node(
      'account',
      'My Account',
      '/shop#!/account',
      ACCOUNT_PAGES.map(([route, title]) => node(`account-${route}`, title, `/shop#!/${route}`)),
    ),
  };
  if (selectedUrl) markSelected([nav.shop, nav.recipe, nav.account], selectedUrl);
  return nav;
}

function markSelected(nodes: NavNode[], url: string): boolean {
  let any = false;
  for (const n of nodes) {
    const hit = n.url === url || markSelected(n.children, url);
    n.selected = hit;
    any ||= hit;
  }
  return any;
}
