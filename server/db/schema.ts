import type { Generated } from 'kysely';
import type { ContactMessage } from '../../core/wire/contact-message';
import type { Store } from '../../core/wire/store';
import type {
  CartLinesTable,
  CartsTable,
  FavoritesTable,
  OrderLinesTable,
  OrderRequestsTable,
  OrdersTable,
  PickupSlotsTable,
  ShoppingListItemsTable,
  ShoppingListsTable,
  SlotHoldsTable,
  StoreStaffTable,
} from './schema-shop';
import type {
  DepartmentsTable,
  ProductsTable,
  StoreProductsTable,
  ProductAttributesTable,
  StoreHoursExceptionsTable,
  PromotionsTable,
  CouponsTable,
  CouponProductsTable,
  ClippedCouponsTable,
  AuditLogTable,
  ImportsTable,
  ImportLockTable,
} from './schema-catalogue';
import type { DocumentLocksTable, DocumentReviewsTable, RolePoliciesTable } from './schema-editorial';

import type {
  DocumentsTable,
  DocumentRevisionsTable,
  ContentBlocksTable,
  ContentViewsTable,
  ContentEventDaysTable,
  ContentEventRefusalsTable,
  PreviewLinksTable,
  ContentEventsTable,
  ContentVariantsTable,
  FormSubmissionsTable,
} from './schema-content';

export type * from './schema-shop';
export type * from './schema-editorial';
export type * from './schema-catalogue';
export type * from './schema-content';

// Column types as both dialects return them. JSON is stored as text (one format for SQLite and PostgreSQL);
// booleans as 0/1 integers; timestamps as milliseconds since the epoch.

export interface SettingsTable {
  key: string;
  value: string;
}

/**
 * A wire type as its table stores it: the JSON columns as text and the boolean columns as 0/1 integers
 * (one format for SQLite and PostgreSQL). Rows are built from the wire types so a field is written once.
 */
export type StoredRow<T, Json extends keyof T, Bool extends keyof T = never> = {
  [K in keyof T]: K extends Json ? string : K extends Bool ? number : T[K];
};

/** hours, the id lists and other_attributes as JSON; kind as plain text (shopping | catering | wine). */
export type StoresTable = Omit<
  StoredRow<Store, 'hours' | 'store_segment_ids' | 'store_group_ids' | 'other_attributes', 'is_selectable'>,
  'kind'
> & {
  kind: string;
  time_zone: Generated<string>; // IANA zone, e.g. America/New_York
  tax_rate_bp: Generated<number>; // combined sales-tax rate in basis points (750 = 7.50 %)
  opening_date: string | null;
  services: Generated<string>; // JSON string[]
  seo: Generated<string>;
  updated_at: Generated<number>;
};

export interface UsersTable {
  id: Generated<number>;
  email: string;
  name: string;
  password_hash: string;
  roles: string; // JSON string[]
  segment_ids: string; // JSON number[]
  store_id: number | null;
  created_at: number;
  /** 1 = created by the seeder as a demo account (migration 180; docs/security.md). */
  seeded_demo: Generated<number>;
  /** The account's own shopping store, kept while a wine or catering store is current (migration 190). */
  shopping_store_id: Generated<number | null>;
}

export interface SessionsTable {
  id: string; // sha256 of the cookie token
  user_id: number | null;
  store_id: number | null;
  created_at: number;
  expires_at: number;
  /** The visitor's own shopping store, kept while a wine or catering store is current (migration 190). */
  shopping_store_id: Generated<number | null>;
}

// The catalogue's rows, declared once for the seed data that writes them and the server that reads them.

export interface RecipesTable {
  id: number;
  slug: string;
  title: string;
  summary: string;
  minutes: number;
  serves: number;
  ingredients: string; // JSON [{ text, product_id|null }]
  steps: string; // JSON string[]
  hue: number;
  prep_minutes: Generated<number>;
  cook_minutes: Generated<number>;
  images: Generated<string>; // JSON [{ key, alt, width, height }]
  nutrition: string | null;
  status: Generated<string>; // publish | draft
  seo: Generated<string>;
  updated_at: Generated<number>;
}

export interface TermsTable {
  id: number;
  taxonomy: string;
  slug: string;
  name: string;
}

export interface RecipeTermsTable {
  recipe_id: number;
  term_id: number;
}

