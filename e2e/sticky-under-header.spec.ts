import { expect, test, watchConsole } from './support';

// A sticky element at top 0 sticks below the site's stuck header, not under it (docs/behaviour.md, "Sticky"): the
// showcase's section menu (sticky, offset 0) once the page is scrolled past it, at the desktop width.

test('a sticky element with offset 0 sits below the stuck site header, not under it', async ({ firstVisitPage: page }) => {
  const console = watchConsole(page);
  await page.goto('/showcase');
  await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
  const menu = page.locator('.showcase-header');
  await page.evaluate(() => window.scrollTo({ top: 1600, behavior: 'instant' }));
  await expect(page.locator('.site-header')).toHaveClass(/is-sticky/);
  await expect(menu).toHaveClass(/elementor-sticky--active/);
  await expect
    .poll(async () => {
      const header = await page.locator('.site-header .main-header').boundingBox();
      const stuck = await menu.boundingBox();
      // The menu's top at the header's bottom (1 px of rounding), and on screen.
      return header && stuck ? Math.round(stuck.y) - Math.round(header.y + header.height) : null;
    })
    .toBeGreaterThanOrEqual(-1);
  const gap = await page.evaluate(() => {
    const header = document.querySelector('.site-header .main-header')!.getBoundingClientRect();
    const menu = document.querySelector('.showcase-header')!.getBoundingClientRect();
    return menu.top - header.bottom;
  });
  expect(gap).toBeLessThanOrEqual(1); // right below it, not somewhere further down
  expect(console.errors).toEqual([]);
});
