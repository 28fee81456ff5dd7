import type { SearchProductsProps } from '../../core/wire/islands';
import { CartStepper } from '../shop/cart-stepper';
import { ProductCardHead } from '../shop/product-card';
import { CartNotice } from '../shop/status';
import { useCartQuantities } from '../shop/use-cart-quantities';

export type { SearchProductsProps };

/**
 * The product results of the search page: image, name (linking to the product's page), the store's price and
 * Add to cart, which becomes the shop's − qty + stepper. Each change is announced by the header cart.
 */
export default function SearchProducts({ storeId, products }: SearchProductsProps) {
  const { inCart, busy, error, setQuantity } = useCartQuantities(storeId);
  return (
    <div className="search-products">
      <CartNotice message={error ? { text: error, error: true } : null} />
      <ul className="product-grid">
        {products.map((p) => (
          <li key={p.id} className="product-card" data-product-id={p.id}>
            <ProductCardHead product={p} href={`/products/${p.slug}`} />
            <div className="product-card__actions">
              {p.available ? (
                <CartStepper
                  product={p}
                  quantity={inCart.get(p.id) ?? 0}
                  busy={busy.has(p.id)}
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
