import { expect, test } from './support';

test('a handler chunk that fails to load logs a ChunkLoadError and the rest of the page works', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  await page.route(/handler-carousel-.*\.js$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
  await expect.poll(() => errors.find((e) => e.includes('ChunkLoadError') || e.includes('Loading chunk carousel failed'))).toBeTruthy();
  const logged = errors.find((e) => e.includes('Loading chunk carousel failed'))!;
  expect(logged).toMatch(/missing: http:\/\/127\.0\.0\.1:\d+\/assets\/runtime\/handler-carousel-/);
  // The carousel stays a plain, scrollable row of images; the rest of the page is usable.
  await expect(page.locator('[data-widget_type="image-carousel.default"] img').first()).toBeVisible();
  await page.getByLabel('Search products and recipes').fill('apples');
  await expect(page.getByLabel('Search products and recipes')).toHaveValue('apples');
  await expect(page.getByRole('link', { name: 'Stores' })).toBeVisible();
});
