// A circular as the server sends it to the circular island (its props): title with the date line, items.

export interface CircularItem {
  product_id: number;
  name: string;
  size: string;
  price_cents: number;
  sale_price_cents: number;
}

export interface CircularProps {
  title: string;
  dateLine: string;
  items: CircularItem[];
}
