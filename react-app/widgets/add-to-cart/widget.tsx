import { ProductPrice } from '../../shop/product-card';
import { addToCartDataKey, type AddToCartData } from '../../../core/wire/grocery-widgets';
import { str, type WidgetDefinition } from '../types';
import { AddButton, AddStatus } from './add-button';

/**
 * One product's Add to cart button, with its price at the visitor's store (loaded by the server before the render,
 * server/render/widget-data.ts). A product the store does not carry says so instead of offering a button.
 */
export const addToCart: WidgetDefinition = {
  type: 'add-to-cart',
  title: 'Add to Cart',
  behaviour: { chunk: 'add-to-cart' },
  frontendSettings: [],
  controls: [
    { key: 'product_id', label: 'Product id', type: 'number', min: 1 },
    { key: 'quantity', label: 'Quantity', type: 'number', min: 1, max: 99, default: 1 },
    { key: 'button_text', label: 'Button text', type: 'text', default: 'Add to cart' },
    { key: 'show_price', label: 'Show the price', type: 'switcher', default: 'yes' },
  ],
  // The demo catalogue's first product (Honeycrisp Apples, fixtures/catalog.ts): an editor picks their own.
  defaults: { product_id: 5000, quantity: 1, button_text: 'Add to cart', show_price: 'yes' },
  render: (s, ctx, node) => {
    const data = ctx.data[addToCartDataKey(node.id)] as AddToCartData | undefined;
    const quantity = Math.min(99, Math.max(1, Math.trunc(Number(s.quantity)) || 1));
    if (!data) return <p className="e-add-to-cart__missing">An Add to cart button for the chosen product shows here.</p>;
    if (!data.product) return <p className="e-add-to-cart__missing">This product is not sold at {data.store_name}.</p>;
    return (
      <div className="e-add-to-cart-widget">
        {s.show_price === 'yes' ? (
          <>
            <p className="e-add-to-cart__name">
              <a href={`/products/${data.product.slug}`}>{data.product.name}</a>
            </p>
            <ProductPrice product={data.product} className="e-add-to-cart__price" />
          </>
        ) : null}
        <AddButton product={data.product} label={str(s.button_text) || 'Add to cart'} quantity={quantity} />
        <AddStatus />
      </div>
    );
  },
};
