import type { OrderState } from './order-state';
import type { Substitution } from './substitution';

// The staff screen's wire format: a store's orders of one day, by pickup window, each with its lines and the
// shopper's substitution choices, so the picker knows what to do when a product is out.

export interface StaffOrderLine {
  product_id: number;
  name: string;
  quantity: number;
  substitution: Substitution;
  /** The product the shopper chose for this_product. */
  substitute_name: string | null;
}

export interface StaffOrder {
  id: number;
  customer: string;
  status: OrderState;
  items: number;
  total_cents: number;
  /** How the shopper pays at pickup: the EBT SNAP part and the card part (core/shop/checkout.ts). */
  tender: { method: string; ebt_cents: number; card_cents: number };
  /** Wine, beer or spirits in the order: check the shopper's ID at pickup. */
  id_check: boolean;
  lines: StaffOrderLine[];
}

export interface StaffSlot {
  start: string | null;
  end: string | null;
  orders: StaffOrder[];
}

export interface StaffOrdersDay {
  store_id: number;
  date: string;
  slots: StaffSlot[];
}

/** The tender plan in words for the staff screen and the shopper's order card. */
export function tenderText(t: { method: string; ebt_cents: number; card_cents: number }, money: (cents: number) => string): string {
  if (t.method === 'card' || t.ebt_cents === 0) return `Card ${money(t.card_cents)}`;
  return t.card_cents > 0 ? `EBT SNAP ${money(t.ebt_cents)} + card ${money(t.card_cents)}` : `EBT SNAP ${money(t.ebt_cents)}`;
}

/** A store the signed-in staff member may manage, for the screen's store choice. */
export interface StaffStore {
  id: number;
  name: string;
}

/** The staff screen: a store's pickup orders of the day by window. */
export const STAFF_ORDERS_PATH = '/staff/orders';
