// The home page the server rendered for the visitor's new store: its content area and the two page-builder style
// blocks replace the current page's (the store layer fetches it, store-layer.ts).

export const CONTENT_AREA = '.site-content > [data-elementor-type="wp-page"]';
export const PAGE_STYLES = ['style#elementor-frontend-inline-css', 'style.elementor-post-css'];

/** Replaces the content area and page style blocks with the fetched page's. False if it has no content area. */
export function swapHomepage(current: Document, fetched: Document): boolean {
  const next = fetched.querySelector(CONTENT_AREA);
  const area = current.querySelector(CONTENT_AREA);
  if (!next || !area) return false;
  for (const selector of PAGE_STYLES) {
    const incoming = fetched.querySelector(selector);
    const existing = current.querySelector(selector);
    if (incoming) {
      const copy = current.importNode(incoming, true);
      if (existing) existing.replaceWith(copy);
      else current.head.appendChild(copy);
    } else existing?.remove();
  }
  area.replaceWith(current.importNode(next, true));
  return true;
}
