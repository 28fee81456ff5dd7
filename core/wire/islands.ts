import type { CircularProps } from './circular';
import type { RecipeProps } from './recipe';
import type { ContactStore, StoreInfo, StoreSummary } from './store';
import type { NavNode, Product, ProductPage } from '../shop/api-types';
import type { ProductPageProps } from './product-page';

export type { ProductPageProps } from './product-page';

export type { CircularItem, CircularProps } from './circular';
export type { RecipeIngredient, RecipeProps } from './recipe';

// React islands: the props each one is rendered with on the server and hydrated with in the browser
// (serialised into data-props). One definition for server/render/islands.tsx, the island components and
// the island widget.

export interface StorePickerProps {
  stores: StoreSummary[];
  currentStoreId: number | null;
}

export interface ContactFormProps {
  /** Sorted by state, then name (the server sorts them). */
  stores: ContactStore[];
  currentStoreId: number | null;
}

export interface ShopUser {
  id: number;
  email: string;
  name: string;
}

export interface ShopProps {
  currentStoreId: number | null;
  user: ShopUser | null;
  /** The current store as the server knows it, so the first view names it without a call (no shift). */
  store?: StoreInfo | null;
  /** The current store's departments, so the product list's department menu is in the first view. */
  navigation?: { shop: NavNode } | null;
  /** The first page of the current store's product list (the default view), as the products API answers it. */
  products?: ProductPage | null;
  /** No current store: the stores the chooser lists (its first view then), as GET stores lists them. */
  stores?: StoreSummary[] | null;
}

/** The product results of the search page (/search?s=), priced at the store whose shelf they are. */
export interface SearchProductsProps {
  storeId: number;
  products: Product[];
}

export interface DrinkCalculatorProps {
  guests?: number;
  length?: number;
}

export interface IslandProps {
  'store-picker': StorePickerProps;
  'contact-form': ContactFormProps;
  shop: ShopProps;
  'drink-calculator': DrinkCalculatorProps;
  circular: CircularProps;
  recipe: RecipeProps;
  'search-products': SearchProductsProps;
  product: ProductPageProps;
}

export type IslandName = keyof IslandProps;

const NAMES: ReadonlySet<string> = new Set<IslandName>([
  'store-picker',
  'contact-form',
  'shop',
  'drink-calculator',
  'circular',
  'recipe',
  'search-products',
  'product',
]);
export const isIslandName = (name: string): name is IslandName => NAMES.has(name);

/** The islands of one server render: their props and the renderer of their markup. */
export interface IslandSlots {
  props: { [N in IslandName]?: IslandProps[N] };
  render: <N extends IslandName>(name: N, props: IslandProps[N]) => string;
}
