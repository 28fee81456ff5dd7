import type { ProductAttribute } from './product-attributes';
import type { OrderTotal } from './order-total';
import type { Substitution } from './substitution';

// The shapes the shop platform API answers (server/routes/shop/*), shared by the server that builds them,
// the store layer and the shop island that read them: one definition of each wire format.

export interface NavNode {
  id: string;
  title: string;
  url: string;
  children: NavNode[];
  selected: boolean;
}

/** The navigation response: branches shop, recipe and account. */
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
  /** The price charged today at `store_id` (a running sale or circular included). */
  price_cents: number;
  /** The shelf price while a sale runs ("was"), else null. */
  was_cents: number | null;
  /** The last day of the running sale, else null. */
  sale_ends: string | null;
  /** price_cents is the signed-in loyalty member's price (docs/pricing.md). */
  member_price?: boolean;
  /** The store's member price where it is below what everyone pays, else null ("Members pay …"). */
  member_price_cents?: number | null;
  /** '$2.99/lb', '25.0¢/oz', '$1.25/each'; null when the size has no unit. */
  unit_price: string | null;
  available: boolean;
  store_id: number;
  attributes: ProductAttribute[];
  description: string;
  department_id: number;
  image: string;
  /** An uploaded image's sizes (docs/catalogue.md), with its full size for the aspect ratio; absent for drawn tiles. */
  image_srcset?: string;
  image_width?: number;
  image_height?: number;
  image_alt?: string;
  is_favorite: boolean;
}

export interface ProductPage {
  store_id: number;
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
  was_cents: number | null;
  line_total_cents: number;
  /** False when the cart's store does not sell it (or is out of it): not counted and not ordered. */
  available: boolean;
  substitution: Substitution;
  substitute_id: number | null;
  /** The chosen substitute's name (this_product), else null. */
  substitute_name: string | null;
  /** Why price_cents: 'member' when the shopper's loyalty price applies (docs/pricing.md). */
  basis?: string;
  /** The clipped coupon applied to the line (at most one), else null. */
  coupon?: { coupon_id: number; title: string; units: number; discount_cents: number } | null;
  snap_eligible?: boolean;
  /** Wine, beer or spirits: checkout asks to confirm 21 or over. */
  age_restricted?: boolean;
  /** Hours of notice a catering item needs before its pickup window (0 = none). */
  catering_notice_hours?: number;
}

export interface Cart {
  id: number | null;
  /** The store whose prices the cart shows. */
  store_id: number | null;
  store_name: string | null;
  lines: CartLine[];
  count: number;
  total_cents: number;
  /** What an order of the counted lines would cost at the store (core/shop/order-total.ts); null without a store. */
  estimate: OrderTotal | null;
  /** The pickup day the prices are for (the held window's day, else today): core/shop/price.ts. */
  priced_for?: string;
  /** The catalogue this cart holds: one cart per catalogue (grocery, wine, catering), each ordered at its store. */
  catalog?: string;
  /** Lines kept in the shopper's other catalogues' carts (ordered from those shops), by catalogue. */
  other_carts?: Array<{ catalog: string; count: number }>;
  /** The SNAP-eligible lines' total net of coupons: what EBT SNAP can pay. */
  ebt_eligible_cents?: number;
  /** Some line is age-restricted: checkout asks to confirm 21 or over. */
  age_restricted?: boolean;
  /** The longest catering notice in the cart (hours); windows sooner are not offered. */
  notice_hours?: number;
  /** Clipped coupons naming a product of the cart that are not applied, said in words. */
  coupon_notices?: string[];
}

export interface Order {
  id: number;
  store_id: number;
  store_name: string;
  status: string;
  pickup_date: string;
  slot_id: number | null;
  pickup_window: { start: string; end: string } | null;
  subtotal_cents: number;
  fee_cents: number;
  tax_cents: number;
  total_cents: number;
  /** What coupons took off (migration 240); 0 before. */
  coupon_cents?: number;
  created_at: number;
  /** How the shopper pays at pickup (core/shop/checkout.ts). */
  tender?: { method: string; ebt_cents: number; card_cents: number };
  /** Wine, beer or spirits in the order: staff check ID at pickup. */
  id_check?: boolean;
  /** Placing it: what changed since the cart (a coupon that ended in between, say). */
  notices?: string[];
  lines: Array<{
    product_id: number;
    name: string;
    quantity: number;
    price_cents: number;
    /** What the line costs: its units at the prices they were ordered at (core/shop/price.ts). */
    line_total_cents?: number;
    substitution: string;
    substitute_id: number | null;
    /** The chosen substitute's name (this_product), else null. */
    substitute_name?: string | null;
    coupon_title?: string | null;
    coupon_cents?: number;
  }>;
}
