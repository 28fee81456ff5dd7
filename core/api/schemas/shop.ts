import { z } from 'zod';
import type { Cart, CartLine, Navigation, NavNode, Order, Product, ProductPage } from '../../shop/api-types';
import { PRODUCT_ATTRIBUTES } from '../../shop/product-attributes';
import { SUBSTITUTIONS } from '../../shop/substitution';
import { ORDER_STATES } from '../../shop/order-state';
import type { ShoppingList, ShoppingListDetail, ShoppingListItem, ListToCartResult } from '../../shop/shopping-list';
import type { StaffOrdersDay } from '../../shop/staff-orders';
import type { Store } from '../../wire/store';
import type { OrderTotal } from '../../shop/order-total';
import type { Coupon } from '../../shop/coupons';
import type { PickupHold, PickupSlot } from '../../wire/pickup';
import { bool, exactly, int, itemsOf, nullableStr, str } from './common';

// The shop platform's answers (/api/shop/v1/, server/routes/shop/): the shapes of core/shop/api-types.ts and
// core/wire/store.ts as schemas, checked equal to them at compile time.

const clock = z.tuple([str, str]);
export const store = z.object({
  id: int,
  name: str,
  slug: str,
  url: str,
  address_1: str,
  address_2: str,
  city: str,
  state: str,
  postal_code: str,
  phone: str,
  hours: z.record(str, clock.nullable()),
  time_zone: str,
  latitude: z.number(),
  longitude: z.number(),
  store_number: str,
  is_selectable: bool,
  store_segment_ids: z.array(int),
  store_group_ids: z.array(int),
  other_attributes: z.object({
    related_catering_store_id: int.optional(),
    related_wine_store_id: int.optional(),
    related_shopping_id: int.optional(),
  }),
  kind: z.enum(['shopping', 'catering', 'wine']),
});
exactly<z.output<typeof store>, Store>(true);

export const stores = itemsOf(store);
/** The shopping stores nearest a typed ZIP code or city, nearest first, with the place found. */
export const storesNear = z.object({
  place: z.object({ label: str, latitude: z.number(), longitude: z.number() }),
  items: z.array(store.extend({ distance_miles: z.number() })),
});
export const currentStore = z.object({ store: store.nullable() });
/** hold_released: the visitor's pickup hold at another store was let go with the change. */
export const chosenStore = z.object({ store, hold_released: bool });

const navNode: z.ZodType<NavNode> = z.lazy(() => z.object({ id: str, title: str, url: str, children: z.array(navNode), selected: bool }));
export const navigation = z.object({ shop: navNode, recipe: navNode, account: navNode });
exactly<z.output<typeof navigation>, Navigation>(true);

/** The signed-in account as the session and account calls answer it. */
export const user = z.object({ id: int, email: str, name: str, roles: z.array(str), segment_ids: z.array(int), store_id: int.nullable() });
export const me = z.object({ user: user.nullable(), nonce: str });
export const signedIn = z.object({ user, nonce: str });
export const signedOut = z.object({ signed_out: bool, nonce: str });
export const account = z.object({ user });
export const passwordChanged = z.object({ changed: bool });

export const product = z.object({
  id: int,
  name: str,
  slug: str,
  brand: str,
  size: str,
  price_cents: int,
  was_cents: int.nullable(),
  sale_ends: nullableStr,
  member_price: bool.optional(),
  member_price_cents: int.nullable().optional(),
  unit_price: nullableStr,
  available: bool,
  store_id: int,
  attributes: z.array(z.enum(PRODUCT_ATTRIBUTES)),
  description: str,
  department_id: int,
  image: str,
  image_srcset: str.optional(),
  image_width: int.optional(),
  image_height: int.optional(),
  image_alt: str.optional(),
  is_favorite: bool,
});
exactly<z.output<typeof product>, Product>(true);

export const productPage = z.object({ store_id: int, items: z.array(product), total: int, page: int, per_page: int, pages: int });
exactly<z.output<typeof productPage>, ProductPage>(true);
export const suggestions = itemsOf(z.object({ id: int, name: str }));

const substitution = z.enum(SUBSTITUTIONS);
const cartLine = z.object({
  product_id: int,
  name: str,
  size: str,
  image: str,
  quantity: int,
  price_cents: int,
  was_cents: int.nullable(),
  line_total_cents: int,
  available: bool,
  substitution,
  substitute_id: int.nullable(),
  substitute_name: nullableStr,
  basis: str.optional(),
  coupon: z.object({ coupon_id: int, title: str, units: int, discount_cents: int }).nullable().optional(),
  snap_eligible: bool.optional(),
  age_restricted: bool.optional(),
  catering_notice_hours: int.optional(),
});
exactly<z.output<typeof cartLine>, CartLine>(true);
const orderTotal = z.object({ subtotal_cents: int, coupon_cents: int, fee_cents: int, tax_cents: int, total_cents: int });
exactly<z.output<typeof orderTotal>, OrderTotal>(true);
export const cart = z.object({
  id: int.nullable(),
  store_id: int.nullable(),
  store_name: nullableStr,
  lines: z.array(cartLine),
  count: int,
  total_cents: int,
  estimate: orderTotal.nullable(),
  priced_for: str.optional(),
  catalog: str.optional(),
  other_carts: z.array(z.object({ catalog: str, count: int })).optional(),
  ebt_eligible_cents: int.optional(),
  age_restricted: bool.optional(),
  notice_hours: int.optional(),
  coupon_notices: z.array(str).optional(),
});
exactly<z.output<typeof cart>, Cart>(true);

