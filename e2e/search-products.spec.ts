import {
  expect,
  test,
  countLayoutShifts,
  expectAxeClean,
  keepScreenshot,
  layoutShift,
  watchConsole,
  ON_EVERY_DEVICE,
  reachIsland,
} from './support';

// The search page's product results (issue 17 item 7): image, the store's price and Add to cart, which becomes
// the shop's − qty + stepper in place, keeps the keyboard focus and is announced by the header cart. The server
// renders the final cards, so hydrating and loading the cart move nothing; without JavaScript they still read.

test(`search results add to cart with a stepper, keyboard only`, ON_EVERY_DEVICE, async ({ page, device }) => {
  const console = watchConsole(page);
  await page.addInitScript(countLayoutShifts, true);
  await page.goto('/search?s=bananna');
  const results = page.locator('[data-island="search-products"]');
  await reachIsland(results);
  const card = results.locator('.product-card', { has: page.getByRole('heading', { name: 'Bananas', exact: true }) });
  await expect(card.locator('img')).toBeVisible();
  await expect(card.locator('.product-card__price')).toContainText(/\$\d+\.\d\d/);
  // Typo forgiven: the bananas are among the first three results.
  const names = await results.locator('.product-card__name').allTextContents();
  expect(names.slice(0, 3)).toContain('Bananas');

  const live = page.locator('[data-header-cart] .header-cart__live');
  const count = page.locator('[data-header-cart] .header-cart__count');
  await card.getByRole('button', { name: 'Add to cart, Bananas', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(live).toHaveText(/^Added Bananas\. Cart: 1 item, \$\d+\.\d\d\.$/);
  await expect(card.getByRole('button', { name: 'One more Bananas', exact: true })).toBeFocused();
  await expect(count).toHaveText('1');
  await expectAxeClean(page, `search results ${device}`);
  await keepScreenshot(page, `search-products-${device}`);

  await page.keyboard.press('Enter');
  await expect(card.getByRole('group', { name: 'Bananas in your cart' })).toContainText('2');
  await expect(count).toHaveText('2');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(live).toHaveText(/^Bananas: quantity 1\./);
  await expect(card.getByRole('button', { name: 'Remove Bananas from cart' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(live).toHaveText(/^Removed Bananas\./);
  await expect(card.getByRole('button', { name: 'Add to cart, Bananas', exact: true })).toBeFocused();

  // A reload shows the cart's quantities in the same boxes: the page does not move.
  await card.getByRole('button', { name: 'Add to cart, Bananas', exact: true }).press('Enter');
  await expect(count).toHaveText('1');
  await page.reload();
  await expect(results).toHaveAttribute('data-hydrated', 'true');
  await expect(card.getByRole('group', { name: 'Bananas in your cart' })).toBeVisible();
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);
  expect(console.errors).toEqual([]);
});

test('a product added before the header cart has loaded the cart is still named in the announcement', async ({ page }) => {
  // Every load of the cart waits until the shopper has added (a slow phone): the header has no cart to compare.
  const held: Array<() => Promise<void>> = [];
  await page.route(/\/api\/shop\/v1\/cart(\?|$)/, (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    held.push(() => route.continue());
  });
  await page.goto('/search?s=bananas');
  const results = page.locator('[data-island="search-products"]');
  await reachIsland(results);
  await expect.poll(() => held.length).toBeGreaterThan(0);
  const card = results.locator('.product-card', { has: page.getByRole('heading', { name: 'Bananas', exact: true }) });
  await card.getByRole('button', { name: 'Add to cart, Bananas', exact: true }).press('Enter');
  await expect(page.locator('[data-header-cart] .header-cart__live')).toHaveText(/^Added Bananas\. Cart: 1 item, \$\d+\.\d\d\.$/);
  await Promise.all(held.map((release) => release()));
  await expect(page.locator('[data-header-cart] .header-cart__count')).toHaveText('1');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('search results still show image, name and price', async ({ page }) => {
    await page.goto('/search?s=bananas');
    const card = page.locator('.product-card', { has: page.getByRole('heading', { name: 'Bananas', exact: true }) });
    await expect(card.locator('img')).toBeVisible();
    await expect(card.locator('img')).toHaveJSProperty('complete', true);
    await expect(card.locator('.product-card__price')).toContainText(/\$\d+\.\d\d/);
  });
});
