import { api } from '../api/client';
import * as shop from '../api/shop';
import type { Cart } from './api-types';

// The most of one product a cart line holds: the server caps adds at it, the steppers stop their + there.
export const MAX_LINE_QUANTITY = 99;

/**
 * Sets a product's quantity in the cart: a product not in it yet (`inCart` false) is added,
 * 0 removes its line, anything else sets it. Answers the cart. The shop, search results and product pages share it.
 */
export function setCartQuantity(productId: number, quantity: number, inCart: boolean, query: string): Promise<Cart> {
  if (!inCart) return api(shop.addToCart, { query, body: { items: [{ product_id: productId, quantity }] } });
  if (quantity === 0) return api(shop.removeCartLine, { params: { product_id: productId }, query });
  return api(shop.setCartLine, { params: { product_id: productId }, query, body: { quantity } });
}
