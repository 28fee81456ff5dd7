import { type Page } from '@playwright/test';
import { ready, tabTo } from './keyboard';
import { watchConsole, JOURNEY, expect, test } from './support';

// The keyboard-only journey of issue 18: the mega menu (arrows inside, one Tab out), a sub-department,
// picking a store, adding to the cart, the mini-cart, a popup and the lightbox. Focus is visible and never
// falls to the page body.

/** Focus is on an element other than the body, and shown (:focus-visible). */
async function expectVisibleFocus(page: Page): Promise<void> {
  const state = await page.evaluate(() => {
    const el = document.activeElement;
    return { body: !el || el === document.body, visible: !!el && el.matches(':focus-visible') };
  });
  expect(state).toEqual({ body: false, visible: true });
}

/**
 * Focus is on a control that is shown, and its focus is visible. Whatever a control turns into after it is
 * used (an Add button becoming a quantity stepper), a keyboard user must not be sent back to the page start.
 */
async function expectFocusOnVisibleControl(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const el = document.activeElement;
        if (!el || el === document.body || el === document.documentElement) return 'body';
        if (!(el as HTMLElement).checkVisibility({ visibilityProperty: true })) return `hidden ${el.tagName}`;
        return el.matches(':focus-visible') ? 'visible' : `no focus ring on ${el.tagName}`;
      }),
    )
    .toBe('visible');
}

test('keyboard only: mega menu, sub-department, one Tab out, pick a store, add to cart, popup and lightbox', JOURNEY, async ({ page }) => {
  test.setTimeout(300_000);
  const console = watchConsole(page);

  // Mega menu: the Shop button, arrows to a sub-department, one Tab leaves and closes it.
  await ready(page, '/');
  const shop = page.getByRole('button', { name: 'Shop departments' });
  await tabTo(page, shop);
  await page.keyboard.press('ArrowDown');
  await expect(shop).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('#mega-panel .department > a').first()).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('#mega-panel .department.is-open .sub-menu a').first()).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.press('ArrowDown');
  await expectVisibleFocus(page);
  await page.keyboard.press('Tab');
  await expect(page.locator('#site-menu').getByRole('link', { name: 'Recipes', exact: true })).toBeFocused();
  await expect(shop).toHaveAttribute('aria-expanded', 'false');
  await expect(page.locator('#mega-panel')).toBeHidden();
  // Enter on a sub-department goes there.
  await page.keyboard.press('Shift+Tab');
  await expect(shop).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  const sub = page.locator('#mega-panel .department.is-open .sub-menu a').first();
  const href = await sub.getAttribute('href');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(href!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '$'));

  // Pick a store: focus stays on that store's card (its "My Store" badge), not the body.
  await ready(page, '/store/store-locator');
  const make = page.getByRole('button', { name: 'Make This My Store' }).first();
  await expect(make).toBeVisible();
  const card = page.locator('.store-card').filter({ has: make }).first();
  const cardId = await card.getAttribute('data-store-id');
  await tabTo(page, make);
  await page.keyboard.press('Enter');
  await expect(page.locator(`.store-card[data-store-id="${cardId}"] .badge--mine`)).toBeFocused();
  await expectVisibleFocus(page);

  // Add to cart in that store's shop: the cart takes the line and focus stays on a visible control.
  await ready(page, '/shop');
  const add = page.getByRole('button', { name: /^Add to cart, .+$/ }).first();
  await expect(add).toBeVisible();
  await tabTo(page, add, 200);
  await expectVisibleFocus(page);
  const added = page.waitForResponse((r) => r.url().includes('/api/shop/v1/cart/items') && r.request().method() !== 'GET');
  await page.keyboard.press('Enter');
  expect((await added).ok()).toBe(true);
  await expect(page.locator('[data-header-cart] .header-cart__count')).not.toHaveText('0');
  await expectFocusOnVisibleControl(page);

  // The mini-cart opens from the keyboard and Esc closes it, back on its button.
  const cartButton = page.locator('[data-header-cart] .header-cart__toggle');
  await tabTo(page, cartButton, 200);
  await page.keyboard.press('Enter');
  await expect(cartButton).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('[data-header-cart] .header-cart__panel')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('[data-header-cart] .header-cart__panel')).toBeHidden();
  await expect(cartButton).toBeFocused();
  await expectVisibleFocus(page);

  // A popup opened from a link: focus moves in, Esc closes it and focus comes back to the link.
  await ready(page, '/showcase');
  const opener = page.getByRole('link', { name: 'The new weekly ad, every Wednesday' });
  await tabTo(page, opener, 250);
  await page.keyboard.press('Enter');
  const popup = page.getByRole('dialog', { name: 'The weekly ad, by email' });
  await expect(popup).toBeVisible();
  await expect.poll(() => popup.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  await expect(opener).toBeFocused();
  await expectVisibleFocus(page);

  // The lightbox: Enter opens it, Esc closes it, focus returns to the image link.
  const image = page.locator('[data-widget_type="image.default"] a');
  await tabTo(page, image, 250);
  await page.keyboard.press('Enter');
  await expect(page.locator('.pswp')).toHaveClass(/e-lightbox-ready/);
  await page.keyboard.press('Escape');
  await expect(page.locator('.pswp')).toHaveCount(0);
  await expect(image).toBeFocused();
  await expectVisibleFocus(page);
  expect(console.errors).toEqual([]);
});
