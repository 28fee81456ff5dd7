import { api } from '../../core/api/client';
import * as shop from '../../core/api/shop';
import { setCartQuantity } from '../../core/shop/cart-quantity';
import { useEffect, useState } from 'react';
import { CART_CHANGE_EVENT, cartChangeOf, dispatchCartChange } from '../../core/shop/header-cart/events';
import { errorMessage, storeParams } from './client';
import type { Cart } from './types';
import type { Catalog } from '../../core/shop/catalog';

/**
 * The cart quantities of products shown outside the shop (search results, a product page) at one store: what
 * the cart holds (followed through the header cart's change events) and the change a stepper asks for. The
 * server renders Add for every product; the quantities arrive after hydration in the same box, so nothing moves.
 */
export function useCartQuantities(storeId: number | null, catalog?: Catalog) {
  const [inCart, setInCart] = useState<ReadonlyMap<number, number>>(new Map());
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const apiQuery = storeParams(storeId, catalog);

  useEffect(() => {
    const follow = (cart: Cart) => setInCart(new Map(cart.lines.map((l) => [l.product_id, l.quantity])));
    // A change announced while the first read is on its way is newer than that read's answer (an Add clicked before
    // hydration, replayed at once): the late answer must not put Add back on a product the cart now holds.
    let changed = false;
    const onChange = (e: Event) => {
      changed = true;
      follow(cartChangeOf(e).cart);
    };
    window.addEventListener(CART_CHANGE_EVENT, onChange);
    api(shop.cart, { query: apiQuery }).then(
      (cart) => changed || follow(cart),
      () => undefined, // no cart yet: every product shows Add
    );
    return () => window.removeEventListener(CART_CHANGE_EVENT, onChange);
  }, [apiQuery]);

  async function setQuantity(product: { id: number; name: string }, quantity: number): Promise<void> {
    setBusy((b) => new Set(b).add(product.id));
    setError(null);
    try {
      const cart = await setCartQuantity(product.id, quantity, inCart.has(product.id), apiQuery);
      // Updates every list following the cart (the listener above) and the header cart, which names the product.
      dispatchCartChange(cart, { product_id: product.id, name: product.name, was: inCart.get(product.id) ?? 0 });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy((b) => {
        const next = new Set(b);
        next.delete(product.id);
        return next;
      });
    }
  }
  return { inCart, busy, error, setQuantity };
}
