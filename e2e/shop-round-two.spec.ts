import { type Locator } from '@playwright/test';
import { expectNoAxeViolations, expect, test, reachIsland } from './support';

// The shop's second round of shopper defects (docs/shop.md).

/** The heart as a shopper sees and hears it: pressed state, its glyph and its filled style. */
async function expectHeartUnpressed(heart: Locator): Promise<void> {
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await expect(heart).not.toHaveClass(/is-favorite/);
  await expect(heart).toHaveText('♡');
}

test('a signed-out heart stays unpressed, offers sign-in, and is still unpressed after reload', async ({ firstVisitPage: page }) => {
  await page.context().clearCookies();
  await page.goto('/shop#!/?store_id=1001&q=apples');
  const shop = page.locator('[data-island="shop"]');
  // The shop hydrates when the visitor reaches for it (react-app/islands/hydration.ts), once its loader watches it.
  await expect(shop).toHaveAttribute('data-hydrated');
  await shop.dispatchEvent('pointerover');
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
  // The shop hydrates when the visitor reaches for it (react-app/islands/hydration.ts), once its loader watches it.
  await expect(shop).toHaveAttribute('data-hydrated');
  await shop.dispatchEvent('pointerover');
  await expect(shop).toHaveAttribute('data-hydrated', 'true');
  await expectHeartUnpressed(shop.getByRole('button', { name: 'Favorite Honeycrisp Apples', exact: true }));
});

test('Add on the weekly ad becomes the − qty + stepper and keeps the keyboard focus', async ({ firstVisitPage: page }) => {
  await page.context().clearCookies();
  await page.goto('/circulars/weekly-ad');
  const island = page.locator('[data-island="circular"]');
  await reachIsland(island);
  const offered = island.locator('.product-card', { has: page.getByRole('button', { name: /^Add to cart, / }) }).first();
  // Located by its product from here on: once added, the card no longer holds an Add button.
  const card = island.locator(`.product-card[data-product-id="${await offered.getAttribute('data-product-id')}"]`);
  const name = (await card.locator('.product-card__name').innerText()).trim();
  await card.getByRole('button', { name: `Add to cart, ${name}`, exact: true }).focus();
  await page.keyboard.press('Enter');
  const plus = card.getByRole('button', { name: `One more ${name}`, exact: true });
  await expect(plus).toBeFocused();
  await expect(card.getByRole('group', { name: `${name} in your cart` })).toContainText('1');
  await page.keyboard.press('Enter');
  await expect(card.getByRole('group', { name: `${name} in your cart` })).toContainText('2');
  await expect(plus).toBeFocused();
  await expectNoAxeViolations(page);
});

test('"Add ingredients to cart" names every product it added', async ({ firstVisitPage: page }) => {
  await page.context().clearCookies();
  await page.goto('/recipes/shakshuka');
  const island = page.locator('[data-island="recipe"]');
  await reachIsland(island);
  await island.getByLabel('1 tsp Ground Cumin').uncheck();
  await island.getByRole('button', { name: 'Add ingredients to cart' }).click();
  // The seeded recipe's ingredients sold in the shop (fixtures/recipes.ts), less the one unticked.
  await expect(island.locator('.shop-notice[role="status"]')).toContainText(
    'Added 4 ingredients: Large Brown Eggs, Crushed Tomatoes, Smoked Paprika and Extra Virgin Olive Oil.',
  );
});
