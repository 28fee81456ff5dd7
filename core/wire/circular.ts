// A circular as the server sends it to the circular island (its props): title with the date line, items.

export interface CircularItem {
  product_id: number;
  name: string;
  size: string;
  price_cents: number;
  /** The ad's price while the ad has not ended; null after (the regular price applies: core/shop/price.ts). */
  sale_price_cents: number | null;
}

export interface CircularProps {
  title: string;
  dateLine: string;
  items: CircularItem[];
}
