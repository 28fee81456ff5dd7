import { useState } from 'react';
import { dispatchCartChange } from '../../core/shop/header-cart/events';
import { errorMessage, shopApi } from './client';
import type { Cart } from './types';

/** Adding products to the cart from content pages (circulars, recipes): busy key, result message, error. */
export function useAddToCart() {
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  async function add(key: string, items: Array<{ product_id: number; quantity: number }>, done: string) {
    setBusy(key);
    setMessage(null);
    try {
      const cart = await shopApi<Cart>('/api/shop/v1/cart/items', { method: 'POST', body: { items } });
      dispatchCartChange(cart);
      setMessage({ text: `${done} Your cart has ${cart.count} ${cart.count === 1 ? 'item' : 'items'}.`, error: false });
    } catch (e) {
      setMessage({ text: errorMessage(e), error: true });
    } finally {
      setBusy(null);
    }
  }
  return { busy, message, add };
}
