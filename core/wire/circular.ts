import type { ProductAttribute } from '../shop/product-attributes';

// A circular as the server sends it to the circular island (its props): title with the date line, items.

export interface CircularItem {
  product_id: number;
  name: string;
  size: string;
  /** The store's regular price (the "was" price while a sale runs). */
  price_cents: number;
  /** The price the store charges today when it is on sale (the ad's or the store's own); null when not on sale. */
  sale_price_cents: number | null;
  /** False when the shopper's store does not sell the item or is out of it: no Add. */
  available: boolean;
  /** The product's attributes ('snap' among them when SNAP-eligible): its card's badges, as on every product card. */
  attributes: ProductAttribute[];
}

export interface CircularProps {
  title: string;
  dateLine: string;
  items: CircularItem[];
}
