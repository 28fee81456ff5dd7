import type { Cart } from '../api-types';

// The window event every cart change is announced with, for the header cart and the islands showing the cart.
export const CART_CHANGE_EVENT = 'cart:change';

/**
 * The window event the header cart sends once it has loaded the visitor's cart (a CartChange without a line): the
 * islands showing cart quantities hydrate then when the cart holds something (react-app/islands/hydration.ts).
 */
export const CART_LOAD_EVENT = 'cart:load';

/**
 * The one line a shopper's action changed, as its dispatcher saw it before the change: the header cart names the
 * product even when the action came before its own load of the cart (a quick keyboard shopper on a slow phone).
 */
export interface CartLineChange {
  product_id: number;
  name: string;
  /** The quantity before the action (0: it was not in the cart). */
  was: number;
}

export interface CartChange {
  cart: Cart;
  line?: CartLineChange;
}

export function dispatchCartChange(cart: Cart, line?: CartLineChange): void {
  window.dispatchEvent(new CustomEvent<CartChange>(CART_CHANGE_EVENT, { detail: { cart, line } }));
}

/** The change a CART_CHANGE_EVENT carries. */
export const cartChangeOf = (e: Event): CartChange => (e as CustomEvent<CartChange>).detail;
