import { catalogOfPath, type Catalog } from '../../core/shop/catalog';
import { errorMessage, fieldErrors, HttpError, setNonce, type FieldErrors } from '../../core/http';

// What the shop's components share around their calls (made with `api` of core/api/client.ts): the error
// helpers, money, and the store query of a shop page.
export { errorMessage, fieldErrors, setNonce, HttpError as ShopApiError, type FieldErrors };

export { money } from '../../core/shop/money';

/** The store and catalogue of this shop page for API calls: `store_id=…&catalog=…` (no store: the visitor's). */
export function storeParams(storeId: number | null, catalog?: Catalog): string {
  // Also called while rendering on the server, where there is no location (the URLs are only fetched in the browser).
  const path = typeof location === 'undefined' ? '/' : location.pathname;
  // A page that is not a shop (a product page) names the catalogue of what it sells; a shop's path says it.
  const p = new URLSearchParams({ catalog: catalog ?? catalogOfPath(path) });
  if (storeId) p.set('store_id', String(storeId));
  return p.toString();
}
