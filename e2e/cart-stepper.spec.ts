import { type Page } from '@playwright/test';
import { expect, test, expectAxeClean, keepScreenshot, watchConsole, ON_EVERY_DEVICE } from './support';

// Add to cart becomes − qty + in place, keyboard only: every add, change and removal is announced in the
// header cart's polite live region, and the focus lands on the control that replaced the one pressed (never
// on the body); removing a cart line moves it to the next line, then to the cart heading.

async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'BODY';
    return el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName;
  });
}

test(`steppers keep the focus and announce each change`, ON_EVERY_DEVICE, async ({ firstVisitPage: page, device }) => {
  const console = watchConsole(page);
  await page.goto('/shop#!/?store_id=1001&q=bananas');
  const shop = page.locator('[data-island="shop"]');
  // The shop hydrates when the visitor reaches for it (react-app/islands/hydration.ts), once its loader watches it.
  await expect(shop).toHaveAttribute('data-hydrated');
  await shop.dispatchEvent('pointerover');
  await expect(shop).toHaveAttribute('data-hydrated', 'true');
  const live = page.locator('[data-header-cart] .header-cart__live');
  const count = page.locator('[data-header-cart] .header-cart__count');
  await expect(live).toHaveAttribute('aria-live', 'polite');

  // Add → the + that replaced the button has the focus.
  await shop.getByRole('button', { name: 'Add to cart, Bananas', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(live).toHaveText('Added Bananas. Cart: 1 item, $0.59.');
  await expect(shop.getByRole('button', { name: 'One more Bananas', exact: true })).toBeFocused();
  await expect(shop.getByRole('group', { name: 'Bananas in your cart' })).toContainText('1');
  await expectAxeClean(page, `stepper ${device}`);
  await keepScreenshot(page, `cart-stepper-${device}`);

  // + again, then − twice with the keyboard: the focus stays, and comes back to Add at zero.
  await page.keyboard.press('Enter');
  await expect(live).toHaveText('Bananas: quantity 2. Cart: 2 items, $1.18.');
  await expect(count).toHaveText('2');
  await expect(shop.getByRole('button', { name: 'One more Bananas', exact: true })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(shop.getByRole('button', { name: 'One less Bananas' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(live).toHaveText('Bananas: quantity 1. Cart: 1 item, $0.59.');
  await expect(shop.getByRole('button', { name: 'Remove Bananas from cart' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(live).toHaveText('Removed Bananas. Cart: 0 items, $0.00.');
  await expect(shop.getByRole('button', { name: 'Add to cart, Bananas', exact: true })).toBeFocused();

  // Two products in, then the product page shows the stepper of the product already in the cart.
  await page.keyboard.press('Enter');
  await expect(count).toHaveText('1');
  await shop.getByRole('button', { name: 'Add to cart, Organic Bananas', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(count).toHaveText('2');
  await expect(shop.getByRole('button', { name: 'One more Organic Bananas', exact: true })).toBeFocused();
  await shop.getByRole('link', { name: 'Organic Bananas', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(shop.getByRole('heading', { name: 'Organic Bananas', level: 2 })).toBeVisible();
  await expect(shop.getByRole('group', { name: 'Organic Bananas in your cart' })).toContainText('1');

  // The cart page: Remove moves the focus to the next line's Remove, then to the heading.
  await page.goto('/shop#!/cart?store_id=1001');
  await expect(shop.locator('.cart-line')).toHaveCount(2);
  await expect(shop.locator('.cart-estimate')).toContainText('Estimated total');
  await expectAxeClean(page, `cart ${device}`);
  await keepScreenshot(page, `cart-lines-${device}`, { fullPage: true });
  await shop.getByRole('button', { name: 'One more Bananas', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(live).toHaveText('Bananas: quantity 2. Cart: 3 items, $1.97.');
  await expect(shop.getByRole('button', { name: 'One more Bananas', exact: true })).toBeFocused();
  // Three quick presses add three, however fast the cart answers (the presses made meanwhile once went nowhere).
  for (let press = 0; press < 3; press++) await page.keyboard.press('Enter');
  await expect(count).toHaveText('6');
  await expect(shop.getByRole('group', { name: 'Bananas in your cart' }).getByLabel('Quantity of Bananas')).toHaveValue('5');
  await expect(live).toHaveText('Bananas: quantity 5. Cart: 6 items, $3.74.');
  await shop.getByRole('button', { name: 'Remove Bananas', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(live).toHaveText('Removed Bananas. Cart: 1 item, $0.79.');
  await expect(shop.locator('.cart-line')).toHaveCount(1);
  await expect(shop.getByRole('button', { name: 'Remove Organic Bananas', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(live).toHaveText('Removed Organic Bananas. Cart: 0 items, $0.00.');
  await expect(shop.getByRole('heading', { name: 'Your cart' })).toBeFocused();
  expect(await focusedName(page)).not.toBe('BODY');
  expect(console.errors).toEqual([]);
});

test(
  'the substitute picker finds a product of the store and saves it, by keyboard',
  ON_EVERY_DEVICE,
  async ({ firstVisitPage: page, device }) => {
    const console = watchConsole(page);
    {
      const name = device;
      await page.goto('/shop#!/?store_id=1001&q=honeycrisp');
      const shop = page.locator('[data-island="shop"]');
      // The shop hydrates when the visitor reaches for it (react-app/islands/hydration.ts), once its loader watches it.
      await expect(shop).toHaveAttribute('data-hydrated');
      await shop.dispatchEvent('pointerover');
      await expect(shop).toHaveAttribute('data-hydrated', 'true');
      await shop.getByRole('button', { name: 'Add to cart, Honeycrisp Apples', exact: true }).focus();
      await page.keyboard.press('Enter');
      await expect(shop.getByRole('button', { name: 'One more Honeycrisp Apples', exact: true })).toBeFocused();
      await page.goto('/shop#!/cart?store_id=1001');
      const line = shop.locator('.cart-line', { hasText: 'Honeycrisp Apples' });
      const choice = line.getByLabel('If Honeycrisp Apples is out');
      await choice.focus();
      await choice.selectOption('this_product');
      const search = line.getByLabel('Search for a substitute');
      await expect(search).toBeFocused();
      // An empty search says what to do next to the field.
      await page.keyboard.press('Enter');
      await expect(line.getByRole('alert')).toHaveText('Type a product name to search.');
      await expect(search).toHaveAttribute('aria-invalid', 'true');
      await page.keyboard.type('gala');
      await page.keyboard.press('Enter');
      const gala = line.getByRole('button', { name: /^Gala Apples 1 lb/ });
      await expect(gala).toBeVisible();
      // The line's own product is never offered as its substitute.
      await expect(line.locator('.substitute-picker__results')).not.toContainText(/Honeycrisp Apples 1 lb/);
      await expectAxeClean(page, `substitute chooser ${name}`);
      await keepScreenshot(page, `substitute-picker-${name}`, { fullPage: true });
      await gala.focus();
      const saved = page.waitForResponse((r) => r.url().includes('/substitution') && r.request().method() === 'PUT');
      await page.keyboard.press('Enter');
      expect((await saved).status()).toBe(200);
      await expect(line.locator('.substitute-picker__chosen')).toContainText('Substitute: Gala Apples');
      await expect(choice).toBeFocused();
      await expect(choice).toHaveValue('this_product');

      // After a reload the choice is still there (saved by the server, not only shown).
      await page.reload();
      await expect(shop.locator('.cart-line', { hasText: 'Honeycrisp Apples' }).locator('.substitute-picker__chosen')).toContainText(
        'Substitute: Gala Apples',
      );
      // Back to best match: the choice can be undone.
      await shop.getByLabel('If Honeycrisp Apples is out').selectOption('best_match');
      await expect(shop.locator('.substitute-picker__chosen')).toHaveCount(0);
    }
    expect(console.errors).toEqual([]);
  },
);
