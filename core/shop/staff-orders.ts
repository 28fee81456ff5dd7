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

/** A store the signed-in staff member may manage, for the screen's store choice. */
export interface StaffStore {
  id: number;
  name: string;
}

/** The staff screen: a store's pickup orders of the day by window. */
export const STAFF_ORDERS_PATH = '/staff/orders';
