import { expect, test } from '@playwright/test';
import { expectAxeClean, watchConsole } from './support';
import { nonceOf } from './session-helpers';

// A store chosen outside the shop's store chooser (the store locator's "Make This My Store", as a store page's
// button) lets go of the pickup window held at the old store, and the header says so at once ("Choose a time"):
// docs/shop.md. Before, the hold stayed, keeping a place of that window from other shoppers.

test('making another store mine on the store locator lets go of the held window and the header follows', async ({ page }) => {
  const console = watchConsole(page);
  // The store and the hold set up through the API, before the locator is opened.
  const headers = { 'x-wp-nonce': await nonceOf(page.request) };
  expect((await page.request.put('/api/shop/v1/current-store', { data: { store_id: 1001 }, headers })).status()).toBe(200);
  const date = new Date(Date.now() + 3 * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
  const slots = (await (await page.request.get(`/api/shop/v1/stores/1001/pickup-slots?date=${date}`, { headers })).json()) as {
    items: Array<{ id: number; remaining: number }>;
  };
  const slot = slots.items.find((s) => s.remaining > 0)!;
  expect((await page.request.put('/api/shop/v1/pickup-hold', { data: { slot_id: slot.id }, headers })).status()).toBe(200);

  await page.goto('/my-store/store-locator');
  const pickup = page.locator('[data-header-pickup]');
  await expect(pickup).toHaveClass(/is-held/);
  await page.locator('.store-card[data-store-id="1006"]').getByRole('button', { name: 'Make This My Store' }).click();
  await expect(page.locator('.store-card[data-store-id="1006"] .badge--mine')).toBeVisible();
  await expect(pickup).not.toHaveClass(/is-held/);
  await expect(pickup).toContainText('Choose a time');
  const hold = (await (await page.request.get('/api/shop/v1/pickup-hold', { headers })).json()) as { hold: unknown };
  expect(hold.hold).toBeNull();
  await expectAxeClean(page, 'store locator after a store change');
  expect(console.errors).toEqual([]);
});
