import { api, urlOf } from '../../core/api/client';
import * as shop from '../../core/api/shop';
import { AddToList } from './add-to-list';
import { FavoriteToggle, ProductImage, ProductPrice, ProductStepper, type ProductActions } from './product-card';
import { ProductDetailsSkeleton } from './skeletons';
import { ErrorMessage } from './status';
import { useLoad } from './use-load';

export function ProductDetails({ id, actions, backHref }: { id: number; actions: ProductActions; backHref: string }) {
  const url = urlOf(shop.product, { id }, actions.apiQuery);
  const product = useLoad(url, () => api(shop.product, { params: { id }, query: actions.apiQuery }));
  const p = product.data;
  return (
    <section className="product-details" aria-label="Product details">
      <p>
        <a href={backHref}>← Back to products</a>
      </p>
      {product.loading ? <ProductDetailsSkeleton /> : null}
      <ErrorMessage message={product.error} onRetry={product.reload} />
      {p && !product.loading ? (
        <div className="product-details__body">
          <ProductImage product={p} width={360} alt={p.image_alt || p.name} />
          <div>
            <h2>{p.name}</h2>
            <p className="product-card__meta">
              {p.brand} · {p.size}
            </p>
            <ProductPrice product={p} className="product-details__price" />
            <p>{p.description}</p>
            <div className="product-card__actions">
              <ProductStepper product={p} actions={actions} />
              <FavoriteToggle
                product={p}
                onToggle={async () => {
                  if (await actions.onFavorite(p, !p.is_favorite)) product.set({ ...p, is_favorite: !p.is_favorite });
                }}
              />
            </div>
            <AddToList productId={p.id} productName={p.name} />
            <p>
              <a href={`/products/${p.slug}`} className="product-details__permalink">
                Product page for {p.name}
              </a>
            </p>
          </div>
        </div>
      ) : null}
    </section>
  );
}
