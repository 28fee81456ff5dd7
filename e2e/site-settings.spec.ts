import { type APIRequestContext, type Page } from '@playwright/test';
import { nonceOf } from './session-helpers';
import { defaultSiteSettings, type SiteSettings } from '../core/config/site-settings';
import { ready, tabTo } from './keyboard';
import { expectNoAxeViolations, keepScreenshot, watchConsole, expect, test, signIn } from './support';

// One tab per worker and role, signed in, with the HTTP cache on (`signedInPage`, e2e/support.ts).
test.use({ signedInAs: 'editor' });

// Site Settings (issue 15 item 6) and the department menu modes 0 and 2 by keyboard (issue 18): an editor
// changes the kit in the editor's panel (previewed live, checked next to the field, published like a page);
// a visitor then walks each menu mode by keyboard only. The e2e server is shared by every spec: the
// defaults (mode 1) are published again at the end whatever happens.

const SITE_SETTINGS = '/wp-json/site/v1/site-settings';

async function publishSettings(request: APIRequestContext, nonce: string, settings: SiteSettings): Promise<void> {
  const r = await request.post(`${SITE_SETTINGS}/publish`, { headers: { 'X-WP-Nonce': nonce }, data: settings });
  expect(r.status(), await r.text()).toBe(200);
}

/** Focus is on an element other than the body, shown (:focus-visible) and not clipped out of sight. */
async function expectVisibleFocus(page: Page): Promise<void> {
  const state = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const box = el?.getBoundingClientRect();
    return {
      body: !el || el === document.body,
      visible: !!el && el.matches(':focus-visible'),
      onScreen: !!box && box.width > 0 && box.height > 0 && box.right > 0 && box.left < innerWidth,
    };
  });
  expect(state).toEqual({ body: false, visible: true, onScreen: true });
}

test.afterAll(async ({ browser }) => {
  // Whatever happened above, visitors of the other specs see the default settings (department menu mode 1).
  const page = await browser.newPage();
  await signIn(page, 'editor');
  await publishSettings(page.request, await nonceOf(page.request), defaultSiteSettings);
  await page.goto('/');
  await expect(page.locator('#site-menu')).toHaveAttribute('data-menu-mode', '1');
  await page.close();
});

