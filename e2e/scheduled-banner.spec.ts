import { type Browser, type Page } from '@playwright/test';
import { openAtStore } from './editor-session';
import { apiAs } from './session-helpers';
import { expectNoAxeViolations, keepScreenshot, watchConsole, expect, test } from './support';

// A banner scheduled two minutes ahead appears by itself, without a reload, for the targeted store only. The
// browser's clock is Playwright's; the server's schedule clock is moved ahead through the e2e server's
// test-only clock (server/routes/test-clock.ts), so nobody waits two minutes.

const GRAND_RAPIDS = 1012;
const DETROIT = 1011;

async function visitorAt(browser: Browser, storeId: number): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.clock.install({ time: new Date() });
  await openAtStore(page, storeId, '/recipes');
  await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
  return page;
}

test('a banner scheduled two minutes ahead appears on its own, for the targeted store only', async ({ browser }) => {
  test.setTimeout(120_000);
  // The editor sets the banner up through the API (the content screen is content-screen.spec.ts's).
  const editor = await apiAs(browser, 'editor');
  const headers = { 'X-WP-Nonce': editor.nonce };
  const startsAt = Date.now() + 120_000;
  const created = await editor.request.post('/wp-json/site/v1/content-blocks', {
    data: {
      kind: 'site-banner',
      title: 'Eastown flash sale',
      html: '<p>Flash sale at Eastown: berries half price</p>',
      store_ids: [GRAND_RAPIDS],
      priority: 100,
      starts_at: startsAt,
    },
    headers,
  });
  expect(created.status()).toBe(201);
  const blockId = ((await created.json()) as { id: number }).id;
  try {
    const shopper = await visitorAt(browser, GRAND_RAPIDS);
    const console = watchConsole(shopper);
    const other = await visitorAt(browser, DETROIT);
    const banner = (page: Page) => page.getByRole('region', { name: 'Announcement' });
    await expect(banner(shopper)).not.toContainText('Flash sale at Eastown');
    await expect(shopper.locator('[data-content="site-banner"]')).toHaveAttribute('data-content-next', String(startsAt));

    // Two minutes later on both clocks: the banner's content call is asked again, and answered anew.
    expect((await editor.request.post('/__test/clock', { data: { offset_ms: 121_000 } })).status()).toBe(200);
    const asked = shopper.waitForResponse((r) => r.url().includes('/content/site-banner') && r.status() === 200);
    await shopper.clock.runFor(122_000);
    await asked;
    await expect(banner(shopper)).toContainText('Flash sale at Eastown: berries half price');
    await expect(banner(shopper)).toBeVisible();
    await keepScreenshot(shopper, 'scheduled-banner');
    await expectNoAxeViolations(shopper);

    const otherAsked = other.waitForResponse((r) => r.url().includes('/content/site-banner') && r.status() === 200);
    await other.clock.runFor(122_000);
    await otherAsked;
    await expect(banner(other)).not.toContainText('Flash sale at Eastown');
    expect(console.errors).toEqual([]);
  } finally {
    await editor.request.post('/__test/clock', { data: { offset_ms: 0 } });
    await editor.request.delete(`/wp-json/site/v1/content-blocks/${blockId}`, { headers });
  }
});
