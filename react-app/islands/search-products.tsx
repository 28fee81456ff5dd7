import { useEffect, useState } from 'react';
import type { SearchProductsProps } from '../../core/wire/islands';
import { CART_CHANGE_EVENT, cartChangeOf, dispatchCartChange } from '../../core/shop/header-cart/events';
import { CartStepper } from '../shop/cart-stepper';
import { shopApi, storeParams } from '../shop/client';
import { useTasks } from '../hooks/use-tasks';
import { ProductCardHead } from '../shop/product-card';
import { CartNotice } from '../shop/status';
import type { Cart, Product } from '../shop/types';

export type { SearchProductsProps };

/**
 * The product results of the search page: image, name, the store's price and Add to cart, which becomes the
 * shop's − qty + stepper. The server renders the final cards (Add for every product); the quantities in the
 * cart arrive after hydration in the same box, so nothing moves. Each change is announced by the header cart.
 */
export default function SearchProducts({ storeId, products }: SearchProductsProps) {
  const [inCart, setInCart] = useState<ReadonlyMap<number, number>>(new Map());
  const tasks = useTasks<number>();
  const apiQuery = storeParams(storeId);

  useEffect(() => {
    const follow = (cart: Cart) => setInCart(new Map(cart.lines.map((l) => [l.product_id, l.quantity])));
    const onChange = (e: Event) => follow(cartChangeOf(e).cart);
    window.addEventListener(CART_CHANGE_EVENT, onChange);
    shopApi<Cart>(`/api/shop/v1/cart?${apiQuery}`).then(follow, () => undefined); // no cart yet: every product shows Add
    return () => window.removeEventListener(CART_CHANGE_EVENT, onChange);
  }, [apiQuery]);

  async function setQuantity(product: Product, quantity: number): Promise<void> {
    await tasks.run(product.id, async () => {
      const adding = !inCart.has(product.id);
      const cart = await shopApi<Cart>(
        adding ? `/api/shop/v1/cart/items?${apiQuery}` : `/api/shop/v1/cart/items/${product.id}?${apiQuery}`,
        {
          method: adding ? 'POST' : quantity === 0 ? 'DELETE' : 'PUT',
          body: adding ? { items: [{ product_id: product.id, quantity }] } : quantity === 0 ? undefined : { quantity },
        },
      );
      // Updates this list too (the listener above) and the header cart, which names the product.
      dispatchCartChange(cart, { product_id: product.id, name: product.name, was: inCart.get(product.id) ?? 0 });
    });
  }

  return (
    <div className="search-products">
      <CartNotice message={tasks.error ? { text: tasks.error, error: true } : null} />
      <ul className="product-grid">
        {products.map((p) => (
          <li key={p.id} className="product-card" data-product-id={p.id}>
            <ProductCardHead product={p} href={`/shop#!/product/${p.id}?store_id=${storeId}`} />
            <div className="product-card__actions">
              {p.available ? (
                <CartStepper
                  product={p}
                  quantity={inCart.get(p.id) ?? 0}
                  busy={tasks.busy(p.id)}
                  onSet={(quantity) => setQuantity(p, quantity)}
                />
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
