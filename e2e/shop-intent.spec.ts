import type { Page } from '@playwright/test';
import { SHOP_INTENT_CLASS } from '../core/shop/shop-intent';
import { addCartLine } from './session-helpers';
import { expect, ON_EVERY_DEVICE, test, watchConsole } from './support';

// One shop-intent radius, 4 px by default (docs/behaviour.md): every button that takes the shopper into shopping (Add to
// cart, Make This My Store, Place pickup order, a page-builder button linking into a shop) has that radius,
// and all of them read one token, so a theme that changes --shop-intent-radius changes every one.

// The radius a shopper sees (docs/behaviour.md, "Shop-intent buttons"); the one definition is the stylesheet's token.
const RADIUS_PX = 4;
const INTENT_NAME = /^(Add to cart(, .+)?|Add ingredients to cart|Make This My Store|Place pickup order)$/;

async function ready(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/**
 * The radius of each visible shop-intent button of the page (buttons by their accessible name, page-builder links
 * by class) with the default token, then with a theme's token, read in one synchronous call on the same elements:
 * a shop page has dozens (a round trip per button cost seconds), and the shop may re-render a card between two
 * calls (its cart arriving turns "Add to cart" into a quantity stepper), which would compare different buttons.
 */
async function intentRadii(page: Page): Promise<{ before: string[]; themed: string[] }> {
  const buttons = page.getByRole('button', { name: INTENT_NAME }).or(page.locator(`a.${SHOP_INTENT_CLASS}`));
  // Playwright finds the elements and then runs this function in a second call: React may have turned a found
  // Add to cart into the stepper's − in between (it reuses the button element), so each is checked again here.
  return buttons.evaluateAll(
    (els, { pattern, linkClass }) => {
      const intent = new RegExp(pattern);
      const visible = els.filter((el) => {
        const name = el.getAttribute('aria-label') ?? el.textContent?.trim() ?? '';
        if (!(el.matches(`a.${linkClass}`) || intent.test(name))) return false;
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
      });
      const read = () => visible.map((el) => `${el.textContent?.trim()}: ${getComputedStyle(el).borderTopLeftRadius}`);
      const before = read();
      document.documentElement.style.setProperty('--shop-intent-radius', '9px');
      const themed = read();
      document.documentElement.style.removeProperty('--shop-intent-radius');
      return { before, themed };
    },
    { pattern: INTENT_NAME.source, linkClass: SHOP_INTENT_CLASS },
  );
}

/** Every shop-intent button has the default radius, then follows the token when a theme changes it. */
async function expectIntentRadius(page: Page, what: string, atLeast = 1): Promise<void> {
  const { before, themed } = await intentRadii(page);
  expect(before.length, `${what}: shop-intent buttons`).toBeGreaterThanOrEqual(atLeast);
  const names = before.map((entry) => entry.slice(0, entry.lastIndexOf(':')));
  expect(before, what).toEqual(names.map((name) => `${name}: ${RADIUS_PX}px`));
  expect(themed, what).toEqual(names.map((name) => `${name}: 9px`));
}

test.describe('signed in', ON_EVERY_DEVICE, () => {
  // Signed in, so the cart offers "Place pickup order".
  test.use({ signedInAs: 'casey' });
  {
    test(`shop-intent buttons have the radius of ${RADIUS_PX} px, from one token`, async ({ page }) => {
      test.setTimeout(120_000);
      const console = watchConsole(page);
      // The showcase's slides: "See produce" links into the shop, the catering and wine landing pages do not.
      await ready(page, '/showcase');
      const slideButtons = page.locator('.elementor-slide-button');
      await expect(slideButtons.filter({ hasText: 'See produce' })).toHaveClass(new RegExp(SHOP_INTENT_CLASS));
      await expect(slideButtons.filter({ hasText: 'Order catering' })).not.toHaveClass(new RegExp(SHOP_INTENT_CLASS));
      await page.locator('.elementor-slide-button', { hasText: 'See produce' }).scrollIntoViewIfNeeded();
      await expectIntentRadius(page, '/showcase');

      await ready(page, '/store/store-locator');
      await expectIntentRadius(page, '/store/store-locator');
      await ready(page, '/circulars/weekly-ad');
      await expectIntentRadius(page, '/circulars/weekly-ad');
      await ready(page, '/recipes/shakshuka');
      await expectIntentRadius(page, '/recipes/shakshuka');

      // A line in the cart (through the API: this test is about the look), then the signed-in cart's order button.
      await addCartLine(page, 5080);
      await ready(page, '/shop#!/?store_id=1001');
      await expect(page.locator('.product-card').first()).toBeVisible();
      await expectIntentRadius(page, '/shop');
      await ready(page, '/shop#!/cart');
      await expect(page.getByRole('button', { name: 'Place pickup order' })).toBeVisible();
      await expectIntentRadius(page, '/shop#!/cart');
      expect(console.errors).toEqual([]);
    });
  }
});
