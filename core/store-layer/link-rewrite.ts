import type { StoreRules } from '../wire/store';
import { cateringStoreId, shopStoreId, wineStoreId } from './store';

// Shop, catering and wine links carry the store id in the shop module's hash route: /shop#!/?store_id={id}.
// Shop links use the shop store id (related_shopping_id overrides); catering and wine links the related store.

export type LinkKind = 'shop' | 'catering' | 'wine';

/**
 * Where the page keeps the shop, catering and wine links that follow the store: the header (its menus, the
 * off-canvas one included) and the footer, as server/render/layout.tsx renders them.
 */
export const STORE_LINK_ROOTS = ['[data-site-header]', '.site-footer'] as const;

/** Which store a path belongs to: /shop…, /catering/shop…, /wine/shop…; landing pages /catering and /wine too. */
export function linkKind(pathname: string): LinkKind | null {
  const p = pathname.replace(/\/+$/, '') || '/';
  if (p === '/shop' || p.startsWith('/shop/')) return 'shop';
  if (p === '/catering' || p.startsWith('/catering/')) return 'catering';
  if (p === '/wine' || p.startsWith('/wine/')) return 'wine';
  return null;
}

export function storeIdForKind(kind: LinkKind, store: StoreRules): number | null {
  if (kind === 'shop') return shopStoreId(store);
  return kind === 'catering' ? cateringStoreId(store) : wineStoreId(store);
}

/** Sets (or removes, for null) store_id in a '#!/route?query' hash, keeping the route and other parameters. */
export function withHashStoreId(hash: string, storeId: number | null): string {
  const body = hash.replace(/^#!?/, '');
  const q = body.indexOf('?');
  const route = (q >= 0 ? body.slice(0, q) : body) || '/';
  const params = new URLSearchParams(q >= 0 ? body.slice(q + 1) : '');
  if (storeId === null) params.delete('store_id');
  else params.set('store_id', String(storeId));
  const query = params.toString();
  if (!query && route === '/') return '';
  return `#!${route}${query ? `?${query}` : ''}`;
}

/**
 * The href rewritten for the store, or null when the link is not a shop, catering or wine link of this
 * site. Relative hrefs stay relative. Landing pages (/catering, /wine) only carry an id when there is one.
 */
export function rewriteStoreLink(href: string, store: StoreRules | null, origin = 'http://localhost'): string | null {
  if (!href || /^(mailto:|tel:|javascript:)/i.test(href)) return null;
  let url: URL;
  try {
    url = new URL(href, origin + '/');
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  const kind = linkKind(url.pathname);
  if (!kind) return null;
  const id = store ? storeIdForKind(kind, store) : null;
  const hash = withHashStoreId(url.hash, id);
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//');
  return `${absolute ? url.origin : ''}${url.pathname}${url.search}${hash}`;
}

/** Rewrites every shop, catering and wine link inside the roots (header menus, footer, store link blocks). */
export function rewriteLinks(roots: ParentNode[], store: StoreRules | null, origin = location.origin): number {
  let changed = 0;
  for (const root of roots) {
    root.querySelectorAll<HTMLAnchorElement>('a[href]').forEach((a) => {
      const next = rewriteStoreLink(a.getAttribute('href') ?? '', store, origin);
      if (next !== null && next !== a.getAttribute('href')) {
        a.setAttribute('href', next);
        changed++;
      }
    });
  }
  return changed;
}
