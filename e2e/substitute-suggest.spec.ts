import { expect, test, expectAxeClean, keepScreenshot, watchConsole, ON_EVERY_DEVICE } from './support';

// The substitute picker suggests products as the shopper types (a WAI-ARIA combobox): keyboard only, the
// focus stays in the field while the arrows move through the suggestions, Enter searches the chosen one.

test(`substitute suggestions as you type, keyboard only`, ON_EVERY_DEVICE, async ({ page, device }) => {
  const console = watchConsole(page);
  await page.goto('/shop#!/?store_id=1001&q=honeycrisp');
  const shop = page.locator('[data-island="shop"]');
  await expect(shop).toHaveAttribute('data-hydrated', 'true');
  await shop.getByRole('button', { name: 'Add to cart, Honeycrisp Apples', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(shop.getByRole('button', { name: 'One more Honeycrisp Apples', exact: true })).toBeFocused();
  await page.goto('/shop#!/cart?store_id=1001');
  const line = shop.locator('.cart-line', { hasText: 'Honeycrisp Apples' });
  await line.getByLabel('If Honeycrisp Apples is out').selectOption('this_product');
  const field = line.getByRole('combobox', { name: 'Search for a substitute' });
  await expect(field).toBeFocused();

  // 'gala', not 'gal': the catalogue now sells water by the gallon, and 'gal' suggests those first.
  await page.keyboard.type('gala');
  const list = line.getByRole('listbox', { name: 'Suggestions' });
  await expect(list.getByRole('option', { name: 'Gala Apples', exact: true })).toBeVisible();
  await expect(field).toHaveAttribute('aria-expanded', 'true');
  await expectAxeClean(page, `substitute suggestions ${device}`);
  await keepScreenshot(page, `substitute-suggest-${device}`);

  // ↓ until Gala Apples is the active option; the keyboard never leaves the field.
  const names = await list.getByRole('option').allTextContents();
  for (let i = 0; i <= names.indexOf('Gala Apples'); i++) await page.keyboard.press('ArrowDown');
  const active = await field.getAttribute('aria-activedescendant');
  await expect(list.locator(`[id="${active}"]`)).toHaveText('Gala Apples');
  await expect(field).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(list).toBeHidden();
  await expect(field).toHaveValue('Gala Apples');
  await expect(line.getByRole('button', { name: /^Gala Apples 1 lb/ })).toBeVisible();

  // Escape closes the suggestions and leaves the text.
  await page.keyboard.type(' x');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await expect(list).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(field).toHaveAttribute('aria-expanded', 'false');
  await expect(field).toHaveValue('Gala Apples');
  expect(console.errors).toEqual([]);
});