export interface CircularsTable {
  id: number;
  slug: string;
  title: string;
  start_date: string;
  end_date: string;
  display_start_date: string | null;
  display_end_date: string | null;
  store_ids: string; // JSON number[]; empty = every shopping store
  status: Generated<string>; // publish | draft
  seo: Generated<string>;
  updated_at: Generated<number>;
}

export interface CircularItemsTable {
  circular_id: number;
  product_id: number;
  sale_price_cents: number;
  position: number;
}

export interface UsageEventsTable {
  id: Generated<number>;
  event: string;
  details: string; // JSON, whitelisted fields only
  page: string;
  user_id: number | null;
  created_at: number;
}

export interface UploadsTable {
  id: Generated<number>;
  storage_key: string;
  original_name: string;
  mime: string;
  size: number;
  url: string;
  user_id: number | null;
  created_at: number;
}

export interface DebugLogTable {
  id: Generated<number>;
  source: string; // file-uploads
  level: string; // info | warning
  message: string;
  context: string; // JSON
  created_at: number;
}

export interface LoginAttemptsTable {
  key: string;
  window_start: number;
  count: number;
}

export interface KnownSignInAddressesTable {
  user_id: number;
  address: string;
  last_seen: number;
}

export interface OneTimeLinksTable {
  id: string; // sha256 of the link's token
  purpose: string; // setup | reset
  user_id: number | null; // null for the first administrator's set-up link
  created_at: number;
  expires_at: number;
}

/** The inbox's message without the joined store name, plus the signed-in sender (if any). */
export type ContactMessagesTable = Omit<ContactMessage, 'id' | 'store_name'> & {
  id: Generated<number>;
  user_id: number | null;
};

/** Field vitals (migration 081): one row per page view and metric. */
export interface VitalsTable {
  id: Generated<number>;
  path: string;
  device: string;
  metric: string;
  value: number;
  created_at: number;
}

export interface Database {
  imports: ImportsTable;
  import_lock: ImportLockTable;
  vitals: VitalsTable;
  login_attempts: LoginAttemptsTable;
  settings: SettingsTable;
  stores: StoresTable;
  users: UsersTable;
  sessions: SessionsTable;
  departments: DepartmentsTable;
  products: ProductsTable;
  store_products: StoreProductsTable;
  product_attributes: ProductAttributesTable;
  store_hours_exceptions: StoreHoursExceptionsTable;
  promotions: PromotionsTable;
  coupons: CouponsTable;
  coupon_products: CouponProductsTable;
  clipped_coupons: ClippedCouponsTable;
  audit_log: AuditLogTable;
  recipes: RecipesTable;
  terms: TermsTable;
  recipe_terms: RecipeTermsTable;
  circulars: CircularsTable;
  circular_items: CircularItemsTable;
  documents: DocumentsTable;
  document_revisions: DocumentRevisionsTable;
  content_events: ContentEventsTable;
  preview_links: PreviewLinksTable;
  content_views: ContentViewsTable;
  content_event_days: ContentEventDaysTable;
  content_event_refusals: ContentEventRefusalsTable;
  content_variants: ContentVariantsTable;
  content_blocks: ContentBlocksTable;
  carts: CartsTable;
  cart_lines: CartLinesTable;
  favorites: FavoritesTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  pickup_slots: PickupSlotsTable;
  slot_holds: SlotHoldsTable;
  order_requests: OrderRequestsTable;
  usage_events: UsageEventsTable;
  uploads: UploadsTable;
  debug_log: DebugLogTable;
  contact_messages: ContactMessagesTable;
  known_sign_in_addresses: KnownSignInAddressesTable;
  one_time_links: OneTimeLinksTable;
  editor_preferences: EditorPreferencesTable;
  store_staff: StoreStaffTable;
  shopping_lists: ShoppingListsTable;
  shopping_list_items: ShoppingListItemsTable;
  redirects: RedirectsTable;

  role_policies: RolePoliciesTable;
  document_reviews: DocumentReviewsTable;
  document_locks: DocumentLocksTable;

  form_submissions: FormSubmissionsTable;
}

/** Migration 200: old address → new address (docs/seo.md); slug changes add rows by trigger. */
export interface RedirectsTable {
  id: Generated<number>;
  from_path: string;
  to_path: string;
  status: Generated<number>;
  source: Generated<string>; // slug | manual | import
  created_at: number;
}

/** Migration 150: an editor's own editor preferences (docs/behaviour.md). */
export interface EditorPreferencesTable {
  user_id: number;
  lightbox_enabled_in_editor: string; // 'yes' | 'no'
}
