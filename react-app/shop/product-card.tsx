import { money } from './client';
import type { Product } from './types';

/** The charged price, the shelf price it replaces while on sale ("was"), and the unit price. */
export function ProductPrice({ product, className = 'product-card__price' }: { product: Product; className?: string }) {
  return (
    <p className={className}>
      <strong className={product.was_cents !== null ? 'price--sale' : undefined}>{money(product.price_cents)}</strong>
      {product.was_cents !== null ? (
        <>
          {' '}
          <s className="price__was" aria-label={`was ${money(product.was_cents)}`}>
            {money(product.was_cents)}
          </s>
        </>
      ) : null}
      {product.unit_price ? <span className="price__unit"> {product.unit_price}</span> : null}
      {!product.available ? <span className="price__stock"> Out of stock</span> : null}
    </p>
  );
}

export interface ProductActions {
  onAdd: (product: Product) => Promise<void>;
  onFavorite: (product: Product, on: boolean) => Promise<void>;
  busy: Set<string>;
  storeQuery: string;
  /** store_id and catalog of this page for API calls. */
  apiQuery: string;
}

/** A product in a list: image, name linking to its details, price, add to cart and the favorite toggle. */
export function ProductCard({ product, actions }: { product: Product; actions: ProductActions }) {
  const adding = actions.busy.has(`add-${product.id}`);
  const faving = actions.busy.has(`fav-${product.id}`);
  return (
    <li className="product-card" data-product-id={product.id}>
      <a href={`#!/product/${product.id}${actions.storeQuery}`} className="product-card__link">
        <img src={product.image} alt="" width={160} height={160} loading="lazy" />
        <h3 className="product-card__name">{product.name}</h3>
      </a>
      <p className="product-card__meta">
        {product.brand} · {product.size}
      </p>
      <ProductPrice product={product} />
      <div className="product-card__actions">
        <button
          type="button"
          className="button"
          // aria-disabled, not disabled: a disabled button drops the keyboard focus while the add runs.
          aria-disabled={adding}
          onClick={() => {
            if (!adding) void actions.onAdd(product);
          }}
          aria-label={`Add ${product.name} to cart`}
        >
          {adding ? 'Adding…' : 'Add to cart'}
        </button>
        <button
          type="button"
          className={`favorite-toggle${product.is_favorite ? ' is-favorite' : ''}`}
          aria-pressed={product.is_favorite}
          aria-label={`Favorite ${product.name}`}
          disabled={faving}
          onClick={() => void actions.onFavorite(product, !product.is_favorite)}
        >
          <span aria-hidden="true">{product.is_favorite ? '♥' : '♡'}</span>
        </button>
      </div>
    </li>
  );
}
