// The shapes the shop platform API answers (server/routes/shop/*), shared by the server that builds them,
// the store layer and the shop island that read them: one definition of each wire format.

export interface NavNode {
  id: string;
  title: string;
  url: string;
  children: NavNode[];
  selected: boolean;
}

/** The navigation response of SPEC §3: branches shop, recipe and account. */
export interface Navigation {
  shop: NavNode;
  recipe: NavNode;
  account: NavNode;
}

export interface Product {
  id: number;
  name: string;
  slug: string;
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
