import type { Product } from '../shop/api-types';

// What the server gives the grocery widgets at render (RenderContext.data, server/render/widget-data.ts), for the
// visitor's store (or the default store), so their first view is complete: docs/widgets.md, "Grocery widgets".

export interface ProductGridData {
  store_id: number;
  store_name: string;
  items: Product[];
}

export interface AddToCartData {
  store_name: string;
  /** null: the store does not carry the product (or there is none). */
  product: Product | null;
}

export interface StoreHoursData {
  store_name: string;
  store_url: string;
  /** One line per day, in the week's order: "Monday", "7 AM – 10 PM"; `today` in the store's time zone (the page
   * cache keeps a page no later than the store's midnight). */
  days: Array<{ day: string; hours: string; today: boolean }>;
}

export interface WeeklyAdData {
  store_name: string;
  /** The running ad's title and dates, or null when no ad runs at the store. */
  ad: { title: string; url: string; dates: string } | null;
  items: Product[];
}

export interface CouponData {
  coupon: { id: number; title: string; description: string; off: string; ends: string } | null;
}

export const gridDataKey = (elementId: string): string => `product-grid:${elementId}`;
export const addToCartDataKey = (elementId: string): string => `add-to-cart:${elementId}`;
export const storeHoursDataKey = (elementId: string): string => `store-hours:${elementId}`;
export const weeklyAdDataKey = (elementId: string): string => `weekly-ad:${elementId}`;
export const couponDataKey = (elementId: string): string => `coupon:${elementId}`;
