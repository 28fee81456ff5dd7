import type { Catalog } from '../shop/catalog';
import type { Tender } from '../shop/checkout';
import type { OrderState } from '../shop/order-state';
import type { Substitution } from '../shop/substitution';
import { endpoint } from './endpoint';
import type * as S from './schemas/shop';

// The shop platform's routes (/api/shop/v1/, server/routes/shop/ and the password change): call them with
// `api(shop.cart, { query })` (core/api/client.ts). Reference: docs/api.md.

/** The store and catalogue of a shop page: its store, else the visitor's; a grocery page by default. */
export interface StoreQuery {
  store_id?: number;
  catalog?: Catalog;
}
export interface ProductQuery extends StoreQuery {
  department?: number;
  q?: string;
  sort?: 'name' | 'price_asc' | 'price_desc';
  page?: number;
  per_page?: number;
  filter?: 'is_favorite';
  /** Comma-separated: `organic,vegan`. */
  attributes?: string;
  available?: '1' | 'true';
  on_sale?: '1' | 'true';
  min_price?: number;
  max_price?: number;
}
const V1 = '/api/shop/v1';

export const stores = endpoint<typeof S.stores>()('GET', `${V1}/stores`);
/** The shopping stores nearest a typed ZIP code or city (the store chooser). */
export const storesNear = endpoint<typeof S.storesNear, { query: { place: string } }>()('GET', `${V1}/stores/near`);
export const store = endpoint<typeof S.store>()('GET', `${V1}/stores/:id`);
export const navigation = endpoint<typeof S.navigation>()('GET', `${V1}/stores/:id/navigation`);
export const currentStore = endpoint<typeof S.currentStore>()('GET', `${V1}/current-store`);
/** "Set my store": the visitor's store for this session (and account); answers the store. */
export const setCurrentStore = endpoint<typeof S.chosenStore, { body: { store_id: number } }>()('PUT', `${V1}/current-store`);

export const me = endpoint<typeof S.me>()('GET', `${V1}/me`);
export const signIn = endpoint<typeof S.signedIn, { body: { email: string; password: string } }>()('POST', `${V1}/session`);
export const signOut = endpoint<typeof S.signedOut>()('DELETE', `${V1}/session`);
export const signUp = endpoint<typeof S.signedIn, { body: { name: string; email: string; password: string } }>()('POST', `${V1}/account`);
export const account = endpoint<typeof S.account>()('GET', `${V1}/account`);
export const updateAccount = endpoint<typeof S.account, { body: { name: string } }>()('PATCH', `${V1}/account`);
export const changePassword = endpoint<typeof S.passwordChanged, { body: { current_password: string; new_password: string } }>()(
  'PUT',
  `${V1}/account/password`,
);

export const products = endpoint<typeof S.productPage, { query: ProductQuery }>()('GET', `${V1}/products`);
export const suggest = endpoint<typeof S.suggestions, { query: { q: string; catalog?: Catalog } }>()('GET', `${V1}/search/suggest`);
export const product = endpoint<typeof S.product, { query: StoreQuery }>()('GET', `${V1}/products/:id`);

export const cart = endpoint<typeof S.cart, { query: StoreQuery }>()('GET', `${V1}/cart`);
export const cartById = endpoint<typeof S.cart, { query: StoreQuery }>()('GET', `${V1}/carts/:id`);
export const addToCart = endpoint<
  typeof S.cart,
  { query: StoreQuery; body: { items: Array<{ product_id: number; quantity?: number }> } }
>()('POST', `${V1}/cart/items`);
export const setCartLine = endpoint<typeof S.cart, { query: StoreQuery; body: { quantity: number } }>()(
  'PUT',
  `${V1}/cart/items/:product_id`,
);
export const setSubstitution = endpoint<
  typeof S.cart,
  { query: StoreQuery; body: { substitution: Substitution; substitute_id?: number } }
