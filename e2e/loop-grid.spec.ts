import { type Page } from '@playwright/test';
import { expectNoAxeViolations, keepScreenshot, watchConsole, expect, test } from './support';

const GRID = 'c72021';
const grid = (page: Page) => page.locator(`[data-id="${GRID}"]`);
const itemIds = (page: Page) =>
  grid(page)
    .locator('.e-loop-item')
    .evaluateAll((els) => els.map((e) => e.className));
const countText = (page: Page) => grid(page).locator('.e-loop-count').innerText();
const termCount = async (page: Page, filter: string, term: string) =>
  Number(/\((\d+)\)/.exec(await page.locator(`[data-id="${filter}"] [data-filter="${term}"]`).innerText())?.[1]);

test('recipes: picking terms updates the address and the grid; reload keeps it; back restores; axe clean', async ({
  firstVisitPage: page,
}) => {
  const console = watchConsole(page);
  await page.goto('/recipes');
  await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
  await expect(page.getByRole('heading', { level: 1, name: 'Recipes' })).toBeVisible();
  const everything = await countText(page);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1)); // survives only without page loads

  // Course: Dinner (single selection).
  const dinnerCount = await termCount(page, 'c72011', 'dinner');
  await page
    .locator('[data-id="c72011"]')
    .getByRole('link', { name: /^Dinner/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`\\?e-filter-${GRID}-course=dinner$`));
  await expect(grid(page).locator('.e-loop-count')).toHaveText(`${dinnerCount} recipes · page 1 of ${Math.ceil(dinnerCount / 12)}`);
  await expect(page.locator('[data-id="c72011"] [data-filter="dinner"]')).toHaveAttribute('aria-current', 'true');
  const dinnerItems = await itemIds(page);

  // Diet: Gluten Free (multiple, AND) narrows it further; the address keeps both.
  await page
    .locator('[data-id="c72013"]')
    .getByRole('link', { name: /^Gluten Free/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`e-filter-${GRID}-course=dinner&e-filter-${GRID}-diet=gluten-free$`));
  await expect.poll(() => itemIds(page)).not.toEqual(dinnerItems);
  const narrowed = await itemIds(page);
  const narrowedCount = await countText(page);
  expect(Number(narrowedCount.split(' ')[0])).toBeLessThan(dinnerCount);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  await expect(grid(page).locator('.e-loop-item a').first()).toHaveAttribute('href', /^\/recipes\/[a-z0-9-]+$/);
  await keepScreenshot(page, 'loop-grid-filtered', { fullPage: true });

  // A reload renders the same grid on the server from the address.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
  expect(await itemIds(page)).toEqual(narrowed);
  expect(await countText(page)).toBe(narrowedCount);
  await expect(page.locator('[data-id="c72013"] [data-filter="gluten-free"]')).toHaveAttribute('aria-current', 'true');

  // Back restores the previous grid (dinner only), forward the narrowed one.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`\\?e-filter-${GRID}-course=dinner$`));
  await expect.poll(() => itemIds(page)).toEqual(dinnerItems);
  await expect(page.locator('[data-id="c72013"] [data-filter="gluten-free"]')).not.toHaveAttribute('aria-current', 'true');
  await page.goForward();
  await expect.poll(() => itemIds(page)).toEqual(narrowed);

  // "All" clears the course filter.
  await page.locator('[data-id="c72011"]').getByRole('link', { name: 'All' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?e-filter-${GRID}-diet=gluten-free$`));
  await expect(grid(page).locator('.e-loop-count')).not.toHaveText(everything);

  await expectNoAxeViolations(page);
  expect(console.errors).toEqual([]);
});

test('a failing refresh (500) leaves the grid content unchanged', async ({ firstVisitPage: page }) => {
  const console = watchConsole(page);
  await page.goto(`/recipes?e-filter-${GRID}-cuisine=italian`);
  await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
  const before = await grid(page).locator(':scope > .elementor-widget-container').innerHTML();
  let calls = 0;
  await page.route('**/wp-json/elementor-pro/v1/refresh-loop', (route) => {
    calls++;
    return route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"boom","message":"x","data":{"status":500}}' });
  });
  await page
    .locator('[data-id="c72012"]')
    .getByRole('link', { name: /^Mexican/ })
    .click();
  await expect.poll(() => calls).toBe(1);
  await expect(grid(page)).not.toHaveClass(/e-loading/);
  expect(await grid(page).locator(':scope > .elementor-widget-container').innerHTML()).toBe(before);
  // The only console noise allowed is the browser's own report of the failed request.
  expect(console.errors.filter((e) => !/status of 500/.test(e))).toEqual([]);
});

test('products page: filter by department with the keyboard', async ({ firstVisitPage: page }) => {
  await page.goto('/products');
  await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
  const produce = await termCount(page, 'c73011', 'produce');
  await page.locator('[data-id="c73011"] [data-filter="produce"]').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\?e-filter-c73021-department=produce$/);
  await expect(page.locator('[data-id="c73021"] .e-loop-count')).toHaveText(new RegExp(`^${produce} products`));
  await page.locator('[data-id="c73011"] [data-filter="bakery"]').click();
  await expect(page).toHaveURL(/\?e-filter-c73021-department=produce~bakery$/);
  const bakery = await termCount(page, 'c73011', 'bakery');
  await expect(page.locator('[data-id="c73021"] .e-loop-count')).toHaveText(new RegExp(`^${produce + bakery} products`));
  await keepScreenshot(page, 'loop-grid-products', { fullPage: true });
  await expectNoAxeViolations(page);
});

test('a loading overlay shows while the grid refreshes', async ({ firstVisitPage: page }) => {
  await page.goto('/recipes');
  await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/wp-json/elementor-pro/v1/refresh-loop', async (route) => {
    await held;
    await route.continue();
  });
  await page
    .locator('[data-id="c72011"]')
    .getByRole('link', { name: /^Snack/ })
    .click();
  await expect(grid(page)).toHaveClass(/e-loading/);
  await expect(grid(page).locator(':scope > .elementor-widget-container')).toHaveAttribute('aria-busy', 'true');
  await keepScreenshot(page, 'loop-grid-loading');
  release();
  await expect(grid(page)).not.toHaveClass(/e-loading/);
  const snacks = await termCount(page, 'c72011', 'snack');
  // More snacks than a page holds add "· page 1 of 2".
  await expect(grid(page).locator('.e-loop-count')).toHaveText(new RegExp(`^${snacks} recipes`));
});
