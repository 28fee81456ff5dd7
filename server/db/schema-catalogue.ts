import type { Generated } from 'kysely';
import type { DepartmentRow, ProductRow, StorePriceRow } from '../../core/wire/catalog';

// The catalogue's tables (migration 160 and after): row types of server/db/schema.ts's Database, kept apart so each
// file holds one area.

// Migration 160's columns have database defaults, so seed rows and feeds may leave them out (docs/catalogue.md).
export type DepartmentsTable = DepartmentRow & { updated_at: Generated<number> };
export type ProductsTable = ProductRow & {
  kind: Generated<string>; // the product kind it was made from (fixtures' kinds table), '' if none
  upc: string | null;
  size_value: number | null;
  size_unit: Generated<string>; // oz | fl oz | lb | gal | qt | pt | ct | ea | g | kg | ml | l
  ingredients: Generated<string>;
  allergens: Generated<string>; // JSON string[]
  nutrition: string | null; // JSON nutrition facts
  snap_eligible: Generated<number>;
  tax_category: Generated<string>; // grocery | prepared_food | alcohol | general
  age_restricted: Generated<number>;
  catering_notice_hours: Generated<number>;
  images: Generated<string>; // JSON [{ key, alt, width, height }]
  active: Generated<number>;
  seo: Generated<string>; // JSON SEO fields
  updated_at: Generated<number>;
};
export type StoreProductsTable = StorePriceRow & {
  member_price_cents: number | null;
  promotion_id: number | null;
  updated_at: Generated<number>;
};

/** A product's attribute keys (core/shop/product-attributes.ts), one row each: filters read this index. */
export interface ProductAttributesTable {
  product_id: number;
  attribute: string;
}

export interface StoreHoursExceptionsTable {
  store_id: number;
  day: string; // YYYY-MM-DD, store-local
  open: string | null; // HH:MM; both null = closed that day
  close: string | null;
  note: string;
}

export interface PromotionsTable {
  id: Generated<number>;
  code: Generated<string | null>; // the promotions feed's key (docs/imports.md); null for promotions made by hand
  product_id: number;
  title: string;
  sale_price_cents: number;
  start_date: string;
  end_date: string;
  store_ids: string; // JSON number[]; empty = every shopping store
  created_at: number;
  updated_at: number;
}

export interface CouponsTable {
  id: Generated<number>;
  title: string;
  description: Generated<string>;
  discount_kind: string; // amount | percent
  discount_value: number; // cents, or whole percent
  start_date: string;
  end_date: string;
  limit_per_order: number;
  active: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface CouponProductsTable {
  coupon_id: number;
  product_id: number;
}

export interface ClippedCouponsTable {
  user_id: number;
  coupon_id: number;
  clipped_at: number;
}

export interface AuditLogTable {
  id: Generated<number>;
  user_id: number | null;
  user_name: string;
  entity: string; // store | department | product | store_product | promotion | coupon | circular | recipe | import
  entity_id: string;
  action: string; // create | update | delete | import
  before: string | null; // JSON
  after: string | null; // JSON
  created_at: number;
}

/** One feed import: its history row and, while it runs, its progress (docs/imports.md). */
export interface ImportsTable {
  id: Generated<number>;
  kind: string;
  file_name: string;
  file_key: string | null;
  file_sha256: string | null;
  mode: string; // dry-run | apply
  options: Generated<string>; // JSON
  user_id: number | null;
  user_name: string;
  status: string; // running | dry-run | applied | rejected | failed | interrupted
  phase: Generated<string>;
  rows_read: Generated<number>;
  bytes_read: Generated<number>;
  bytes_total: number | null;
  counts: Generated<string>; // JSON
  result: Generated<string>; // JSON
  pid: number | null;
  host: string | null;
  started_at: number;
  updated_at: number;
  finished_at: number | null;
}

export interface ImportLockTable {
  id: number;
  import_id: number | null;
  pid: number | null;
  host: string | null;
  token: string | null;
  heartbeat_at: number;
}
