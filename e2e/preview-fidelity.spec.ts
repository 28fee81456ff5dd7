import { type Frame, type Page } from '@playwright/test';
import { expect, JOURNEY, signIn, test } from './support';
import { nonceOf } from './session-helpers';

// The editor's preview is faithful (docs/editor.md): for every seeded page, the canvas at desktop, tablet and
// mobile widths and the published page at the same width hold the same element boxes, within 2 px, in the
// canvas's own (unscaled) CSS pixels. Reduced motion, a frozen clock; popups and the editor-only affordances
// (empty-container drop zones, off-canvas shown in place, the selection outline) are left out.

const FROZEN = new Date('2026-11-18T15:00:00Z');
/**
 * Known gap (docs/editor.md): the shop's island is routed in the browser (its `#!` route) and hydrates at load, so
 * its server first view ("Loading the shop…") is replaced at once on the published page; the canvas shows that
 * first view, as islands do not run there. Named in the report, not measured, until islands run in the canvas.
 */
const ROUTED_IN_THE_BROWSER = new Set(['shop', 'catering/shop', 'wine/shop']);
const TOLERANCE = 2;

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Images loaded, fonts ready and two frames painted, then every element's box in the document root renders:
 * relative to the root's own box, or, for an element that is fixed (itself or an ancestor), to the viewport,
 * which is the same size on both sides. Again until two readings agree (carousels settling).
 */
async function settledBoxes(target: Page | Frame, rootSelector: string): Promise<Record<string, Box>> {
  // Scrolled through once, as a visitor reading the page: behaviours that wait until their element is near the
  // viewport (a masonry gallery) connect and lazy images load, on both sides alike; then back to the top.
  await target.evaluate(async () => {
    const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
      scrollTo(0, y);
      await frame();
    }
    scrollTo(0, 0);
    await frame();
  });
  let last = '';
  for (let i = 0; i < 20; i++) {
    const boxes = await target.evaluate(async (selector) => {
      await Promise.all(
        [...document.images]
          .filter((img) => !img.complete && img.loading !== 'lazy') // a lazy image far below may never load
          .map((img) => new Promise((done) => img.addEventListener('loadend', done, { once: true }))),
      );
      await document.fonts.ready;
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      const root = document.querySelector<HTMLElement>(selector);
      if (!root) throw new Error(`no ${selector}`);
      const origin = root.getBoundingClientRect();
      const fixed = (el: Element | null): boolean => {
        for (let e = el; e && e !== root; e = e.parentElement) if (getComputedStyle(e).position === 'fixed') return true;
        return false;
      };
      const out: Record<string, { x: number; y: number; w: number; h: number }> = {};
      for (const el of root.querySelectorAll<HTMLElement>('[data-id]')) {
        // Not rendered (a closed accordion item, a tab not chosen): no box, on either side, wherever its root is.
        if (!el.getClientRects().length) {
          out[el.dataset.id!] = { x: 0, y: 0, w: 0, h: 0 };
          continue;
        }
        const r = el.getBoundingClientRect();
        const own = fixed(el);
        out[el.dataset.id!] = {
          x: Math.round(r.left - (own ? 0 : origin.left)),
          y: Math.round(r.top - (own ? 0 : origin.top)),
          w: Math.round(r.width),
          h: Math.round(r.height),
        };
      }
      return JSON.stringify(out);
    }, rootSelector);
    if (boxes === last) return JSON.parse(boxes) as Record<string, Box>;
    last = boxes;
  }
  throw new Error(`the boxes of ${rootSelector} never settled`);
}

function differences(editor: Record<string, Box>, site: Record<string, Box>): string[] {
  const out: string[] = [];
  for (const id of new Set([...Object.keys(editor), ...Object.keys(site)])) {
    const a = editor[id];
    const b = site[id];
    if (!a || !b) {
      out.push(`${id}: ${a ? 'only in the editor' : 'only on the site'}`);
      continue;
    }
    const off = (['x', 'y', 'w', 'h'] as const).filter((k) => Math.abs(a[k] - b[k]) > TOLERANCE);
    if (off.length) out.push(`${id}: ${off.map((k) => `${k} ${a[k]} vs ${b[k]}`).join(', ')}`);
  }
  return out;
}

test('the canvas and the published page have the same element boxes on desktop, tablet and mobile', JOURNEY, async ({ page, browser }) => {
  test.setTimeout(900_000);
  await signIn(page, 'editor');
  await page.clock.setFixedTime(FROZEN);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/admin/documents');
  const list = await page.request.get('/wp-json/site/v1/documents?type=page', { headers: { 'X-WP-Nonce': await nonceOf(page) } });
  const only = process.env.FIDELITY_ONLY?.split(',');
  const pages = ((await list.json()) as { items: Array<{ id: number; slug: string; status: string; has_draft: boolean }> }).items.filter(
    (d) => d.status === 'publish' && !d.has_draft && (!only || only.includes(d.slug)), // the editor shows a draft, the site what is published
  );
  expect(pages.length).toBeGreaterThanOrEqual(only ? 1 : 10);
  const failures: string[] = [];
  for (const doc of pages) {
    if (ROUTED_IN_THE_BROWSER.has(doc.slug)) {
      test.info().annotations.push({ type: 'not compared', description: `/${doc.slug}: its island runs in the browser only` });
      continue;
    }
    await page.goto(`/editor/${doc.id}`);
    await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
    for (const device of ['Desktop', 'Tablet', 'Mobile']) {
      await page.getByRole('button', { name: device, exact: true }).click();
      const frameEl = page.locator('iframe.editor-canvas-frame');
      await expect(page.locator('.editor-preview-frame')).toHaveAttribute('data-device', device.toLowerCase());
      const frame = (await (await frameEl.elementHandle())!.contentFrame())!;
      const size = await frame.evaluate(() => ({ width: innerWidth, height: innerHeight }));
      await expect(frameEl).toHaveCSS('width', `${size.width}px`);
      // The editor-only affordances off: what is measured is what visitors get.
      await frame.evaluate(() => document.documentElement.classList.remove('editor-affordances'));
      const root = `.elementor[data-elementor-id="${doc.id}"]`;
      const editor = await settledBoxes(frame, root);

      const context = await browser.newContext({ viewport: size, reducedMotion: 'reduce' });
      await context.clock.setFixedTime(FROZEN);
      const visitor = await context.newPage();
      await visitor.goto(doc.slug === 'home' ? '/' : `/${doc.slug}`);
      await expect(visitor.locator('html')).toHaveAttribute('data-runtime', 'ready');
      // A page a visitor without a store is not shown (its store requirement sends them elsewhere) has nothing
      // to compare: named in the report, not measured.
      if (!(await visitor.locator(`.elementor[data-elementor-id="${doc.id}"]`).count())) {
        test
          .info()
          .annotations.push({ type: 'not compared', description: `/${doc.slug}: a visitor is sent to ${new URL(visitor.url()).pathname}` });
        await context.close();
        await frame.evaluate(() => document.documentElement.classList.add('editor-affordances'));
        break;
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
