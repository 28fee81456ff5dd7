import { expect, test, type Page } from '@playwright/test';
import { installPausedClock } from './support';

// Measured content in the browser: a popup's impression is sent in one batch with the page's view id; a
// visitor whose browser sends Global Privacy Control gets no visitor id and sends nothing.

async function open(page: Page): Promise<string[]> {
  const measured: string[] = [];
  page.on('request', (r) => {
    if (/content-events|content-variants/.test(r.url())) measured.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  await installPausedClock(page, new Date('2026-11-23T10:00:01Z'));
  await page.goto('/weekly-deals');
  await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
  return measured;
}

test('a popup impression is measured once, batched; Global Privacy Control sends nothing', async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  const measured = await open(page);
  const popup = page.getByRole('dialog', { name: 'Get the weekly ad by email' });
  const sent = page.waitForRequest((r) => r.url().endsWith('/wp-json/site/v1/content-events') && r.method() === 'POST');
  await page.clock.runFor(5_200);
  await expect(popup).toBeVisible();
  await page.clock.runFor(1_100); // the batch window
  const body = JSON.parse((await sent).postData() ?? '{}') as { events: Array<Record<string, unknown>> };
  expect(body.events).toEqual([
    { view_id: expect.stringMatching(/^[\w-]{8,64}$/), subject_type: 'popup', subject_id: 51, variant: 'A', event: 'impression' },
  ]);
  expect(await page.evaluate(() => localStorage.getItem('hl_visitor'))).toMatch(/^[\w-]{8,64}$/);
  expect(measured).toContain('GET /wp-json/site/v1/content-variants/popup/51/for');

  const gpcContext = await browser.newContext();
  await gpcContext.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }));
  const gpc = await gpcContext.newPage();
  const gpcMeasured = await open(gpc);
  await gpc.clock.runFor(5_200);
  await expect(gpc.getByRole('dialog', { name: 'Get the weekly ad by email' })).toBeVisible();
  await gpc.clock.runFor(1_100);
  // A request issued after the batch window, answered: anything the page had sent before would be listed.
  await Promise.all([
    gpc.waitForResponse((r) => r.url().includes('/api/shop/v1/stores')),
    gpc.evaluate(() => void fetch('/api/shop/v1/stores')),
  ]);
  expect(gpcMeasured).toEqual([]);
  expect(await gpc.evaluate(() => localStorage.getItem('hl_visitor'))).toBeNull();
});
