import { type Page } from '@playwright/test';
import { installPausedClock, keepScreenshot, expect, test, JOURNEY } from './support';
import { editorOn, openAtStore } from './editor-session';
import { variantFor } from '../core/measure/variant';

// Measured content in the browser: a popup's impression asks the server for a view (content-views), whose id
// its later events name; a visitor whose browser sends Global Privacy Control gets no visitor id and sends nothing.

const GRAND_RAPIDS = 1012;

async function open(page: Page): Promise<string[]> {
  const measured: string[] = [];
  page.on('request', (r) => {
    if (/content-events|content-views|content-variants/.test(r.url())) measured.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  await installPausedClock(page, new Date('2026-11-23T10:00:01Z'));
  await page.goto('/weekly-deals');
  await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
  return measured;
}

test('a popup impression is measured once, as a view the server issues; Global Privacy Control sends nothing', async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  const measured = await open(page);
  const popup = page.getByRole('dialog', { name: 'The new weekly ad, every Wednesday' });
  const viewed = page.waitForResponse((r) => r.url().endsWith('/wp-json/site/v1/content-views') && r.request().method() === 'POST');
  await page.clock.runFor(5_200);
  await expect(popup).toBeVisible();
  const answer = await viewed;
  expect(answer.status()).toBe(201);
  expect(JSON.parse(answer.request().postData() ?? '{}')).toEqual({ subject_type: 'popup', subject_id: 51, variant: 'A' });
  expect(((await answer.json()) as { view_id: string }).view_id).toMatch(/^[\w-]{8,64}$/);
  await page.clock.runFor(1_100); // the batch window: nothing else happened to the popup
  expect(measured.filter((m) => m.endsWith('/content-views'))).toEqual(['POST /wp-json/site/v1/content-views']);
  expect(await page.evaluate(() => localStorage.getItem('hl_visitor'))).toMatch(/^[\w-]{8,64}$/);
  expect(measured).toContain('GET /wp-json/site/v1/content-variants/popup/51/for');

  const gpcContext = await browser.newContext();
  await gpcContext.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }));
  const gpc = await gpcContext.newPage();
  const gpcMeasured = await open(gpc);
  await gpc.clock.runFor(5_200);
  await expect(gpc.getByRole('dialog', { name: 'The new weekly ad, every Wednesday' })).toBeVisible();
  await gpc.clock.runFor(1_100);
  // A request issued after the batch window, answered: anything the page had sent before would be listed.
  await Promise.all([
    gpc.waitForResponse((r) => r.url().includes('/api/shop/v1/stores')),
    gpc.evaluate(() => void fetch('/api/shop/v1/stores')),
  ]);
  expect(gpcMeasured).toEqual([]);
  expect(await gpc.evaluate(() => localStorage.getItem('hl_visitor'))).toBeNull();
});

// A journey (variants, measuring, the cart, the performance screen): in the matrix (docs/testing.md).
test(
  'a content block: variant B served to its visitor, impression, click and add-to-cart in the same visit, seen on the performance screen',
  JOURNEY,
  async ({ browser }) => {
    test.setTimeout(120_000);
    const { editor, headers } = await editorOn(browser, '/admin/content-performance', 'Content performance');
    // A call to action for Grand Rapids visitors only (no other test shops there), with a variant B.
    const created = await editor.request.post('/wp-json/site/v1/content-blocks', {
      data: {
        kind: 'cta',
        html: '<p>Bananas are in. <a href="/">Shop</a></p>',
        title: 'Bananas CTA',
        store_ids: [GRAND_RAPIDS],
        priority: 100,
      },
      headers,
    });
    expect(created.status()).toBe(201);
    const blockId = ((await created.json()) as { id: number }).id;
    const variantB = '<p>Ripe bananas, 59¢ a pound. <a href="/shop#!/?q=bananas">Shop bananas</a></p>';
    const saved = await editor.request.post('/wp-json/site/v1/content-variants', {
      data: { subject_type: 'block', subject_id: blockId, html: variantB },
      headers,
    });
    expect(saved.status()).toBe(201);

    // A visitor whose stable id falls in variant B.
    const visitorId = Array.from({ length: 100 }, (_, i) => `e2e-visitor-${i}`).find((v) => variantFor(v, `block:${blockId}`) === 'B')!;
    const context = await browser.newContext();
    await context.addInitScript((id) => localStorage.setItem('hl_visitor', id), visitorId);
    const page = await context.newPage();
    const sent: Array<{ subject_type: string; subject_id: number; variant: string; event: string }> = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/wp-json/site/v1/content-events'))
        sent.push(...(JSON.parse(r.postData() ?? '{}') as { events: typeof sent }).events);
      if (r.url().endsWith('/wp-json/site/v1/content-views'))
        sent.push({ ...(JSON.parse(r.postData() ?? '{}') as (typeof sent)[0]), event: 'impression' });
    });
    await openAtStore(page, GRAND_RAPIDS, '/');
    const slot = page.locator(`.freshop-content[data-block-id="${blockId}"]`);
    await expect(slot).toHaveAttribute('data-variant', 'B');
    await expect(slot).toContainText('Ripe bananas, 59¢ a pound.');
    await slot.scrollIntoViewIfNeeded();
    await expect.poll(() => sent.filter((e) => e.subject_id === blockId).map((e) => `${e.variant} ${e.event}`)).toEqual(['B impression']);
    await slot.getByRole('link', { name: 'Shop bananas' }).click();
    const shop = page.locator('[data-island="shop"]');
    // The shop hydrates when the visitor reaches for it (react-app/islands/hydration.ts), once its loader watches it.
    await expect(shop).toHaveAttribute('data-hydrated');
    await shop.dispatchEvent('pointerover');
    await expect(shop).toHaveAttribute('data-hydrated', 'true');
    await shop.getByRole('button', { name: 'Add to cart, Bananas' }).click();
    await expect(page.locator('[data-header-cart] .header-cart__count')).toHaveText('1');
    await expect
      .poll(() => sent.filter((e) => e.subject_id === blockId).map((e) => `${e.variant} ${e.event}`))
      .toEqual(['B impression', 'B click', 'B add_to_cart']);

    await editor.reload();
    const row = editor
      .getByRole('table')
      .nth(1)
      .getByRole('row', { name: new RegExp(`Block ${blockId} B ${GRAND_RAPIDS}`) });
    await expect(row.getByRole('cell')).toHaveText([
      /\d{4}-\d\d-\d\d/,
      `Block ${blockId}`,
      'B',
      String(GRAND_RAPIDS),
      'anonymous',
      '1',
      '1',
      '0',
      '1',
    ]);
    await keepScreenshot(editor, 'content-performance-block', { fullPage: true });
    expect((await editor.request.delete(`/wp-json/site/v1/content-blocks/${blockId}`, { headers })).status()).toBe(200);
  },
);
