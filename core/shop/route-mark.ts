// The shop's deep links (docs/shop.md, "Deep links"). The server renders the shop's default view: it never sees the
// URL fragment. When the address names another view, the island shows it only once its code is there, after the
// first paint on a slow phone; until then the default list must not be shown as if it were the answer. This
// script, inline in the head of a page holding the shop (allowed by its hash in the Content-Security-Policy, not
// by 'unsafe-inline'), runs before anything is painted: it marks the page with the kind of view the address names
// (`list`, `product`, `other`), so the site CSS hides the island's view, and puts the skeleton of that view
// (a <template> the server renders after the island) in its place. A list of the visitor's own store
// (`#!/?store_id=<current>`, the main menu's Shop link) is the server's view: not marked. The island clears the
// mark when it shows the address's view (react-app/islands/shop.tsx), the loader when the island cannot load;
// without JavaScript nothing is marked and the default view works as it is.

/** Set on <html> while the shop's own view is not there yet: `list`, `product` or `other`. */
export const SHOP_ROUTE_ATTRIBUTE = 'data-shop-route';

/** The skeleton put in place of the island's view (a clone of the template of its kind). */
export const SHOP_ROUTE_SKELETON = 'shop-route-skeleton';

/**
 * Kept small and without dependencies: it is the page's only inline script. `data-store` on the script element is
 * the visitor's store (empty without one). Each frame until the template is parsed whole (something follows it:
 * a frame may be painted while its content is still arriving), and at DOMContentLoaded, the skeleton is put in
 * place once, while the mark is still there.
 */
export const SHOP_ROUTE_SCRIPT =
  '(function(d,h){var k,e=d.documentElement,s=d.currentScript.getAttribute("data-store");' +
  'if(!/^#!\\/./.test(h)||h=="#!/?store_id="+s)return;' +
  'k=/^#!\\/\\?/.test(h)?"list":/^#!\\/product\\//.test(h)?"product":"other";' +
  `e.setAttribute("${SHOP_ROUTE_ATTRIBUTE}",k);` +
  `function f(){if(!k||!e.hasAttribute("${SHOP_ROUTE_ATTRIBUTE}"))return;` +
  "var t=d.querySelector('template[data-shop-route=\"'+k+'\"]');" +
  'if(t&&(t.nextSibling||d.readyState!="loading")){t.parentNode.insertBefore(t.content.cloneNode(true),t);k=0}else if(d.readyState=="loading")requestAnimationFrame(f)}' +
  'requestAnimationFrame(f);d.addEventListener("DOMContentLoaded",f)})(document,location.hash)';

/** The island shows the address's view (or cannot load): the default view's place is its own again. */
export function clearShopRouteMark(): void {
  document.documentElement.removeAttribute(SHOP_ROUTE_ATTRIBUTE);
  for (const skeleton of document.querySelectorAll(`.${SHOP_ROUTE_SKELETON}`)) skeleton.remove();
}