test('the Site Settings panel previews live, refuses a bad value next to its field and publishes like a page', async ({
  signedInPage: page,
  browser,
}) => {
  test.setTimeout(120_000);
  const console = watchConsole(page);
  const created = await page.request.post('/wp-json/site/v1/documents', {
    headers: { 'X-WP-Nonce': await nonceOf(page.request) },
    data: { type: 'page', title: 'Global colours' },
  });
  const doc = (await created.json()) as { id: number };
  await ready(page, `/editor/${doc.id}`);
  // A heading coloured with the global primary colour (offered by the colour control).
  await page.getByRole('list', { name: 'Widgets to add' }).getByRole('button', { name: 'Heading', exact: true }).click();
  await page.getByRole('tab', { name: 'Style' }).click();
  const textColour = page.getByLabel('Text colour', { exact: true });
  await expect(textColour).toHaveAttribute('list', /globals$/);
  await expect(page.locator(`datalist[id="${await textColour.getAttribute('list')}"] option`).first()).toHaveAttribute(
    'value',
    'var(--e-global-color-primary)',
  );
  await textColour.fill('var(--e-global-color-primary)');
  const headingTitle = page
    .frameLocator('iframe.editor-canvas-frame')
    .locator('.editor-preview [data-widget_type="heading.default"] .elementor-heading-title');
  await expect(headingTitle).toHaveCSS('color', 'rgb(47, 107, 58)');

  await page.getByRole('button', { name: 'Site Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Site Settings', level: 2 })).toBeVisible();
  const primary = page.getByLabel('Primary colour', { exact: true });
  await expect(primary).toHaveValue(defaultSiteSettings.kit.global_color_primary as string);
  await expectNoAxeViolations(page);

  // Live preview: the global colour reaches the preview through its CSS variable, before anything is saved.
  const previewVar = () =>
    page
      .frameLocator('iframe.editor-canvas-frame')
      .locator('.editor-preview')
      .evaluate((el) => getComputedStyle(el).getPropertyValue('--e-global-color-primary').trim());
  await primary.fill('#7a1f5c');
  await expect.poll(previewVar).toBe('#7a1f5c');
  await expect(headingTitle).toHaveCSS('color', 'rgb(122, 31, 92)'); // the widget follows the global colour
  await page.getByLabel('Text font', { exact: true }).fill('Georgia, serif');
  await expect
    .poll(() =>
      page
        .frameLocator('iframe.editor-canvas-frame')
        .locator('.editor-preview')
        .evaluate((el) => getComputedStyle(el).fontFamily),
    )
    .toContain('Georgia');

  // A bad value: its message next to the field, nothing can be saved until it is fixed.
  const tablet = page.getByLabel('Tablet breakpoint (px, up to)');
  await tablet.fill('300');
  const error = page.locator('.editor-control.has-error').filter({ has: tablet }).locator('.editor-field-error');
  await expect(error).toHaveText('Site Settings "kit.viewport_tablet" must be a whole number from 481 to 2399.');
  await expect(page.getByRole('button', { name: 'Publish site settings' })).toBeDisabled();
  await tablet.fill('1024');
  await expect(error).toHaveCount(0);

  // A draft: visitors still see the published settings.
  await page.getByLabel('Department menu').selectOption('0');
  await page.getByRole('button', { name: 'Save site draft' }).click();
  await expect(page.getByText('Site Settings draft saved. Visitors still see the published ones.')).toBeVisible();
  const visitor = await browser.newPage();
  await visitor.goto('/');
  await expect(visitor.locator('#site-menu')).toHaveAttribute('data-menu-mode', '1');
  await expect(visitor.locator('meta[name="theme-color"]')).toHaveAttribute('content', defaultSiteSettings.primaryColor);

  await keepScreenshot(page, 'site-settings-panel');
  await page.getByRole('button', { name: 'Publish site settings' }).click();
  await expect(page.getByText('Site Settings published. Visitors now see them.')).toBeVisible();
  await expectNoAxeViolations(page);

  // Published: the same visitor's next page shows the new menu mode and colours (the page cache followed).
  await visitor.goto('/');
  await expect(visitor.locator('#site-menu')).toHaveAttribute('data-menu-mode', '0');
  await expect(visitor.locator('#mega-panel')).toHaveClass(/mega-panel--cols-1/);
  expect(await visitor.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand').trim())).toBe('#7a1f5c');
  expect(await visitor.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain('Georgia');
  await visitor.close();
  expect(console.errors).toEqual([]);
});

for (const mode of ['0', '2'] as const) {
  test(`department menu mode ${mode} by keyboard only: open, reach a sub-department, one Tab out`, async ({
    signedInPage: page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await publishSettings(page.request, await nonceOf(page.request), {
      ...defaultSiteSettings,
      kit: { ...defaultSiteSettings.kit, department_menu: mode },
    });

    const visitor = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const console = watchConsole(visitor);
    await ready(visitor, '/');
    await expect(visitor.locator('#site-menu')).toHaveAttribute('data-menu-mode', mode);
    const shop = visitor.getByRole('button', { name: 'Shop departments' });
    await tabTo(visitor, shop);
    await expectVisibleFocus(visitor);
    await visitor.keyboard.press('ArrowDown');
    await expect(shop).toHaveAttribute('aria-expanded', 'true');
    await expect(visitor.locator('#mega-panel .department > a').first()).toBeFocused();
    await expectVisibleFocus(visitor);

    if (mode === '2') {
      // Four columns with scroll arrows: one row of four departments in the panel's viewport; walking past
      // them slides the strip so the focused department is always inside it, and the previous arrow wakes up.
      const inViewport = () =>
        visitor.evaluate(() => {
          const v = document.querySelector('#mega-panel .departments-viewport')!.getBoundingClientRect();
          const shown = [...document.querySelectorAll('#mega-panel .departments > .department')]
            .map((d) => d.getBoundingClientRect())
            .filter((r) => r.left >= v.left - 1 && r.right <= v.right + 1);
          const a = document.activeElement!.getBoundingClientRect();
          return {
            shown: shown.length,
            rows: new Set(shown.map((r) => Math.round(r.top))).size,
            focused: a.left >= v.left - 1 && a.right <= v.right + 1,
            pageScrolledSideways: scrollX !== 0,
          };
        });
      await expect.poll(inViewport).toEqual({ shown: 4, rows: 1, focused: true, pageScrolledSideways: false });
      for (let i = 0; i < 5; i++) await visitor.keyboard.press('ArrowDown');
      await expect.poll(inViewport).toEqual({ shown: 4, rows: 1, focused: true, pageScrolledSideways: false });
      await expect(visitor.getByRole('button', { name: 'Previous departments' })).toBeEnabled();
      await expectVisibleFocus(visitor);
    }
    const department = visitor.locator('#mega-panel .department.has-children').filter({ has: visitor.locator(':focus') });
    if ((await department.count()) === 0) {
      // The focused department has no sub-departments: go back up to the first one that has.
      for (let i = 0; i < 10 && (await visitor.locator('#mega-panel .department.has-children > a:focus').count()) === 0; i++)
        await visitor.keyboard.press('ArrowUp');
    }
    await visitor.keyboard.press('ArrowRight');
    const sub = visitor.locator('#mega-panel .department.is-open .sub-menu a').first();
    await expect(sub).toBeFocused();
    await expect(sub).toBeVisible();
    await expectVisibleFocus(visitor);
    await keepScreenshot(visitor, `menu-mode-${mode}`);

    await visitor.keyboard.press('Tab');
    await expect(visitor.locator('#site-menu').getByRole('link', { name: 'Recipes', exact: true })).toBeFocused();
    await expectVisibleFocus(visitor);
    await expect(shop).toHaveAttribute('aria-expanded', 'false');
    await expect(visitor.locator('#mega-panel')).toBeHidden();
    expect(console.errors).toEqual([]);
    await visitor.close();
  });
}
