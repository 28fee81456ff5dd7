import { http } from '../http';
import type { Store } from '../wire/store';
import type { Navigation } from '../shop/api-types';
export type { Navigation, NavNode } from '../shop/api-types';

// Shop platform calls the store layer makes: a store by id, set the current store, navigation per store.

/** A JSON GET through the browser's one client (the content calls carry their nonce in the query). */
export const getJson = <T>(url: string): Promise<T> => http<T>(url);

export class ShopApi {
  /** The nonce is core/http.ts's own (renewed when another tab signs in), never a copy from the page's config. */
  constructor(private readonly base: string) {}

  store(id: number): Promise<Store> {
    return getJson<Store>(`${this.base}stores/${id}`);
  }

  navigation(storeId: number): Promise<Navigation> {
    return getJson<Navigation>(`${this.base}stores/${storeId}/navigation`);
  }

  async setStore(id: number): Promise<Store> {
    const body = await http<{ store: Store }>(`${this.base}current-store`, {
      method: 'PUT',
      body: { store_id: id },
    });
    return body.store;
  }
}
