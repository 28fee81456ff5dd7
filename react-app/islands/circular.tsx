import { addToCartName } from '../../core/shop/shop-intent';
import type { CircularItem, CircularProps } from '../../core/wire/islands';
import { money } from '../shop/client';
import { useAddToCart } from '../shop/add-to-cart';
import { CartNotice } from '../shop/status';

/** A circular: its title with the dates (display dates win), its items, add an item to the cart. */
export type { CircularItem, CircularProps };

export default function Circular({ title, dateLine, items }: CircularProps) {
  const { busy, message, add } = useAddToCart();
  return (
    <div className="circular">
      <header className="circular__header">
        <h1>{title}</h1>
        <p className="circular__dates">{dateLine}</p>
      </header>
      <CartNotice message={message} />
      <ul className="product-grid">
        {items.map((item) => {
          const label = busy === `item-${item.product_id}` ? 'Adding…' : 'Add to cart';
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
              {item.available ? (
                <button
                  type="button"
                  className="button"
                  disabled={busy !== null}
                  aria-label={addToCartName(label, item.name)}
                  onClick={() => void add(`item-${item.product_id}`, [{ product_id: item.product_id, quantity: 1 }], `Added ${item.name}.`)}
                >
                  {label}
                </button>
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
