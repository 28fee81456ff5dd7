import { type Page, type Route } from '@playwright/test';
import { expect, test, countLayoutShifts, expectAxeClean, keepScreenshot, layoutShift, watchConsole, ON_EVERY_DEVICE } from './support';

// Shop views that load after the first view (a department, a search, a product page) show skeletons in the
// final boxes instead of blank space: while the answer is held back the skeleton is there, then the content
// replaces it in the same place, with no layout shift.

/** Holds the matching API answers until `release()`: the test looks at the loading state without timing. */
async function holdApi(page: Page, pattern: RegExp): Promise<{ release: () => void; held: Promise<void> }> {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let seen!: () => void;
  const held = new Promise<void>((r) => (seen = r));
  await page.route(pattern, async (route: Route) => {
    seen();
    await gate;
    await route.continue();
  });
  return { release, held };
}

const box = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!;

/**
 * Two painted frames: what the route change itself moves (the department list, the focus moved to a new view,
 * which scrolls it into sight) has been laid out before shifts are counted. On a loaded machine those land frames
 * after the skeleton first shows.
 */
const framesPainted = (page: Page) =>
  page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

test(`skeletons hold the place of products and the product page`, ON_EVERY_DEVICE, async ({ page, device }) => {
  const console = watchConsole(page);
  await page.goto('/shop#!/?store_id=1001');
  const shop = page.locator('[data-island="shop"]');
  // The shop hydrates when the visitor reaches for it (react-app/islands/hydration.ts), once its loader watches it.
  await expect(shop).toHaveAttribute('data-hydrated');
  await shop.dispatchEvent('pointerover');
  await expect(shop).toHaveAttribute('data-hydrated', 'true');
  await expect(shop.locator('.product-grid .product-card:not(.product-card--skeleton)').first()).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));

  // A department: the skeleton cards sit where the products will be, the same size.
  const products = await holdApi(page, /\/api\/shop\/v1\/products\?/);
  await page.evaluate(() => (location.hash = '#!/?store_id=1001&department=100'));
  await products.held;
  const skeleton = shop.locator('[data-skeleton="products"]');
  await expect(skeleton).toBeVisible();
  // From here on, what moves is the swap of skeleton for content (the department list's own change is the
  // shopper's doing).
  await framesPainted(page);
  await page.evaluate(countLayoutShifts, false);
  await expect(skeleton.getByRole('status')).toHaveText('Loading products…');
  const ghost = await box(page, '.product-card--skeleton');
  await expectAxeClean(page, `product skeleton ${device}`);
  await keepScreenshot(page, `skeleton-products-${device}`);
  products.release();
  await expect(skeleton).toHaveCount(0);
  const card = await box(page, '.product-grid .product-card');
  expect(Math.abs(card.y - ghost.y)).toBeLessThanOrEqual(1);
  expect(Math.abs(card.width - ghost.width)).toBeLessThanOrEqual(1);
  // A card is as tall as its row's longest name: the skeleton reserves the usual one, within a line of text.
  expect(Math.abs(card.height - ghost.height)).toBeLessThanOrEqual(30);
  expect(await layoutShift(page)).toBeLessThan(0.01);
  await page.unroute(/\/api\/shop\/v1\/products\?/);

  // A search: the same.
  const search = await holdApi(page, /\/api\/shop\/v1\/products\?.*q=/);
  await page.evaluate(() => (location.hash = '#!/?store_id=1001&q=apples'));
  await search.held;
  await expect(skeleton.getByRole('status')).toHaveText('Searching…');
  await framesPainted(page);
  await page.evaluate(countLayoutShifts, false);
  search.release();
  await expect(shop.locator('.shop-count')).toContainText('for “apples”');
  expect(await layoutShift(page)).toBeLessThan(0.01);
  await page.unroute(/\/api\/shop\/v1\/products\?.*q=/);

  // The product page: the image box and the text column are reserved.
  const product = await holdApi(page, /\/api\/shop\/v1\/products\/\d+\?/);
  await page.evaluate(() => (location.hash = '#!/product/5000?store_id=1001'));
  await product.held;
  await expect(shop.locator('[data-skeleton="product"]')).toBeVisible();
  // A new view takes the focus (for keyboard and screen-reader users), which may scroll it into sight.
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('[data-island="shop"]'))).toBe(true);
  await framesPainted(page);
  await page.evaluate(countLayoutShifts, false);
  const ghostImage = await box(page, '[data-skeleton="product"] .skeleton--image');
  await expectAxeClean(page, `product page skeleton ${device}`);
  product.release();
  await expect(shop.getByRole('heading', { name: 'Honeycrisp Apples', level: 2 })).toBeVisible();
  const image = await box(page, '.product-details__body img');
  expect(Math.abs(image.y - ghostImage.y)).toBeLessThanOrEqual(1);
  expect(Math.abs(image.height - ghostImage.height)).toBeLessThanOrEqual(1);
  expect(await layoutShift(page)).toBeLessThan(0.01);
  expect(console.errors).toEqual([]);
});
