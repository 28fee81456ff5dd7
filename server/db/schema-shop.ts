import type { Generated } from 'kysely';

// The shop's tables (carts, favourites, pickup slots and orders, store staff, shopping lists): row types of
// server/db/schema.ts's Database, kept apart so each file holds one area.

export interface CartsTable {
  id: Generated<number>;
  user_id: number | null;
  session_id: string | null;
  created_at: number;
  updated_at: number;
}

export interface CartLinesTable {
  cart_id: number;
  product_id: number;
  quantity: number;
  updated_at: number;
  substitution: Generated<string>; // none | best_match | this_product
  substitute_id: number | null;
}

export interface FavoritesTable {
  user_id: number;
  product_id: number;
  created_at: number;
}

export interface OrdersTable {
  id: Generated<number>;
  user_id: number;
  store_id: number;
  status: string; // placed | picking | ready | picked_up | cancelled
  pickup_date: string; // YYYY-MM-DD
  total_cents: number;
  created_at: number;
  slot_id: number | null;
  subtotal_cents: number;
  fee_cents: number;
  tax_cents: number;
  /** Migration 240: card | ebt_snap | split (core/shop/checkout.ts), the EBT SNAP part, ID check, coupons' discount. */
  tender: Generated<string>;
  ebt_cents: Generated<number>;
  id_check: Generated<number>;
  coupon_cents: Generated<number>;
}

export interface PickupSlotsTable {
  id: Generated<number>;
  store_id: number;
  day: string; // YYYY-MM-DD, store-local
  start_time: string; // HH:MM
  end_time: string;
  capacity: number;
  version: number;
}

export interface SlotHoldsTable {
  id: Generated<number>;
  slot_id: number;
  holder: string; // u:{userId} | s:{sessionId}
  expires_at: number;
}

export interface OrderRequestsTable {
  user_id: number;
  idempotency_key: string;
  order_id: number;
  created_at: number;
}

export interface OrderLinesTable {
  order_id: number;
  product_id: number;
  name: string;
  quantity: number;
  price_cents: number;
  substitution: Generated<string>;
  substitute_id: number | null;
  /** Migration 182: JSON PriceTier[] (core/shop/price.ts); '' = one tier at price_cents. */
  price_tiers: Generated<string>;
  /** Migration 240: the clipped coupon applied to the line and what it took off. */
  coupon_id: number | null;
  coupon_cents: Generated<number>;
}

/** Migration 130: the stores a store_staff account works at. */
export interface StoreStaffTable {
  user_id: number;
  store_id: number;
}

/** Migration 131: a shopper's named shopping lists and their products. */
export interface ShoppingListsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  created_at: number;
}

export interface ShoppingListItemsTable {
  list_id: number;
  product_id: number;
  quantity: number;
  created_at: number;
}
