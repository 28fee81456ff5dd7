import type { LayerStore } from './store';
import type { Navigation } from '../shop/api-types';
export type { Navigation, NavNode } from '../shop/api-types';

// Shop platform calls the store layer makes: a store by id, set the current store, navigation per store.

export async function getJson<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, {
    credentials: 'same-origin',
    ...init,
    headers: { Accept: 'application/json', ...(init?.headers as Record<string, string> | undefined) },
  });
  if (!res.ok) throw new Error(`${res.status} ${url}`);
  return (await res.json()) as T;
}

export class ShopApi {
  constructor(
    private readonly base: string,
    private readonly nonce: () => string,
  ) {}

  store(id: number): Promise<LayerStore> {
    return getJson<LayerStore>(`${this.base}stores/${id}`);
  }

  navigation(storeId: number): Promise<Navigation> {
    return getJson<Navigation>(`${this.base}stores/${storeId}/navigation`);
  }

  async setStore(id: number): Promise<LayerStore> {
    const body = await getJson<{ store: LayerStore }>(`${this.base}current-store`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', 'X-WP-Nonce': this.nonce() },
      body: JSON.stringify({ store_id: id }),
    });
    return body.store;
  }
}
