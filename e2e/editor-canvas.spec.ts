import { type Page } from '@playwright/test';
import { widgets } from '../react-app/widgets';
import { expect, test } from './support';
import { nonceOf } from './session-helpers';

// One tab per worker, signed in as the editor, with the HTTP cache on (`signedInPage`, e2e/support.ts).
test.use({ signedInAs: 'editor' });

// The canvas is the page at the device's real width (docs/editor.md): an iframe whose own window is 834 px wide on
// Tablet and 390 px on Mobile (scaled to fit the column, never re-laid out), so media queries and the behaviours
// that read the window's width act as on a tablet or a phone. Before, the preview was a div in the column: Tablet
// changed nothing, and the mobile preview showed 3 slides where a phone shows 1.

async function pageWith(page: Page, title: string, tree: unknown[]): Promise<number> {
  const headers = { 'X-WP-Nonce': await nonceOf(page.request) };
  const created = await page.request.post('/wp-json/site/v1/documents', { data: { type: 'page', title }, headers });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { id: number }).id;
  expect((await page.request.post(`/wp-json/site/v1/documents/${id}/publish`, { data: { tree }, headers })).status()).toBe(200);
  return id;
}

test('each device previews at its own width: media queries and the carousel’s slides per view as on the device', async ({
  signedInPage: page,
}) => {
  const id = await pageWith(page, `Canvas widths ${Date.now().toString(36)}`, [
    {
      id: 'cw0001',
      elType: 'container',
      settings: {},
      elements: [
        {
          id: 'cw0002',
          elType: 'widget',
          widgetType: 'heading',
          settings: { title: 'Weekly picks', _typography_font_size_tablet: { unit: 'px', size: 31 } },
          elements: [],
        },
        { id: 'cw0003', elType: 'widget', widgetType: 'image-carousel', settings: widgets['image-carousel'].defaults ?? {}, elements: [] },
      ],
    },
  ]);
  await page.goto(`/editor/${id}`);
  await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
  const frame = page.frameLocator('iframe.editor-canvas-frame');
  const swiper = frame.locator('[data-id="cw0003"] .swiper');
  await expect(swiper).toHaveClass(/swiper-initialized/);
  const inCanvas = () =>
    page.locator('iframe.editor-canvas-frame').evaluate((el) => {
      const win = (el as HTMLIFrameElement).contentWindow!;
      const s = (win.document.querySelector('[data-id="cw0003"] .swiper') as unknown as { swiper: { params: { slidesPerView: number } } })
        .swiper;
      return { width: win.innerWidth, tablet: win.matchMedia('(max-width: 1024px)').matches, perView: s.params.slidesPerView };
    });
  const title = frame.locator('[data-id="cw0002"] .elementor-heading-title');
  const desktop = await inCanvas();
  expect(desktop.width).toBeGreaterThan(1024);
  expect(desktop).toMatchObject({ tablet: false, perView: 3 });
  await expect(title).not.toHaveCSS('font-size', '31px');

  await page.getByRole('button', { name: 'Tablet', exact: true }).click();
  await expect.poll(inCanvas).toEqual({ width: 834, tablet: true, perView: 2 });
  await expect(title).toHaveCSS('font-size', '31px'); // the tablet value, through the page's own media query

  await page.getByRole('button', { name: 'Mobile', exact: true }).click();
  await expect.poll(inCanvas).toEqual({ width: 390, tablet: true, perView: 1 });
  await expect(title).toHaveCSS('font-size', '31px'); // phones inherit the tablet value
  // Scaled to fit the column when it is narrower, never re-laid out at the column's width.
  const box = (await page.locator('iframe.editor-canvas-frame').boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(390);
  await page.getByRole('button', { name: 'Tablet', exact: true }).click();
  const column = (await page.locator('.editor-canvas').boundingBox())!;
  const tablet = (await page.locator('iframe.editor-canvas-frame').boundingBox())!;
  expect(tablet.width).toBeLessThanOrEqual(column.width + 1);
  expect(await page.locator('iframe.editor-canvas-frame').evaluate((el) => (el as HTMLIFrameElement).contentWindow!.innerWidth)).toBe(834);
});
