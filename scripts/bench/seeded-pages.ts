// Every kind of seeded page a shopper reaches: the vitals benchmark measures them and e2e/first-render.spec.ts
// holds each to the first-render rules (no layout shift, no content call on the first view).
export const SEEDED_PAGES = [
  '/',
  '/shop',
  '/recipes',
  '/recipes/shakshuka',
  '/products',
  '/stores/columbus-short-north',
  '/store/store-locator',
  '/my-store/store-locator',
  '/circulars/weekly-ad',
  '/drink-calculator',
  '/weekly-deals',
  '/showcase',
  '/catering',
  '/wine',
  '/search?s=apple',
  '/contact',
];
