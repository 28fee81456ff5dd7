import type { ProductPageProps } from '../../core/wire/islands';
import { formatCircularDate } from '../../core/circulars/dates';
import { CartStepper } from '../shop/cart-stepper';
import { money } from '../shop/client';
import { ProductPrice } from '../shop/product-card';
import { CartNotice } from '../shop/status';
import { useCartQuantities } from '../shop/use-cart-quantities';

export type { ProductPageProps };

/**
 * A product's own page (/products/{slug}): pictures, name, size, the visitor's store price with the sale's last
 * day, Add to cart (the shop's stepper), description, ingredients, allergens, nutrition facts and SNAP. Without a
 * chosen store it shows the range of prices across stores and asks for a store.
 */
export default function ProductPage({ product, offer, range, also }: ProductPageProps) {
  const { inCart, busy, error, setQuantity } = useCartQuantities(offer?.storeId ?? null, offer?.catalog);
  const [main, ...more] = product.images;
  return (
    <article className="product-page wrap" data-product-id={product.id}>
      <div className="product-page__grid">
        <div className="product-page__gallery">
          {main ? (
            <img
              src={main.src}
              srcSet={main.srcset}
              sizes={main.srcset ? '(min-width: 768px) 420px, 100vw' : undefined}
              alt={main.alt}
              width={main.width}
              height={main.height}
            />
          ) : null}
          {more.length ? (
            <ul className="product-page__thumbs">
              {more.map((i) => (
                <li key={i.src}>
                  <img src={i.src} alt={i.alt} width={96} height={Math.round((96 * i.height) / Math.max(1, i.width))} loading="lazy" />
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <div className="product-page__buy">
          <h1>{product.name}</h1>
          <p className="product-card__meta">{[product.brand, product.size].filter(Boolean).join(' · ')}</p>
          {offer ? (
            <>
              <ProductPrice product={offer.price} className="product-details__price" />
              {offer.price.sale_ends ? (
                <p className="product-page__sale">Sale price through {formatCircularDate(offer.price.sale_ends)}</p>
              ) : null}
              <p className="product-page__store">At {offer.storeName}</p>
              <CartNotice message={error ? { text: error, error: true } : null} />
              <div className="product-card__actions">
                {offer.price.available ? (
                  <CartStepper
                    product={product}
                    quantity={inCart.get(product.id) ?? 0}
                    busy={busy.has(product.id)}
                    onSet={(quantity) => setQuantity(product, quantity)}
                  />
                ) : null}
              </div>
            </>
          ) : (
            <p className="product-page__range">
              {range
                ? range.low_cents === range.high_cents
                  ? `${money(range.low_cents)} at ${range.stores} ${range.stores === 1 ? 'store' : 'stores'}. `
                  : `${money(range.low_cents)} – ${money(range.high_cents)} across ${range.stores} stores. `
                : 'Not sold online right now. '}
              <a href="/store/store-locator">Choose your store</a> to see its price and add it to your cart.
            </p>
          )}
          {product.snap ? <p className="badge product-page__snap">SNAP eligible</p> : null}
        </div>
      </div>
      {product.description ? (
        <section aria-labelledby="product-about">
          <h2 id="product-about">About this product</h2>
          <p>{product.description}</p>
        </section>
      ) : null}
      {product.ingredients ? (
        <section aria-labelledby="product-ingredients">
          <h2 id="product-ingredients">Ingredients</h2>
          <p>{product.ingredients}</p>
        </section>
      ) : null}
      {product.allergens.length ? (
        <section aria-labelledby="product-allergens">
          <h2 id="product-allergens">Allergens</h2>
          <p>Contains: {product.allergens.join(', ')}</p>
        </section>
      ) : null}
      {product.nutrition ? (
        <section aria-labelledby="product-nutrition">
          <h2 id="product-nutrition">Nutrition facts</h2>
          <table className="product-page__nutrition">
            <tbody>
              {product.nutrition.map(([label, value]) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  <td>{value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
      {also.length ? (
        <section aria-labelledby="product-also">
          <h2 id="product-also">Often bought with</h2>
          <ul className="product-page__also">
            {also.map((p) => (
              <li key={p.id}>
                <a href={`/products/${p.slug}`}>
                  <img src={p.image} alt="" width={64} height={64} loading="lazy" />
                  <span>{p.name}</span>
                  {p.size ? <span className="product-card__meta">{p.size}</span> : null}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