export const favorites = z.object({ product_ids: z.array(int) });

/** How the shopper pays at pickup (core/shop/checkout.ts). */
const tender = z.object({ method: str, ebt_cents: int, card_cents: int });
export const order = z.object({
  id: int,
  store_id: int,
  store_name: str,
  status: str,
  pickup_date: str,
  slot_id: int.nullable(),
  pickup_window: z.object({ start: str, end: str }).nullable(),
  subtotal_cents: int,
  fee_cents: int,
  tax_cents: int,
  total_cents: int,
  coupon_cents: int.optional(),
  created_at: z.number(),
  tender: tender.optional(),
  id_check: bool.optional(),
  notices: z.array(str).optional(),
  lines: z.array(
    z.object({
      product_id: int,
      name: str,
      quantity: int,
      price_cents: int,
      line_total_cents: int.optional(),
      substitution: str,
      substitute_id: int.nullable(),
      substitute_name: nullableStr.optional(),
      coupon_title: nullableStr.optional(),
      coupon_cents: int.optional(),
    }),
  ),
});
exactly<z.output<typeof order>, Order>(true);
export const orders = itemsOf(order);
export const reordered = z.object({ cart, added: int, skipped: int });

export const pickupSlot = z.object({
  id: int,
  store_id: int,
  date: str,
  start: str,
  end: str,
  label: str,
  capacity: int,
  remaining: int,
  held_by_me: bool,
  time_zone: str,
});
exactly<z.output<typeof pickupSlot>, PickupSlot>(true);
/** notice_hours: the longest catering notice in the visitor's cart for the store; sooner windows are left out. */
/** time_zone: the store's, whose day `date` is (the picker lists the store's days). */
export const pickupSlots = z.object({ store_id: int, date: str, time_zone: str, notice_hours: int, items: z.array(pickupSlot) });
const heldSlot = z.object({ slot: pickupSlot, expires_at: z.number() });
exactly<z.output<typeof heldSlot>, PickupHold>(true);
export const pickupHold = z.object({ hold: heldSlot.nullable() });

const staffOrder = z.object({
  id: int,
  customer: str,
  status: z.enum(ORDER_STATES),
  items: int,
  total_cents: int,
  tender,
  id_check: bool,
  lines: z.array(z.object({ product_id: int, name: str, quantity: int, substitution, substitute_name: nullableStr })),
});
export const staffOrdersDay = z.object({
  store_id: int,
  date: str,
  slots: z.array(z.object({ start: nullableStr, end: nullableStr, orders: z.array(staffOrder) })),
});
exactly<z.output<typeof staffOrdersDay>, StaffOrdersDay>(true);
export const staffOrderMoved = z.object({ id: int, status: z.enum(ORDER_STATES) });

export const shoppingList = z.object({ id: int, name: str, count: int, created_at: z.number() });
exactly<z.output<typeof shoppingList>, ShoppingList>(true);
export const shoppingLists = itemsOf(shoppingList);
const listItem = z.object({ product_id: int, name: str, image: str, quantity: int, price_cents: int.nullable(), available: bool });
exactly<z.output<typeof listItem>, ShoppingListItem>(true);
export const shoppingListDetail = shoppingList.extend({ store_id: int, items: z.array(listItem) });
exactly<z.output<typeof shoppingListDetail>, ShoppingListDetail>(true);
export const listDeleted = z.object({ deleted: bool, id: int });
export const listItemAdded = z.object({ added: bool, list: shoppingList });
export const listToCart = z.object({
  cart,
  added: int,
  unavailable: z.array(z.object({ product_id: int, name: str, reason: z.enum(['not_sold', 'out_of_stock']) })),
});
exactly<z.output<typeof listToCart>, ListToCartResult>(true);

/** Digital coupons running today, each saying whether the shopper clipped it (server/routes/shop/coupons.ts). */
const coupon = z.object({
  id: int,
  title: str,
  discount_kind: z.enum(['amount', 'percent']),
  discount_value: int,
  product_ids: z.array(int).readonly(),
  start_date: str,
  end_date: str,
  limit_per_order: int,
  active: bool,
});
exactly<z.output<typeof coupon>, Coupon>(true);
export const coupons = itemsOf(coupon.extend({ clipped: bool }));
