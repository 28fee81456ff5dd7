import { money } from './client';
import type { Product } from './types';

export interface ProductActions {
  onAdd: (product: Product) => Promise<void>;
  onFavorite: (product: Product, on: boolean) => Promise<void>;
  busy: Set<string>;
  storeQuery: string;
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
      <p className="product-card__price">{money(product.price_cents)}</p>
      <div className="product-card__actions">
        <button
          type="button"
          className="button"
          disabled={adding}
          onClick={() => void actions.onAdd(product)}
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
