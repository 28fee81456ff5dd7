import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations, rerunOnPhone, signIn, watchConsole, reachIsland, JOURNEY_TAG, JOURNEY } from './support';
import { resetShopper } from './session-helpers';

// Checkout, round two (docs/shop.md "Checkout", docs/pricing.md "Coupons"): clip a coupon, see it and the member
// price per line and in the totals, pay with an EBT SNAP split; a wine cart of its own asks to confirm 21 or over;
// staff see the tender plan and "ID check at pickup". Axe (WCAG 2.2 AA, every impact) on each screen.

const unexpected = (errors: string[]) => errors.filter((e) => !/status of 40[019]/.test(e));

async function staffSees(browser: Browser, storeId: number, orderId: number, day: string, texts: string[]): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'admin');
  await page.goto(`/staff/orders?store_id=${storeId}&date=${day}`);
  const order = page.locator(`.staff-order[data-order-id="${orderId}"]`);
  for (const text of texts) await expect(order).toContainText(text);
  await expectNoAxeViolations(page);
  await context.close();
}

/** The pickup day of the order just placed (the order card's <time>). */
async function placedOrder(page: Page): Promise<{ id: number; day: string }> {
  const shop = page.locator('[data-island="shop"]');
  const status = shop.getByRole('status').filter({ hasText: /Order #\d+ is placed/ });
  const id = Number(/#(\d+)/.exec((await status.innerText()) ?? '')![1]);
  const day = (await shop.locator(`.order-card[data-order-id="${id}"] time`).getAttribute('datetime'))!;
  return { id, day };
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  // A journey (coupons, the cart's totals, the tender split, the staff screen): in the matrix (docs/testing.md).
  test(`a clipped coupon shows per line and in the totals, and the order is paid by an EBT SNAP split (${viewport.name})`, {
    tag: [...rerunOnPhone(viewport.name).tag, JOURNEY_TAG],
  }, async ({ page, browser }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const console = watchConsole(page);
    await resetShopper(page, 'jordan');
    await signIn(page, 'jordan');
    await page.goto('/shop#!/account');
    const shop = page.locator('[data-island="shop"]');

    // Clip the eggs coupon from the account's coupons page.
    await shop.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Coupons' }).click();
    await expect(shop.getByRole('heading', { name: 'Digital coupons' })).toBeVisible();
    await expect(shop.locator('.coupon-card').first()).toBeVisible();
    const clip = shop.getByRole('button', { name: 'Clip coupon: $1 off Pasture-Raised Eggs', exact: true });
    if (await clip.isVisible()) await clip.click();
    await expect(shop.getByRole('button', { name: 'Unclip coupon: $1 off Pasture-Raised Eggs', exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    // Add the eggs and a second, SNAP-eligible item.
    // At Dublin (1003): pickup holds are limited per address and store, and other specs hold at 1001.
    await page.goto('/shop#!/?store_id=1003&q=pasture-raised eggs');
    // The shop hydrates when the visitor reaches for it (react-app/islands/hydration.ts), once its loader watches it.
    await expect(shop).toHaveAttribute('data-hydrated');
    await shop.dispatchEvent('pointerover');
    await expect(shop).toHaveAttribute('data-hydrated', 'true');
    await shop
      .getByRole('button', { name: /^Add to cart, Pasture-Raised Eggs/ })
      .first()
      .click();
    await expect(shop.getByRole('button', { name: /^One more Pasture-Raised Eggs/ }).first()).toBeVisible();

    await page.goto('/shop#!/cart?store_id=1003');
    await expect(shop.getByRole('heading', { name: /Your cart · Groceries at Dublin Bridge Park/ })).toBeVisible();
    const line = shop.locator('.cart-line', { hasText: 'Pasture-Raised Eggs' });
    await expect(line.locator('.cart-line__coupon')).toContainText('Coupon “$1 off Pasture-Raised Eggs” on 1: −$1.00');
    await expect(shop.locator('.cart-estimate__coupons')).toContainText('−$1.00');
    await expect(shop.locator('.tender-picker__ebt')).toContainText('EBT SNAP-eligible items:');
    await expect(line.locator('.cart-line__flag')).toContainText('EBT SNAP eligible');
    await expectNoAxeViolations(page);

    // Pay part with EBT SNAP: too much is refused next to the field, a fair amount is taken.
    await shop
      .getByRole('radio', { name: /^10–11 AM/ })
      .first()
      .check();
    await shop.getByRole('radio', { name: /^Split/ }).check();
    await shop.getByLabel(/^EBT SNAP amount/).fill('999');
    await shop.getByRole('button', { name: 'Place pickup order' }).click();
    await expect(shop.locator('#ebt-amount-error')).toContainText('EBT SNAP-eligible subtotal');
    await expect(shop.getByLabel(/^EBT SNAP amount/)).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);
    await shop.getByLabel(/^EBT SNAP amount/).fill('1.00');
    await shop.getByRole('button', { name: 'Place pickup order' }).click();

    // The order card: a date in words, line prices, the coupon and the tender plan.
    await expect(shop.getByRole('heading', { name: 'Orders' })).toBeVisible();
    const { id, day } = await placedOrder(page);
    const card = shop.locator(`.order-card[data-order-id="${id}"]`);
    await expect(card).not.toContainText(day); // not 2026-11-28 …
    await expect(card.locator('time')).toHaveText(/^[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4}$/);
    await expect(card).toContainText('(−$1.00 coupon)');
    await expect(card.locator('.order-card__tender')).toContainText('EBT SNAP $1.00 + card');
    await expectNoAxeViolations(page);

    await staffSees(browser, 1003, id, day, ['Pays at pickup: EBT SNAP $1.00 + card']);
    expect(unexpected(console.errors)).toEqual([]);
  });
}

// A journey (the wine cart, checkout's age confirmation, the staff screen): in the matrix (docs/testing.md).
test(
  'wine has its own cart at the wine cellar, and checkout asks to confirm 21 or over; staff see "ID check at pickup"',
  JOURNEY,
  async ({ page, browser }) => {
    const console = watchConsole(page);
    await resetShopper(page, 'casey');
    await signIn(page, 'casey');
    await page.goto('/shop#!/account');
    const shop = page.locator('[data-island="shop"]');
    // Groceries first, then wine from the wine shop: two carts, neither a dead end.
    await page.goto('/shop#!/?store_id=1001&q=bananas');
    // The shop hydrates when the visitor reaches for it (react-app/islands/hydration.ts), once its loader watches it.
    await expect(shop).toHaveAttribute('data-hydrated');
    await shop.dispatchEvent('pointerover');
    await expect(shop).toHaveAttribute('data-hydrated', 'true');
    await shop.getByRole('button', { name: 'Add to cart, Bananas', exact: true }).click();
    await expect(shop.getByRole('button', { name: 'One more Bananas', exact: true })).toBeVisible();

    await page.goto('/wine/shop');
    // The shop hydrates when the visitor reaches for it (react-app/islands/hydration.ts), once its loader watches it.
    await expect(shop).toHaveAttribute('data-hydrated');
    await shop.dispatchEvent('pointerover');
    await expect(shop).toHaveAttribute('data-hydrated', 'true');
    await shop
      .getByRole('button', { name: /^Add to cart, / })
      .first()
      .click();
    await expect(shop.getByRole('button', { name: /^One more / }).first()).toBeVisible();
    await page.goto('/wine/shop#!/cart');
    await expect(shop.getByRole('heading', { name: /Your cart · Wine at Harvest Lane Wine Cellar Columbus/ })).toBeVisible();
    await expect(shop.locator('.shop-cart__others')).toContainText('You also have 1 item in your grocery cart');
    await expect(shop.locator('.cart-line')).toHaveCount(1);
    await expectNoAxeViolations(page);

    // The first open window of tomorrow at the cellar.
    await shop.locator('input[name="pickup-window"]:not([disabled])').first().check();
    const confirm = shop.getByRole('checkbox', { name: 'I am 21 or over and will show a photo ID at pickup.' });
    await expect(confirm).not.toBeChecked();
    // Sent without the confirmation (as a script would), the server refuses it, next to the box.
    await shop.getByRole('button', { name: 'Place pickup order' }).click();
    await expect(shop.locator('#age-confirm-error')).toContainText('21 or over');
    await expectNoAxeViolations(page);
    await confirm.check();
    await shop.getByRole('button', { name: 'Place pickup order' }).click();
    await expect(shop.getByRole('heading', { name: 'Orders' })).toBeVisible();
    const { id, day } = await placedOrder(page);
    await expect(shop.locator(`.order-card[data-order-id="${id}"] .order-card__id-check`)).toContainText('id check at pickup');

    // The bananas wait in the grocery cart.
    await page.goto('/shop#!/cart');
    await expect(shop.locator('.cart-line', { hasText: 'Bananas' })).toBeVisible();
    await staffSees(browser, 1095, id, day, ['ID check at pickup', 'Pays at pickup: Card']);
    expect(unexpected(console.errors)).toEqual([]);
  },
);

test('Add on a wine product page puts the wine in the wine cart (it sent catalog=grocery and was refused)', async ({ page, context }) => {
  await context.clearCookies();
  const html = await (await context.request.get('/contact')).text();
  const nonce = /"nonce":"([^"]+)"/.exec(html)![1];
  expect(
    (await context.request.put('/api/shop/v1/current-store', { headers: { 'x-wp-nonce': nonce }, data: { store_id: 1001 } })).ok(),
  ).toBe(true);
  const wines = await (await context.request.get('/api/shop/v1/products?store_id=1095&catalog=wine&per_page=5')).json();
  const wine = (wines as { items: Array<{ slug: string; name: string; available: boolean }> }).items.find((p) => p.available)!;
  await page.goto(`/products/${wine.slug}`);
  const island = page.locator('[data-island="product"]');
  await reachIsland(island);
  await expect(island.locator('.product-page__store')).toContainText('Wine Cellar');
  await island.getByRole('button', { name: `Add to cart, ${wine.name}`, exact: true }).click();
  await expect(island.getByRole('button', { name: `One more ${wine.name}`, exact: true })).toBeFocused();
  await expect(island.locator('.form-error')).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('catering in the cart says its notice, and the pickup picker offers only windows that meet it', async ({ page }) => {
  await resetShopper(page, 'casey');
  await signIn(page, 'casey');
  const shop = page.locator('[data-island="shop"]');
  await page.goto('/catering/shop');
  // The shop hydrates when the visitor reaches for it (react-app/islands/hydration.ts), once its loader watches it.
  await expect(shop).toHaveAttribute('data-hydrated');
  await shop.dispatchEvent('pointerover');
  await expect(shop).toHaveAttribute('data-hydrated', 'true');
  await shop
    .getByRole('button', { name: /^Add to cart, / })
    .first()
    .click();
  await expect(shop.getByRole('button', { name: /^One more / }).first()).toBeVisible();
  const slots = page.waitForResponse((r) => r.url().includes('/pickup-slots?date='));
  await page.goto('/catering/shop#!/cart');
  await expect(shop.getByRole('heading', { name: /Your cart · Catering at / })).toBeVisible();
  const answer = (await (await slots).json()) as { notice_hours: number; items: Array<{ date: string; start: string }> };
  expect([24, 48]).toContain(answer.notice_hours);
  await expect(shop.locator('.pickup-form__notice')).toHaveText(
    `Catering in your cart needs ${answer.notice_hours} hours' notice: windows sooner than that are not offered.`,
  );
  // Tomorrow's windows: none starts within the notice.
  const soonest = Date.now() + answer.notice_hours * 3_600_000;
  for (const s of answer.items) expect(Date.parse(`${s.date}T${s.start}:00-05:00`)).toBeGreaterThanOrEqual(soonest - 3_600_000);
  await expect(shop.locator('input[name="pickup-window"]')).toHaveCount(answer.items.length);
  await expectNoAxeViolations(page);
});
