import type { Cart } from '../api-types';

// The window event every cart change is announced with (detail: the new cart), for the header cart.
export const CART_CHANGE_EVENT = 'cart:change';

export function dispatchCartChange(cart: Cart): void {
  window.dispatchEvent(new CustomEvent<Cart>(CART_CHANGE_EVENT, { detail: cart }));
}
