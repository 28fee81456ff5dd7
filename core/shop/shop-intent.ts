// Shop-intent buttons: the ones that take the shopper into shopping (Add to cart, Make This My Store, Place
// order, and page-builder buttons that link into a shop). They share one look: the corner radius is defined once,
// as the stylesheet's --shop-intent-radius token (react-app/styles/shop-intent.css; 4 px, docs/behaviour.md), and
// e2e/shop-intent.spec.ts checks the rendered radius of every such button.

/** The class every shop-intent button carries (the shop module's buttons use it through `.button`). */
export const SHOP_INTENT_CLASS = 'button--shop-intent';

/** Paths of the shops themselves (the store is chosen in the hash: #!/?store_id=…). */
const SHOP_PATHS = ['/shop', '/catering/shop', '/wine/shop'];

/** true when a link goes into one of the shops, whatever its hash or query (`/shop#!/cart`, `/wine/shop?x`). */
export function isShopIntentHref(href: string | null | undefined): boolean {
  if (!href) return false;
  let path: string;
  try {
    // Relative links resolve against any origin; only the path matters (absolute links to other sites never match).
    const url = new URL(href, 'http://site.invalid');
    if (url.origin !== 'http://site.invalid') return false;
    path = url.pathname.replace(/\/+$/, '') || '/';
  } catch {
    return false;
  }
  return SHOP_PATHS.includes(path);
}

/**
 * The accessible name of a product's Add to cart button: the words it shows, then which product ("Add to cart,
 * Bananas"). A voice-control user says what they see, so the name starts with the visible label (WCAG 2.5.3).
 */
export function addToCartName(visible: string, product: string): string {
  return `${visible}, ${product}`;
}
