import { api } from '../../core/api/client';
import * as shop from '../../core/api/shop';
import { useState } from 'react';
import { dispatchCartChange } from '../../core/shop/header-cart/events';
import { useTasks } from '../hooks/use-tasks';

/** Adding products to the cart from content pages (circulars, recipes): busy key, result message, error. */
export function useAddToCart() {
  const tasks = useTasks<string>();
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const busy = [...tasks.running][0] ?? null;
  async function add(key: string, items: Array<{ product_id: number; quantity: number }>, done: string) {
    setMessage(null);
    await tasks.run(
      key,
      async () => {
        const cart = await api(shop.addToCart, { body: { items } });
        dispatchCartChange(cart);
        setMessage({ text: `${done} Your cart has ${cart.count} ${cart.count === 1 ? 'item' : 'items'}.`, error: false });
      },
      (text) => setMessage({ text, error: true }),
    );
  }
  return { busy, message, add };
}
