import { expect, test, type Locator } from '@playwright/test';
import { expectNoAxeViolations } from './support';

// The shop's second round of shopper defects (docs/shop.md).

/** The heart as a shopper sees and hears it: pressed state, its glyph and its filled style. */
async function expectHeartUnpressed(heart: Locator): Promise<void> {
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await expect(heart).not.toHaveClass(/is-favorite/);
  await expect(heart).toHaveText('♡');
}

test('a signed-out heart stays unpressed, offers sign-in, and is still unpressed after reload', async ({ page }) => {
  await page.context().clearCookies();
  await page.goto('/shop#!/?store_id=1001&q=apples');
  const shop = page.locator('[data-island="shop"]');
  await expect(shop).toHaveAttribute('data-hydrated', 'true');
  const heart = shop.getByRole('button', { name: 'Favorite Honeycrisp Apples', exact: true });
  await expectHeartUnpressed(heart);
  await heart.click();
  await expect(shop.locator('.shop-notice')).toContainText('Sign in to keep favorites.');
  await expect(shop.locator('.shop-notice').getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expectHeartUnpressed(heart);
  await expectNoAxeViolations(page);

  // The product's own view in the shop behaves the same.
  await shop.getByRole('link', { name: 'Honeycrisp Apples', exact: true }).click();
  await expect(shop.getByRole('heading', { name: 'Honeycrisp Apples', level: 2 })).toBeVisible();
  const detailHeart = shop.getByRole('button', { name: 'Favorite Honeycrisp Apples', exact: true });
  await detailHeart.click();
  await expect(shop.locator('.shop-notice')).toContainText('Sign in to keep favorites.');
  await expectHeartUnpressed(detailHeart);

  await page.goto('/shop#!/?store_id=1001&q=apples');
  await expect(shop).toHaveAttribute('data-hydrated', 'true');
  await expectHeartUnpressed(shop.getByRole('button', { name: 'Favorite Honeycrisp Apples', exact: true }));
});
