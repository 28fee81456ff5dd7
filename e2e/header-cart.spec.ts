import { expect, test, expectAxeClean, keepScreenshot, watchConsole, ON_EVERY_DEVICE } from './support';

// The header cart on every page: the count follows adds without a reload, the mini-cart lists the lines with
// the subtotal, each change is announced politely, and the focus stays on the button the shopper pressed.

test(`header cart follows the shop and opens a mini-cart`, ON_EVERY_DEVICE, async ({ page, device }) => {
  const console = watchConsole(page);
  await page.goto('/shop#!/?store_id=1001&q=bananas');
  const shop = page.locator('[data-island="shop"]');
  // The shop hydrates when the visitor reaches for it (react-app/islands/hydration.ts), once its loader watches it.
  await expect(shop).toHaveAttribute('data-hydrated');
  await shop.dispatchEvent('pointerover');
  await expect(shop).toHaveAttribute('data-hydrated', 'true');
  const cart = page.locator('[data-header-cart]');
  await expect(cart.locator('.header-cart__count')).toHaveText('0');

  const add = shop.getByRole('button', { name: 'Add to cart, Bananas', exact: true });
  await add.focus();
  await page.keyboard.press('Enter');
  await expect(cart.locator('.header-cart__count')).toHaveText('1');
  await expect(cart.locator('.header-cart__live')).toHaveText(/^Added Bananas\. Cart: 1 item, \$0\.59\.$/);
  // The stepper's + replaced the button and has the focus (e2e/cart-stepper.spec.ts tries every step).
  await expect(shop.getByRole('button', { name: 'One more Bananas', exact: true })).toBeFocused();

  const toggle = cart.getByRole('button', { name: 'Cart, 1 item' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const panel = cart.locator('.header-cart__panel');
  await expect(panel).toContainText('1 × Bananas');
  await expect(panel).toContainText('Subtotal (1 item): $0.59');
  // Pickup fee and (grocery-exempt) tax of the store, as the order will charge them, the fee named.
  await expect(panel).toContainText('Estimated total at Columbus Short North: $5.54 (with $4.95 pickup fee and $0.00 tax)');
  await expectAxeClean(page, `mini-cart open ${device}`);
  await keepScreenshot(page, `header-cart-${device}`);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(toggle).toBeFocused();

  // Another page shows the same cart from its first load.
  await page.goto('/recipes');
  await expect(page.locator('[data-header-cart] .header-cart__count')).toHaveText('1');
  expect(console.errors).toEqual([]);
});
