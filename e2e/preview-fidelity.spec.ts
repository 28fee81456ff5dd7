import { expect, JOURNEY, signIn, test } from './support';
import { nonceOf } from './session-helpers';
import { differences, settledBoxes } from './element-boxes';
import { documents as seeded } from '../fixtures/pages';
import { LANDING_PAGES } from '../core/store-layer/store-requirement';
import type { Store } from '../core/wire/store';

/** The seeded pages: pages other tests on this worker's server published (with content of their own) are not compared. */
const SEEDED_PAGES = new Set(seeded.filter((d) => d.type === 'page').map((d) => d.slug));

// The editor's preview is faithful (docs/editor.md): for every seeded page, the canvas at desktop, tablet and
// mobile widths and the published page at the same width hold the same element boxes, within 2 px, in the
// canvas's own (unscaled) CSS pixels. Reduced motion, a frozen clock; popups and the editor-only affordances
// (empty-container drop zones, off-canvas shown in place, the selection outline) are left out.

const FROZEN = new Date('2026-11-18T15:00:00Z');

test('the canvas and the published page have the same element boxes on desktop, tablet and mobile', JOURNEY, async ({ page, browser }) => {
  test.setTimeout(900_000);
  await signIn(page, 'editor');
  await page.clock.setFixedTime(FROZEN);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const list = await page.request.get('/wp-json/site/v1/documents?type=page', { headers: { 'X-WP-Nonce': await nonceOf(page.request) } });
  const only = process.env.FIDELITY_ONLY?.split(',');
  const pages = ((await list.json()) as { items: Array<{ id: number; slug: string; status: string; has_draft: boolean }> }).items.filter(
    (d) => d.status === 'publish' && !d.has_draft && SEEDED_PAGES.has(d.slug) && (!only || only.includes(d.slug)), // the editor shows a draft, the site what is published
  );
  expect(pages.length).toBeGreaterThanOrEqual(only ? 1 : 10);
  const failures: string[] = [];
  for (const doc of pages) {
    await page.goto(`/editor/${doc.id}`);
    await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
    let lastWidth = -1;
    for (const device of ['Desktop', 'Tablet', 'Mobile']) {
      await page.getByRole('button', { name: device, exact: true }).click();
      const frameEl = page.locator('iframe.editor-canvas-frame');
      await expect(page.locator('.editor-preview-frame')).toHaveAttribute('data-device', device.toLowerCase());
      const frame = (await (await frameEl.elementHandle())!.contentFrame())!;
      // The frame takes the device's width a frame or more after the switch (later on a loaded machine): measure
      // once its window has left the last device's width and is as wide as the frame element.
      const frameWidth = () => frameEl.evaluate((el) => Number.parseFloat(getComputedStyle(el).width));
      await expect
        .poll(async () => {
          const inner = await frame.evaluate(() => innerWidth);
          return inner !== lastWidth && inner === (await frameWidth());
        })
        .toBe(true);
      const size = await frame.evaluate(() => ({ width: innerWidth, height: innerHeight }));
      await expect(frameEl).toHaveCSS('width', `${size.width}px`);
      lastWidth = size.width;
      // The editor-only affordances off: what is measured is what visitors get.
      await frame.evaluate(() => document.documentElement.classList.remove('editor-affordances'));
      const root = `.elementor[data-elementor-id="${doc.id}"]`;
      const editor = await settledBoxes(frame, root);

      const context = await browser.newContext({ viewport: size, reducedMotion: 'reduce' });
      await context.clock.setFixedTime(FROZEN);
      const visitor = await context.newPage();
      await visitor.goto(doc.slug === 'home' ? '/' : `/${doc.slug}`);
      await expect(visitor.locator('html')).toHaveAttribute('data-runtime', 'ready');
      // A page for the catering or wine store sends a visitor without one to its landing page: this visitor
      // chooses that catalogue's first store, the store the canvas shows the page at for an editor without one.
      if (!(await visitor.locator(root).count())) {
        const kind = Object.entries(LANDING_PAGES).find(([, url]) => url === new URL(visitor.url()).pathname)?.[0];
        expect(kind, `/${doc.slug} sent a visitor to ${visitor.url()}`).toBeTruthy();
        const stores = ((await (await visitor.request.get('/api/shop/v1/stores')).json()) as { items: Store[] }).items;
        const first = stores.filter((st) => st.kind === kind && st.is_selectable).sort((a, b) => a.id - b.id)[0];
        const chosen = await visitor.request.put('/api/shop/v1/current-store', {
          data: { store_id: first.id },
          headers: { 'X-WP-Nonce': await nonceOf(visitor) },
        });
        expect(chosen.status()).toBe(200);
        await visitor.goto(`/${doc.slug}`);
        await expect(visitor.locator('html')).toHaveAttribute('data-runtime', 'ready');
        await expect(visitor.locator(root)).toHaveCount(1);
      }
      // Popups are left out: none is open while measuring.
      await visitor.evaluate(() => {
        for (const popup of window.sitePopups?.list() ?? []) if (popup.status === 'shown') window.sitePopups!.close(popup.id);
      });
      const site = await settledBoxes(visitor, root);
      await context.close();
      failures.push(...differences(editor, site).map((d) => `/${doc.slug} ${device} ${size.width}px: ${d}`));
      await frame.evaluate(() => document.documentElement.classList.add('editor-affordances'));
    }
  }
  expect(failures).toEqual([]);
});
