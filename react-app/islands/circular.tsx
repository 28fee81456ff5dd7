import type { CircularItem, CircularProps } from '../../core/wire/islands';
import { CartStepper } from '../shop/cart-stepper';
import { SnapBadge } from '../shop/product-card';
import { money } from '../shop/client';
import { CartNotice } from '../shop/status';
import { useCartQuantities } from '../shop/use-cart-quantities';

/** A circular: its title with the dates (display dates win), its items, add an item to the cart. */
export type { CircularItem, CircularProps };

export default function Circular({ title, dateLine, items }: CircularProps) {
  // The shop's stepper: Add becomes − qty + and keeps the keyboard focus; the header cart announces each change.
  const { inCart, busy, error, setQuantity } = useCartQuantities(null);
  return (
    <div className="circular">
      <header className="circular__header">
        <h1>{title}</h1>
        <p className="circular__dates">{dateLine}</p>
      </header>
      <CartNotice message={error ? { text: error, error: true } : null} />
      <ul className="product-grid">
        {items.map((item) => {
          const product = { id: item.product_id, name: item.name };
          return (
            <li key={item.product_id} className="product-card" data-product-id={item.product_id}>
              <img src={`/media/products/${item.product_id}.svg`} alt="" width={160} height={160} loading="lazy" />
              <h2 className="product-card__name">{item.name}</h2>
              <p className="product-card__meta">{item.size}</p>
              <p className="product-card__price">
                {item.sale_price_cents === null ? (
                  <strong>{money(item.price_cents)}</strong>
                ) : (
                  <>
                    <strong>{money(item.sale_price_cents)}</strong>{' '}
                    <s aria-label={`was ${money(item.price_cents)}`}>{money(item.price_cents)}</s>
                  </>
                )}
              </p>
              <SnapBadge attributes={item.attributes} />
              {item.available ? (
                <CartStepper
                  product={product}
                  quantity={inCart.get(item.product_id) ?? 0}
                  busy={busy.has(item.product_id)}
                  onSet={(quantity) => setQuantity(product, quantity)}
                />
              ) : (
                <p className="product-card__unavailable">Not available at your store</p>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
