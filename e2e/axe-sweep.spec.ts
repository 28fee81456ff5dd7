import type { Page } from '@playwright/test';
import { SEEDED_PAGES } from '../scripts/bench/seeded-pages';
import { addCartLine } from './session-helpers';
import { expect, expectAxeClean, ON_EVERY_DEVICE, reusedTab, SWEEP_TAG, test } from './support';

// Every seeded page and every open state, on desktop and on a phone, with every axe rule and impact. Tagged @sweep:
// `npm run test:matrix` runs it on both devices (CI runs the matrix on every run), `npm test` does not (its costliest
// spec; the gate keeps axe on the seeded pages' first view, e2e/first-render.spec.ts, and on each feature's states).

const PAGES = [
  '/',
  '/shop',
  '/shop#!/?filter=is_favorite',
  '/shop#!/cart',
  '/shop#!/sign-in',
  '/catering',
  '/catering/shop',
  '/wine',
  '/wine/shop',
  '/recipes',
  '/recipes?e-filter-c72021-diet=!vegan',
  '/products',
  '/search?s=apple',
  '/search?s=zzzz-nothing',
  '/store/store-locator',
  '/my-store/store-locator',
  '/store/catering-guide',
  '/contact',
  '/drink-calculator',
  '/circulars/weekly-ad',
  '/circulars/holiday-entertaining',
  '/showcase',
  '/showcase/carousel',
  '/weekly-picks',
  '/weekly-deals',
  '/welcome',
  '/login',
];

async function ready(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
  // Islands render their content after hydration: wait until nothing is loading.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

// On every device: the phone project runs these again (playwright.config.ts).
test.describe('every device', { tag: [...ON_EVERY_DEVICE.tag, SWEEP_TAG] }, () => {
  // One test per page: a slow page on a loaded machine has its own time limit, and a failure names its page. The
  // seeded pages of the first-render checks are checked there, on the same device's cold first view.
  for (const path of PAGES.filter((p) => !SEEDED_PAGES.includes(p))) {
    test(`${path} is axe clean`, async ({ browser, device }) => {
      const page = await reusedTab(browser, device);
      await ready(page, path);
      await expectAxeClean(page, `${device} ${path}`);
    });
  }

  {
    test(`open states are axe clean: menu, off-canvas, popup, lightbox, mini-cart`, async ({ page, device }) => {
      await ready(page, '/showcase');
      if (device === 'desktop') {
        await page.locator('.has-mega > .submenu-toggle').click();
        await expect(page.locator('#mega-panel')).toBeVisible();
        await expectAxeClean(page, `${device} mega menu`);
        await page.keyboard.press('Escape');
      } else {
        await page.getByRole('button', { name: /menu/i }).first().click();
        await expect(page.locator('#site-menu')).toHaveClass(/is-open/);
        await expectAxeClean(page, `${device} off-canvas menu`);
        await page.keyboard.press('Escape');
        await expect(page.locator('#site-menu')).not.toHaveClass(/is-open/);
      }
      await page.getByRole('link', { name: 'Store services' }).click();
      await expect(page.getByRole('dialog', { name: 'Store services' })).toBeVisible();
      await expectAxeClean(page, `${device} off-canvas widget`);
      await page.keyboard.press('Escape');

      await page.getByRole('link', { name: 'The new weekly ad, every Wednesday' }).click();
      await expect(page.getByRole('dialog', { name: 'The weekly ad, by email' })).toBeVisible();
      await expectAxeClean(page, `${device} popup`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: 'The weekly ad, by email' })).toBeHidden();

      await page.locator('[data-widget_type="image.default"] a').click();
      await expect(page.locator('.pswp')).toHaveClass(/e-lightbox-ready/);
      await expectAxeClean(page, `${device} lightbox`);
      await page.keyboard.press('Escape');
      await expect(page.locator('.pswp')).toHaveCount(0);

      // The mini-cart, open with a line in it.
      await addCartLine(page, 5080, 2);
      await ready(page, '/showcase');
      const cartToggle = page.locator('[data-header-cart] .header-cart__toggle');
      await expect(cartToggle).toHaveAccessibleName(/Cart, 2 items/);
      await cartToggle.click();
      await expect(page.locator('[data-header-cart] .header-cart__panel')).toBeVisible();
      await expectAxeClean(page, `${device} mini-cart`);
      await page.keyboard.press('Escape');
      await expect(page.locator('[data-header-cart] .header-cart__panel')).toBeHidden();
    });
  }
});

test.describe('as an administrator', { tag: [SWEEP_TAG] }, () => {
  test.use({ signedInAs: 'admin' });
  test('admin screens and the editor panels are axe clean', async ({ page }) => {
    test.setTimeout(300_000);
    await page.goto('/admin/templates');
    for (const tab of ['Cloud', 'Site', 'Kits']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByText('Loading…')).toHaveCount(0);
      await expectAxeClean(page, `/admin/templates ${tab}`);
    }
    for (const path of [
      '/admin/debug-log',
      '/admin/usage',
      '/admin/documents',
      '/admin/inbox',
      '/admin/users',
      '/admin',
      '/admin/content',
      '/admin/content-performance',
      '/admin/performance',
      // The catalogue back office's lists (their forms: e2e/catalogue-admin.spec.ts).
      ...['stores', 'departments', 'products', 'promotions', 'coupons', 'circulars', 'recipes', 'merchandisers'].map(
        (s) => `/admin/catalogue/${s}`,
      ),
      '/admin/imports',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText('Loading…')).toHaveCount(0);
      await expectAxeClean(page, path);
    }
    const editor = async () => {
      await page.goto('/editor/130');
      await expect(page.locator('.editor-app')).toBeVisible();
      await expect(page.getByText('Loading…')).toHaveCount(0);
    };
    await editor();
    await expectAxeClean(page, '/editor/130');
    await page.locator('.editor-panel--structure').getByRole('button').first().click();
    await expectAxeClean(page, '/editor/130 with an element selected');
    // Each settings tab of the selected element.
    const tabs = await page.getByRole('tab').all();
    expect(tabs.length).toBeGreaterThanOrEqual(3);
    for (const tab of tabs) {
      const name = (await tab.textContent())?.trim() ?? '';
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await expectAxeClean(page, `/editor/130 settings tab ${name}`);
    }
    // The toolbar's panels, one at a time from a fresh editor (each button opens and closes its own), then the
    // preview widths.
    await editor();
    for (const name of ['Page settings', 'History', 'Schedule', 'Preview as…']) {
      const button = page.getByRole('button', { name, exact: true });
      await button.click();
      await expect(page.getByText('Loading…')).toHaveCount(0);
      await expectAxeClean(page, `/editor/130 ${name}`);
      await button.click();
      await expect(button).toHaveAttribute(name === 'Page settings' ? 'aria-pressed' : 'aria-expanded', 'false');
    }
    for (const name of ['Tablet', 'Mobile']) {
      await page.getByRole('button', { name, exact: true }).click();
      await expect(page.locator('.editor-preview-frame')).toHaveAttribute('data-device', name.toLowerCase());
      await expectAxeClean(page, `/editor/130 ${name}`);
    }
  });
});