>()('PUT', `${V1}/cart/items/:product_id/substitution`);
export const removeCartLine = endpoint<typeof S.cart, { query: StoreQuery }>()('DELETE', `${V1}/cart/items/:product_id`);

export const favorites = endpoint<typeof S.favorites>()('GET', `${V1}/favorites`);
export const addFavorite = endpoint<typeof S.favorites>()('PUT', `${V1}/favorites/:product_id`);
export const removeFavorite = endpoint<typeof S.favorites>()('DELETE', `${V1}/favorites/:product_id`);

export const orders = endpoint<typeof S.orders>()('GET', `${V1}/orders`);
export const order = endpoint<typeof S.order>()('GET', `${V1}/orders/:id`);
/** tender (card when absent), ebt_cents (a split's EBT SNAP part), age_confirmed, coupon_ids: core/shop/checkout.ts. */
export const placeOrder = endpoint<
  typeof S.order,
  { body: { store_id: number; slot_id?: number; tender?: Tender; ebt_cents?: number; age_confirmed?: boolean; coupon_ids?: number[] } }
>()('POST', `${V1}/orders`);
export const changeOrderLine = endpoint<typeof S.order, { body: { quantity: number } }>()('PATCH', `${V1}/orders/:id/lines/:product_id`);
export const cancelOrder = endpoint<typeof S.order>()('POST', `${V1}/orders/:id/cancel`);
export const reorder = endpoint<typeof S.reordered>()('POST', `${V1}/orders/:id/reorder`);

export const coupons = endpoint<typeof S.coupons>()('GET', `${V1}/coupons`);
/** Clip (PUT) or unclip (DELETE) a coupon: answers the running coupons again. */
export const clipCoupon = endpoint<typeof S.coupons>()('PUT', `${V1}/coupons/:id/clip`);
export const unclipCoupon = endpoint<typeof S.coupons>()('DELETE', `${V1}/coupons/:id/clip`);

export const pickupSlots = endpoint<typeof S.pickupSlots, { query: { date: string } }>()('GET', `${V1}/stores/:id/pickup-slots`);
export const pickupHold = endpoint<typeof S.pickupHold>()('GET', `${V1}/pickup-hold`);
export const holdPickupSlot = endpoint<typeof S.pickupHold, { body: { slot_id: number } }>()('PUT', `${V1}/pickup-hold`);
export const releasePickupHold = endpoint<typeof S.pickupHold>()('DELETE', `${V1}/pickup-hold`);

export const staffOrders = endpoint<typeof S.staffOrdersDay, { query: { store_id: number; date?: string } }>()('GET', `${V1}/staff/orders`);
export const moveStaffOrder = endpoint<typeof S.staffOrderMoved, { body: { status: OrderState } }>()(
  'PUT',
  `${V1}/staff/orders/:id/status`,
);

export const lists = endpoint<typeof S.shoppingLists>()('GET', `${V1}/lists`);
export const createList = endpoint<typeof S.shoppingList, { body: { name: string } }>()('POST', `${V1}/lists`);
export const list = endpoint<typeof S.shoppingListDetail, { query: StoreQuery }>()('GET', `${V1}/lists/:id`);
export const renameList = endpoint<typeof S.shoppingList, { body: { name: string } }>()('PATCH', `${V1}/lists/:id`);
export const deleteList = endpoint<typeof S.listDeleted>()('DELETE', `${V1}/lists/:id`);
export const addListItem = endpoint<typeof S.listItemAdded, { body: { product_id: number; quantity?: number } }>()(
  'POST',
  `${V1}/lists/:id/items`,
);
export const setListItem = endpoint<typeof S.shoppingList, { body: { quantity: number } }>()('PUT', `${V1}/lists/:id/items/:product_id`);
export const removeListItem = endpoint<typeof S.shoppingList>()('DELETE', `${V1}/lists/:id/items/:product_id`);
export const listToCart = endpoint<typeof S.listToCart, { query: StoreQuery }>()('POST', `${V1}/lists/:id/cart`);
