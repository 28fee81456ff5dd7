import { type Page } from '@playwright/test';
import { keepScreenshot, watchConsole, expect, test } from './support';

// The page-builder runtime against docs/behaviour.md: carousel offset and announcements, the loop filter, the editor's
// lightbox preference, the header at 1000 px. The checks made on /showcase (the lightbox for plain image links, its
// name and an early Esc; the off-canvas close button and focus delay) are steps of its one visit in
// e2e/showcase.spec.ts, which loads that page anyway.

async function ready(page: Page, path = '/showcase'): Promise<void> {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
}

test('carousel offset_sides lets the next slide peek in; arrows announce the first and the last slide', async ({
  firstVisitPage: page,
}) => {
  const console = watchConsole(page);
  await ready(page, '/showcase/carousel');
  const carousel = page.locator('[data-id="c5f036"]');
  const container = carousel.locator('.swiper');
  await expect(container).toHaveClass(/swiper-initialized/);
  await expect(container).toHaveClass(/offset-right/);
  expect(await container.evaluate((el) => parseFloat(getComputedStyle(el).paddingRight))).toBeGreaterThan(20);
  // Two slides show in full and the third one is partly visible inside the container's right padding.
  const box = (await container.boundingBox())!;
  const third = (await carousel.locator('.swiper-slide').nth(2).boundingBox())!;
  expect(third.x).toBeLessThan(box.x + box.width - 20);
  expect(third.x + third.width).toBeGreaterThan(box.x + box.width);
  await carousel.scrollIntoViewIfNeeded();

  const region = container.locator('.swiper-notification');
  const next = carousel.locator('.elementor-swiper-button-next');
  const prev = carousel.locator('.elementor-swiper-button-prev');
  await next.focus();
  await page.keyboard.press('Enter');
  await expect(region).toHaveText('Next slide');
  // Said to screen readers, not shown.
  expect(await region.evaluate((el) => el.getBoundingClientRect().width)).toBeLessThanOrEqual(1);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(region).toHaveText('This is the last slide');
  // The next arrow is disabled at the end: focus went to the other arrow, not to the page body.
  await expect(prev).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(region).toHaveText('Previous slide');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(region).toHaveText('This is the first slide');
  await expect(next).toBeFocused();
  await keepScreenshot(page, 'conformance-carousel-offset');
  expect(console.errors).toEqual([]);
});

test('loop filter: a NOT filter looks excluded; a failed refresh leaves address, buttons and grid consistent', async ({
  firstVisitPage: page,
}) => {
  const console = watchConsole(page);
  await ready(page, '/recipes?e-filter-c72021-diet=!vegan');
  const vegan = page.locator('[data-id="c72013"] [data-filter="vegan"]');
  await expect(vegan).toHaveClass(/e-excluded/);
  await expect(vegan).not.toHaveAttribute('aria-current', 'true');
  await expect(vegan).toHaveAccessibleName(/excluded/);
  expect(await vegan.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('line-through');

  await ready(page, '/recipes');
  const before = await page.locator('[data-id="c72021"] .e-loop-count').innerText();
  await page.route('**/elementor-pro/v1/refresh-loop', (route) => route.fulfill({ status: 503, body: '{}' }));
  const dinner = page.locator('[data-id="c72011"] [data-filter="dinner"]');
  const failed = page.waitForResponse('**/elementor-pro/v1/refresh-loop');
  await dinner.click();
  await failed;
  await expect(page.locator('[data-id="c72021"]')).not.toHaveClass(/e-loading/);
  await expect(dinner).not.toHaveAttribute('aria-current', 'true');
  await expect(page.locator('[data-id="c72011"] [data-filter="__all"]')).toHaveAttribute('aria-current', 'true');
  expect(new URL(page.url()).search).toBe('');
  await expect(page.locator('[data-id="c72021"] .e-loop-count')).toHaveText(before);
  expect(console.errors.filter((e) => !e.includes('503'))).toEqual([]);
});

test.describe(() => {
  // One tab per worker and role, signed in, with the HTTP cache on (`signedInPage`, e2e/support.ts).
  test.use({ signedInAs: 'editor' });
  test('editor: the "lightbox in the editor" preference is saved per editor and decides whether image links open it', async ({
    signedInPage: page,
  }) => {
    const console = watchConsole(page);
    await page.goto('/editor/30');
    await expect(page).toHaveURL(/\/editor\/30$/);
    await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
    const preference = page.getByRole('checkbox', { name: 'Lightbox in the editor' });
    await expect(preference).toBeChecked();
    // The page is in the canvas, an iframe with its own runtime: the lightbox opens there.
    const canvas = page.frameLocator('iframe.editor-canvas-frame');
    const link = canvas.locator('.editor-preview [data-id="c5f022"] a[href$="5044.svg"]');
    await link.dispatchEvent('click', { button: 0 }); // the entrance animation keeps it invisible in the preview
    await expect(canvas.locator('.pswp')).toBeVisible();
    // Selecting the Text Editor loads TinyMCE with the stored HTML: that is not an edit (no undo step, no autosave).
    await expect(page.frameLocator('iframe[title^="Text. Rich text area"]').locator('body')).toContainText('Every widget');
    await expect(page.locator('.editor-toolbar').getByRole('button', { name: 'Undo', exact: true })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(canvas.locator('.pswp')).toHaveCount(0);

    const saved = page.waitForResponse((r) => r.url().endsWith('/wp-json/site/v1/editor/preferences') && r.request().method() === 'PUT');
    await preference.uncheck();
    expect((await saved).status()).toBe(200);
    // Off: the click is the editor's (no lightbox).
    await link.dispatchEvent('click', { button: 0 }); // the entrance animation keeps it invisible in the preview
    await expect(page).toHaveURL(/\/editor\/30$/);
    await expect(canvas.locator('.pswp')).toHaveCount(0);
    // Kept for this editor.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
    await expect(preference).not.toBeChecked();
    await preference.check();
    expect(console.errors).toEqual([]);
  });
});

test('header: the main navigation stays on one row at 1000 px', async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 700 });
  await ready(page, '/');
  const tops = await page
    .locator('#site-menu .menu > li')
    .evaluateAll((items) => [...new Set(items.map((li) => Math.round(li.getBoundingClientRect().top)))]);
  expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(20); // one row (items differ by a few px)
  // Nothing runs past the right edge.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1000);
  const search = (await page.locator('.site-search button, .site-search [type="submit"]').first().boundingBox())!;
  expect(search.x + search.width).toBeLessThanOrEqual(1000);
});
