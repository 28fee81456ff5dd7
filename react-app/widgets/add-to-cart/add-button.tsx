import { addToCartName, SHOP_INTENT_CLASS } from '../../../core/shop/shop-intent';
import type { CSSProperties } from 'react';
import type { Product } from '../../../core/shop/api-types';
import { ProductCardHead } from '../../shop/product-card';

/**
 * A product's Add to cart button on a content page, server-rendered; the add-to-cart handler sends it. Named with
 * the words it shows, then the product (core/shop/shop-intent.ts).
 */
export function AddButton({ product, label = 'Add to cart', quantity = 1 }: { product: Product; label?: string; quantity?: number }) {
  return (
    <button
      type="button"
      className={`button ${SHOP_INTENT_CLASS} e-add-to-cart`}
      data-add-product={product.id}
      data-add-quantity={quantity}
      aria-label={addToCartName(label, product.name)}
      disabled={!product.available}
    >
      {product.available ? label : 'Out of stock'}
    </button>
  );
}

/** Where the handler says what an add did ("Added Bananas. Your cart has 3 items."). */
export const AddStatus = () => <p className="e-add-to-cart__status" role="status" />;

/** Products as the shop's cards, each with its Add to cart button, and the status the adds report to. */
export function ProductCards({ items, style }: { items: Product[]; style?: CSSProperties }) {
  return (
    <>
      <ul className="e-product-grid__items product-grid" style={style}>
        {items.map((p) => (
          <li key={p.id} className="product-card" data-product-id={p.id}>
            <ProductCardHead product={p} href={`/products/${p.slug}`} />
            <AddButton product={p} />
          </li>
        ))}
      </ul>
      <AddStatus />
    </>
  );
}
