import { expect, type Page } from '@playwright/test';
import { expectAxeClean, signIn, test, watchConsole } from './support';
import { addCartLine, nonceOf, resetShopper } from './session-helpers';

// One shopper, two tabs, one pickup hold (docs/shop.md, "Pickup windows"). Tab A holds 10–11 AM at checkout; tab B,
// opened before, moves the hold to 2–3 PM; back in tab A the header and the cart show 2–3 PM, the cart says in
// words that it changed, and the order is placed for 2–3 PM. Before, tab A went on showing 10–11 AM (header and
// picker) while the server held 2–3 PM. And a hold that ends while the cart is open is said, the window still shown
// and ordered. At Cincinnati (1005): pickup holds are limited per address and store, and other specs hold at 1001.

const STORE = 1005;

async function openCart(page: Page): Promise<ReturnType<Page['locator']>> {
  const shop = page.locator('[data-island="shop"]');
  await page.goto(`/shop#!/cart?store_id=${STORE}`);
  await expect(shop.getByRole('heading', { name: /Your cart · Groceries at/ })).toBeVisible();
  return shop;
}

async function shopperWithCart(page: Page): Promise<void> {
  await resetShopper(page, 'jordan');
  await signIn(page, 'jordan');
  const headers = { 'x-wp-nonce': await nonceOf(page.request) };
  expect((await page.request.put('/api/shop/v1/current-store', { data: { store_id: STORE }, headers })).status()).toBe(200);
  // No hold left from an earlier test or run.
  expect((await page.request.delete('/api/shop/v1/pickup-hold', { headers })).status()).toBe(200);
  await addCartLine(page, 5000, 1, STORE);
}

test('a hold moved in another tab: the cart and header follow, say it, and the order gets the window shown', async ({ page, context }) => {
  await shopperWithCart(page);
  const console = watchConsole(page);
  const tabB = await context.newPage();
  await tabB.goto(`/shop#!/pickup?store_id=${STORE}`);

  const shop = await openCart(page);
  await shop.getByRole('radio', { name: /^10–11 AM/ }).check();
  const header = page.locator('[data-header-pickup]');
  await expect(header).toContainText(/10–11 AM, held until/);

  await tabB
    .locator('[data-island="shop"]')
    .getByRole('radio', { name: /^2–3 PM/ })
    .check();
  await expect(tabB.locator('[data-header-pickup]')).toContainText(/2–3 PM, held until/);

  await page.bringToFront();
  await expect(header).toContainText(/2–3 PM, held until/);
  const said = shop.locator('.pickup-form__window');
  await expect(said).toContainText(/Your pickup window is now .*2–3 PM: it was changed in another tab\./);
  await expect(said).toContainText(/Your pickup window: .*2–3 PM, held until/);
  await expect(shop.getByRole('radio', { name: /^2–3 PM/ })).toBeChecked();
  await expectAxeClean(page, 'cart after a hold moved in another tab');

  await shop.getByRole('button', { name: 'Place pickup order' }).click();
  const placed = shop.getByRole('status').filter({ hasText: /Order #\d+ is placed/ });
  await expect(placed).toBeVisible();
  const id = Number(/#(\d+)/.exec(await placed.innerText())![1]);
  await expect(shop.locator(`.order-card[data-order-id="${id}"]`)).toContainText(', 2–3 PM');
  expect(console.errors).toEqual([]);
});

test('a hold that ends while the cart is open is said, and the order still gets the window shown', async ({ page }) => {
  await shopperWithCart(page);
  const console = watchConsole(page);
  await page.clock.install();
  const shop = await openCart(page);
  await shop.getByRole('radio', { name: /^10–11 AM/ }).check();
  const header = page.locator('[data-header-pickup]');
  await expect(header).toContainText(/10–11 AM, held until/);
  await page.clock.fastForward('16:00');
  await expect(header).toContainText('Choose a time');
  const said = shop.locator('.pickup-form__window');
  await expect(said).toContainText(/Your hold on .*10–11 AM has ended\. The order still gets that window if it has room/);
  await expect(said).toContainText(/Your pickup window: .*10–11 AM, no longer held\./);
  await expect(shop.getByRole('radio', { name: /^10–11 AM/ })).toBeChecked();
  await shop.getByRole('button', { name: 'Place pickup order' }).click();
  const placed = shop.getByRole('status').filter({ hasText: /Order #\d+ is placed/ });
  await expect(placed).toBeVisible();
  const id = Number(/#(\d+)/.exec(await placed.innerText())![1]);
  await expect(shop.locator(`.order-card[data-order-id="${id}"]`)).toContainText(', 10–11 AM');
  expect(console.errors).toEqual([]);
});
