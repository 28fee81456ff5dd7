import type { IslandName } from '../../core/wire/islands';

// When each island hydrates (docs/performance.md, "Lighthouse"). The server renders every island's first view
// whole, so React and the island's code load only when the island needs to run:
// - 'load': at once (its first view needs the browser);
// - 'route': at once when the address names a view the server could not render (the shop's `#!/cart`, `#!/product/…`:
//   the server never sees the fragment), or the visitor's store changes on the page; otherwise as 'cart'. The
//   server renders the shop's default view whole (the product list of the visitor's store, or the store chooser
//   with the stores), so nothing in it waits for React;
// - 'cart': on interaction, or as soon as the visitor's cart is known to hold something (the header cart's load),
//   since the island then shows those quantities (search results, a product page, a circular);
// - 'interaction': when the visitor reaches for it (pointer over or down, focus, a key, a touch). A click or a
//   form submission made before React is there is held and replayed once the island has hydrated, and what was
//   typed or chosen meanwhile is handed to the component (react-app/islands/hydrate.tsx).
// Without JavaScript every island's server view works as it is.
export type Hydration = 'load' | 'route' | 'cart' | 'interaction';

export const ISLAND_HYDRATION: { [N in IslandName]: Hydration } = {
  shop: 'route',
  'search-products': 'cart',
  product: 'cart',
  circular: 'cart',
  recipe: 'interaction',
  'contact-form': 'interaction',
  'drink-calculator': 'interaction',
  'store-picker': 'interaction',
};

/**
 * True when the address names a shop view other than the one the server rendered: any `#!/…` route, a list with a
 * query (`#!/?department=…`, another store's `#!/?store_id=…`) too. No fragment, `#!`, `#!/` and other fragments (a
 * skip link's `#main`) are the default view.
 */
export function namesOtherView(hash: string): boolean {
  return /^#!\/./.test(hash);
}

/** The events that start an island's hydration (the visitor is reaching for it). */
export const REACH_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/** The events held until the island has hydrated, then replayed on their target. */
export const HELD_EVENTS = ['click', 'submit'] as const;
