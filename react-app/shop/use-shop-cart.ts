import { useEffect, useRef, useState } from 'react';
import { api } from '../../core/api/client';
import * as shop from '../../core/api/shop';
import { CART_CHANGE_EVENT, cartChangeOf, dispatchCartChange, type CartLineChange } from '../../core/shop/header-cart/events';
import type { Cart, ShopUser } from './types';
import { useLoad } from './use-load';

export const EMPTY_CART: Cart = { id: null, store_id: null, store_name: null, lines: [], count: 0, total_cents: 0, estimate: null };

/**
 * The shop's cart: loaded for the visitor and store, then replaced by each change's answer; the header cart follows
 * every change (a shopper's own names its line), and the shop follows changes made elsewhere on the page.
 */
export function useShopCart(user: ShopUser | null, apiQuery: string) {
  const [cart, setCart] = useState<Cart>(EMPTY_CART);
  // Changes seen so far, and how many had been seen when each load was sent: a load sent before a change answers
  // with the cart as it was, and applied after that change's answer it would undo it (Add clicked just after
  // hydration, the first read of the cart answering last).
  const changes = useRef(0);
  const sentAt = useRef(new WeakMap<Cart, number>());
  const cartLoad = useLoad(`cart-${user?.id ?? 'anon'}-${apiQuery}`, () => {
    const at = changes.current;
    return api(shop.cart, { query: apiQuery }).then((loaded) => {
      sentAt.current.set(loaded, at);
      return loaded;
    });
  });
  useEffect(() => {
    // The cart is local state: seeded by the load, then replaced by each mutation's answer.
    if (cartLoad.data && sentAt.current.get(cartLoad.data) === changes.current) setCart(cartLoad.data);
  }, [cartLoad.data]);
  const changedLine = useRef<CartLineChange | undefined>(undefined);
  useEffect(() => {
    if (cart !== EMPTY_CART) dispatchCartChange(cart, changedLine.current);
    changedLine.current = undefined;
  }, [cart]);
  useEffect(() => {
    const follow = (e: Event) => {
      changes.current += 1;
      setCart(cartChangeOf(e).cart);
    };
    window.addEventListener(CART_CHANGE_EVENT, follow);
    return () => window.removeEventListener(CART_CHANGE_EVENT, follow);
  }, []);
  /** A change the shopper made to one line: the header cart announces it by name. */
  const changed = (next: Cart, line: CartLineChange): void => {
    changes.current += 1;
    changedLine.current = line;
    setCart(next);
  };
  return { cart, setCart, cartLoad, changed };
}
