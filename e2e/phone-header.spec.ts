import { expect, expectAxeClean, keepScreenshot, ON_PHONE, test, watchConsole } from './support';

// On a phone (390x844, iPhone, touch) the site header is at most 120 px tall before scrolling on every page,
// in two rows (store, account and cart; menu, logo and search), nothing scrolls sideways, and on /shop the
// first product shows in the first screen.

const PAGES = [
  '/',
  '/shop',
  '/shop#!/?store_id=1001',
  '/shop#!/cart',
  '/recipes',
  '/recipes/shakshuka',
  '/store/store-locator',
  '/stores/ann-arbor-kerrytown',
  '/weekly-deals',
  '/catering',
  '/drink-calculator',
  '/search?s=milk',
];

// The tests here are the phone project's alone (ON_PHONE): its profile is the phone's (e2e/devices.ts).

test('the phone header is at most 120 px tall on every page, in two rows', ON_PHONE, async ({ page }) => {
  const console = watchConsole(page);
  const heights: Record<string, number> = {};
  for (const path of PAGES) {
    await page.goto(path);
    await expect(page.locator('[data-header-cart] .header-cart__count')).not.toBeEmpty();
    const m = await page.evaluate(() => {
      const top = (s: string) => document.querySelector(s)!.getBoundingClientRect();
      return {
        header: top('.site-header').height,
        store: top('.my-store').top,
        account: top('.account-link').top,
        cart: top('.header-cart__toggle').top,
        menu: top('.menu-toggle').top,
        logo: top('.site-header .logo').top,
        search: top('.search-toggle').top,
        scroll: document.documentElement.scrollWidth,
      };
    });
    heights[path] = Math.round(m.header);
    expect(m.header, `${path}: header height`).toBeLessThanOrEqual(120);
    // Each row keeps its controls on one line (a wrapped row is how the header grew to 320 px).
    expect(Math.max(m.store, m.account, m.cart) - Math.min(m.store, m.account, m.cart), `${path}: top row`).toBeLessThan(24);
    expect(Math.max(m.menu, m.logo, m.search) - Math.min(m.menu, m.logo, m.search), `${path}: main row`).toBeLessThan(24);
    expect(m.scroll, `${path}: sideways scroll`).toBeLessThanOrEqual(390);
  }
  test.info().annotations.push({ type: 'header heights', description: JSON.stringify(heights) });
  expect(console.errors).toEqual([]);
});

test('on /shop the first product shows in the first screen of a phone, and the header is axe clean', ON_PHONE, async ({ page }) => {
  await page.goto('/shop#!/?store_id=1001');
  const shop = page.locator('[data-island="shop"]');
  // The shop hydrates when the visitor reaches for it (react-app/islands/hydration.ts), once its loader watches it.
  await expect(shop).toHaveAttribute('data-hydrated');
  await shop.dispatchEvent('pointerover');
  await expect(shop).toHaveAttribute('data-hydrated', 'true');
  const first = shop.locator('.product-grid .product-card:not(.product-card--skeleton)').first();
  await expect(first).toBeVisible();
  const box = (await first.boundingBox())!;
  // With the app banner and the site banner both showing, the first product's image starts on screen.
  expect(box.y).toBeLessThan(844 - 60);
  await keepScreenshot(page, 'phone-header-shop');
  await expectAxeClean(page, 'phone shop');
  // The mini-cart opens from the compact header, inside the screen.
  await page.locator('.header-cart__toggle').click();
  const panel = page.locator('.header-cart__panel');
  await expect(panel).toBeVisible();
  const p = (await panel.boundingBox())!;
  expect(p.x).toBeGreaterThanOrEqual(0);
  expect(p.x + p.width).toBeLessThanOrEqual(390);
  await expectAxeClean(page, 'phone mini-cart open');
});

// The closed off-canvas menu was laid out with the page in the first frame after boot (about 300 elements; the
// frame's task on a throttled phone, docs/performance.md, Vitals): closed, its content is skipped, not merely
// invisible; opened, it renders and works.
test('the closed phone menu is not rendered until it opens', ON_PHONE, async ({ page }) => {
  await page.goto('/showcase');
  await expect(page.locator('#site-menu.off-canvas')).toHaveAttribute('aria-hidden', 'true');
  const rendered = () =>
    page
      .locator('#site-menu .menu > li > a')
      .first()
      .evaluate((a) => a.checkVisibility());
  expect(await rendered()).toBe(false);
  await page.locator('.menu-toggle').click();
  await expect(page.locator('#site-menu')).toHaveClass(/is-open/);
  expect(await rendered()).toBe(true);
  await expect(page.locator('#site-menu .menu > li > a').first()).toBeInViewport();
  await page.keyboard.press('Escape');
  await expect(page.locator('#site-menu')).not.toHaveClass(/is-open/);
  expect(await rendered()).toBe(false);
});
