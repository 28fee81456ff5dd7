// Shapes the shop platform API answers (server/services/*).

export interface ShopUser {
  id: number;
  email: string;
  name: string;
}

export interface Product {
  id: number;
  name: string;
  brand: string;
  size: string;
  price_cents: number;
  description: string;
  department_id: number;
  image: string;
  is_favorite: boolean;
}

export interface ProductPage {
  items: Product[];
  total: number;
  page: number;
  per_page: number;
  pages: number;
}

export interface CartLine {
  product_id: number;
  name: string;
  size: string;
  image: string;
  quantity: number;
  price_cents: number;
  line_total_cents: number;
}

export interface Cart {
  id: number | null;
  lines: CartLine[];
  count: number;
  total_cents: number;
}

export interface Order {
  id: number;
  store_id: number;
  store_name: string;
  status: string;
  pickup_date: string;
  total_cents: number;
  created_at: number;
  lines: Array<{ product_id: number; name: string; quantity: number; price_cents: number }>;
}

export interface NavNode {
  id: string;
  title: string;
  url: string;
  children: NavNode[];
}

export interface StoreInfo {
  id: number;
  name: string;
  kind: string;
  is_selectable: boolean;
}
