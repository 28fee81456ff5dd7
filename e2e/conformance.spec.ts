import { type Page } from '@playwright/test';
import { keepScreenshot, watchConsole, expect, test, signIn } from './support';

// The page-builder runtime against docs/behaviour.md: carousel offset and announcements, the lightbox
// for plain image links, its name and an early Esc.

async function ready(page: Page, path = '/showcase'): Promise<void> {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
}

test('carousel offset_sides lets the next slide peek in; arrows announce the first and the last slide', async ({ page }) => {
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

test('a plain image link in rich text opens the named lightbox; an Esc during its opening closes it', async ({ page }) => {
  const console = watchConsole(page);
  await ready(page);
  const link = page.locator('[data-id="c5f022"] a[href$="5044.svg"]');
  await link.click();
  const dialog = page.getByRole('dialog', { name: 'Image viewer' });
  await expect(dialog).toBeVisible();
  await expect(page.locator('.pswp')).toHaveClass(/e-lightbox-ready/);
  await page.keyboard.press('Escape');
  await expect(page.locator('.pswp')).toHaveCount(0);
  await expect(link).toBeFocused();

  // Esc pressed at once, while PhotoSwipe still animates open: it closes as soon as the animation ends.
  for (let i = 0; i < 4; i++) {
    await link.click();
    await page.keyboard.press('Escape');
    await expect(page.locator('.pswp')).toHaveCount(0);
  }
  expect(console.errors).toEqual([]);
});

test('loop filter: a NOT filter looks excluded; a failed refresh leaves address, buttons and grid consistent', async ({ page }) => {
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

test('off-canvas: the close × is dark on the white panel; focus moves in after the modal delay and comes back', async ({ page }) => {
  const console = watchConsole(page);
  await ready(page);
  const opener = page.getByRole('link', { name: 'Store services' });
  // Timestamps of the click and of focus arriving in the panel (docs/behaviour.md: 100 ms for modals).
  await page.evaluate(() => {
    const w = window as unknown as { clickedAt?: number; focusedAt?: number };
    document.addEventListener('click', () => (w.clickedAt ??= performance.now()), true);
    document.addEventListener('focusin', (e) => {
      if ((e.target as Element).closest('.e-off-canvas')) w.focusedAt ??= performance.now();
    });
  });
  await opener.click();
  const panel = page.getByRole('dialog', { name: 'Store services' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Catering' })).toBeFocused();
  const delay = await page.evaluate(() => {
    const w = window as unknown as { clickedAt: number; focusedAt: number };
    return w.focusedAt - w.clickedAt;
  });
  expect(delay).toBeGreaterThanOrEqual(95);
  const close = panel.getByRole('button', { name: 'Close' });
  const [color, background] = await close.evaluate((el) => {
    const main = el.closest('.e-off-canvas__main')!;
    return [getComputedStyle(el).color, getComputedStyle(main).backgroundColor];
  });
  expect(background).toBe('rgb(255, 255, 255)');
  expect(color).not.toBe('rgb(255, 255, 255)');
  await keepScreenshot(page, 'conformance-off-canvas');
  await close.click();
  await expect(panel).toBeHidden();
  await expect(opener).toBeFocused();
  expect(console.errors).toEqual([]);
});

test('editor: the "lightbox in the editor" preference is saved per editor and decides whether image links open it', async ({ page }) => {
  const console = watchConsole(page);
  await signIn(page, 'editor');
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
