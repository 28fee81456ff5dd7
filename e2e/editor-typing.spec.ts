import { expect, test } from '@playwright/test';
import { widgets } from '../react-app/widgets';
import { signInWithForm } from './session-helpers';

// Typing in a control re-renders only its element (docs/editor.md, "Editor details (round two)"): a heading's
// title beside a carousel in the same container leaves the carousel's Swiper node and handler alone.

test('typing in a heading next to a carousel keeps the carousel’s .swiper node and reconnects no other handler', async ({ page }) => {
  await signInWithForm(page, 'editor@harvestlane.test', 'editor-password', '/admin/documents');
  const nonce = await page.evaluate(() => (JSON.parse(document.getElementById('site-config')!.textContent!) as { nonce: string }).nonce);
  const headers = { 'X-WP-Nonce': nonce };
  const created = await page.request.post('/wp-json/site/v1/documents', {
    data: { type: 'page', title: 'Typing beside a carousel' },
    headers,
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { id: number }).id;
  const tree = [
    {
      id: 'ty0001',
      elType: 'container',
      settings: {},
      elements: [
        { id: 'ty0002', elType: 'widget', widgetType: 'heading', settings: { title: 'Fresh this week' }, elements: [] },
        { id: 'ty0003', elType: 'widget', widgetType: 'image-carousel', settings: widgets['image-carousel'].defaults ?? {}, elements: [] },
      ],
    },
  ];
  expect((await page.request.post(`/wp-json/site/v1/documents/${id}/publish`, { data: { tree }, headers })).status()).toBe(200);

  await page.goto(`/editor/${id}`);
  await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
  const swiper = page.locator('.editor-preview [data-id="ty0003"] .swiper');
  await expect(swiper).toHaveClass(/swiper-initialized/);
  // Remember the carousel's node and count every handler the runtime connects from now on.
  await page.evaluate(() => {
    const w = window as unknown as {
      siteRuntime: { attach: (el: HTMLElement, ...rest: unknown[]) => Promise<void> };
      keptSwiper: Element | null;
      attached: string[];
    };
    w.keptSwiper = document.querySelector('.editor-preview [data-id="ty0003"] .swiper');
    w.attached = [];
    const attach = w.siteRuntime.attach.bind(w.siteRuntime);
    w.siteRuntime.attach = (el, ...rest) => {
      w.attached.push(el.dataset.id ?? '?');
      return attach(el, ...rest);
    };
  });
  await page.locator('.editor-preview [data-id="ty0002"]').click();
  const title = page.getByLabel('Title', { exact: true });
  await expect(title).toHaveValue('Fresh this week');
  await title.press('End');
  await title.pressSequentially(' and local', { delay: 20 });
  await expect(page.locator('.editor-preview [data-id="ty0002"]')).toContainText('Fresh this week and local');
  const after = await page.evaluate(() => {
    const w = window as unknown as { keptSwiper: Element | null; attached: string[] };
    return { same: w.keptSwiper === document.querySelector('.editor-preview [data-id="ty0003"] .swiper'), attached: w.attached };
  });
  expect(after.same).toBe(true);
  // The heading has no handler of its own: nothing reconnects (at most the edited element's own would).
  expect(after.attached.filter((el) => el !== 'ty0002')).toEqual([]);
});
