import { hasControlCharacters } from '../security/control-characters';
import type { Cart } from './api-types';

// Shopping lists: several named lists per shopper, each product once per list with a quantity; "add all to
// cart" puts what the store sells into the cart and reports the rest. The limits and the name rule are here,
// for the server's check and the form's message alike.

export const MAX_LISTS = 20;
export const MAX_LIST_ITEMS = 200;
export const MAX_LIST_NAME = 60;

/** Why a list name cannot be used (null when it can); the name is trimmed first. */
export function listNameError(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Give the list a name.';
  if (trimmed.length > MAX_LIST_NAME) return `A list name has at most ${MAX_LIST_NAME} characters.`;
  if (hasControlCharacters(trimmed)) return 'A list name cannot contain control characters.';
  return null;
}

export interface ShoppingList {
  id: number;
  name: string;
  /** Products on the list. */
  count: number;
  created_at: number;
}

export interface ShoppingListItem {
  product_id: number;
  name: string;
  image: string;
  quantity: number;
  /** At the store asked for: its price now, or null when that store does not sell it or it is out of stock. */
  price_cents: number | null;
  available: boolean;
}

export interface ShoppingListDetail extends ShoppingList {
  store_id: number;
  items: ShoppingListItem[];
}

export interface UnavailableListItem {
  product_id: number;
  name: string;
  reason: 'not_sold' | 'out_of_stock';
}

/** What "add all to cart" did: the products added, and those the store does not sell or has run out of. */
export interface ListToCartOutcome {
  added: number;
  unavailable: UnavailableListItem[];
}

export interface ListToCartResult extends ListToCartOutcome {
  cart: Cart;
}
