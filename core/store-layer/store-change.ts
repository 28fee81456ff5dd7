import { api } from '../api/client';
import { setCurrentStore } from '../api/shop';
import type { Store } from '../wire/store';
import { dispatchPickupHold } from '../shop/pickup-hold';

// The window event that announces the visitor's new store, once the server has it (PUT current-store answered).
// Everything that follows the store (the store layer, the shop island) listens for it; everything that sets the
// store (the store picker, the store page's button) announces it with the store the PUT answered, so nobody
// asks the server for that store again.

export const STORE_CHANGE_EVENT = 'store:change';

export interface StoreChange {
  storeId: number;
  /** The whole store, when the announcer has it. */
  store?: Store;
}

/**
 * "Set my store": the visitor's store for the session (and the account); answers the store the server now holds.
 * A pickup hold at the old store is let go by the server with the change (docs/shop.md): the header hears of it.
 */
export async function setMyStore(id: number): Promise<Store> {
  const chosen = await api(setCurrentStore, { body: { store_id: id } });
  if (chosen.hold_released) dispatchPickupHold(null);
  return chosen.store;
}

export function announceStoreChange(store: Store): void {
  window.dispatchEvent(new CustomEvent<StoreChange>(STORE_CHANGE_EVENT, { detail: { storeId: store.id, store } }));
}

/** The change an event announces; null when it names no valid store id. */
export function storeChangeOf(event: Event): StoreChange | null {
  const detail = (event as CustomEvent<Partial<StoreChange> | null>).detail;
  const storeId = Number(detail?.storeId);
  if (!Number.isInteger(storeId) || storeId <= 0) return null;
  const store = detail?.store && detail.store.id === storeId ? detail.store : undefined;
  return { storeId, store };
}
