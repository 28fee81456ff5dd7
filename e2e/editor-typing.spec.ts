import { type Page } from '@playwright/test';
import { widgets } from '../react-app/widgets';
import { signInWithForm } from './session-helpers';
import { expect, test } from './support';

// One tab per worker and role, signed in, with the HTTP cache on (`signedInPage`, e2e/support.ts).
test.use({ signedInAs: 'editor' });

// Typing in a control re-renders only its element (docs/editor.md, "Editor details (round two)"): a heading's
// title beside a carousel in the same container leaves the carousel's Swiper node and handler alone.

/** A published page holding `tree`, created through the API as the signed-in editor; its id. */
async function pageWith(page: Page, title: string, tree: unknown[]): Promise<number> {
  const nonce = await page.evaluate(() => (JSON.parse(document.getElementById('site-config')!.textContent!) as { nonce: string }).nonce);
  const headers = { 'X-WP-Nonce': nonce };
  const created = await page.request.post('/wp-json/site/v1/documents', { data: { type: 'page', title }, headers });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { id: number }).id;
  expect((await page.request.post(`/wp-json/site/v1/documents/${id}/publish`, { data: { tree }, headers })).status()).toBe(200);
  return id;
}

/** Counts, from now on, every element the runtime connects a handler to (by data-id), in `window.attached`. */
async function countAttaches(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { siteRuntime: { attach: (el: HTMLElement, ...rest: unknown[]) => Promise<void> }; attached: string[] };
    w.attached = [];
    const attach = w.siteRuntime.attach.bind(w.siteRuntime);
    w.siteRuntime.attach = (el, ...rest) => {
      w.attached.push(el.dataset.id ?? '?');
      return attach(el, ...rest);
    };
  });
}

test('typing in a heading next to a carousel keeps the carousel’s .swiper node and reconnects no other handler', async ({
  signedInPage: page,
}) => {
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
  const swiper = page.frameLocator('iframe.editor-canvas-frame').locator('.editor-preview [data-id="ty0003"] .swiper');
  await expect(swiper).toHaveClass(/swiper-initialized/);
  // Remember the carousel's node and count every handler the runtime connects from now on.
  await page.evaluate(() => {
    const w = window as unknown as {
      siteRuntime: { attach: (el: HTMLElement, ...rest: unknown[]) => Promise<void> };
      keptSwiper: Element | null;
      attached: string[];
    };
    w.keptSwiper = (document.querySelector('iframe.editor-canvas-frame') as HTMLIFrameElement).contentDocument!.querySelector(
      '.editor-preview [data-id="ty0003"] .swiper',
    );
    w.attached = [];
    const attach = w.siteRuntime.attach.bind(w.siteRuntime);
    w.siteRuntime.attach = (el, ...rest) => {
      w.attached.push(el.dataset.id ?? '?');
      return attach(el, ...rest);
    };
  });
  await page.frameLocator('iframe.editor-canvas-frame').locator('.editor-preview [data-id="ty0002"]').click();
  const title = page.getByLabel('Title', { exact: true });
  await expect(title).toHaveValue('Fresh this week');
  await title.press('End');
  await title.pressSequentially(' and local', { delay: 20 });
  await expect(page.frameLocator('iframe.editor-canvas-frame').locator('.editor-preview [data-id="ty0002"]')).toContainText(
    'Fresh this week and local',
  );
  const after = await page.evaluate(() => {
    const w = window as unknown as { keptSwiper: Element | null; attached: string[] };
    return {
      same:
        w.keptSwiper ===
        (document.querySelector('iframe.editor-canvas-frame') as HTMLIFrameElement).contentDocument!.querySelector(
          '.editor-preview [data-id="ty0003"] .swiper',
        ),
      attached: w.attached,
    };
  });
  expect(after.same).toBe(true);
  // The heading has no handler of its own: nothing reconnects (at most the edited element's own would).
  expect(after.attached.filter((el) => el !== 'ty0002')).toEqual([]);
});

test('a change that re-creates a carousel re-creates that carousel alone: its sibling keeps its .swiper node', async ({
  signedInPage: page,
}) => {
  await signInWithForm(page, 'editor@harvestlane.test', 'editor-password', '/admin/documents');
  const carousel = (id: string) => ({
    id,
    elType: 'widget',
    widgetType: 'image-carousel',
    settings: widgets['image-carousel'].defaults ?? {},
    elements: [],
  });
  const id = await pageWith(page, 'Two carousels', [
    { id: 'tc0001', elType: 'container', settings: {}, elements: [carousel('tc0002'), carousel('tc0003')] },
  ]);
  await page.goto(`/editor/${id}`);
  await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
  const swiperOf = (cid: string) => page.frameLocator('iframe.editor-canvas-frame').locator(`.editor-preview [data-id="${cid}"] .swiper`);
  await expect(swiperOf('tc0002')).toHaveClass(/swiper-initialized/);
  await expect(swiperOf('tc0003')).toHaveClass(/swiper-initialized/);
  await page.evaluate(() => {
    const w = window as unknown as { kept: Record<string, Element | null> };
    w.kept = {
      edited: (document.querySelector('iframe.editor-canvas-frame') as HTMLIFrameElement).contentDocument!.querySelector(
        '.editor-preview [data-id="tc0002"] .swiper',
      ),
      sibling: (document.querySelector('iframe.editor-canvas-frame') as HTMLIFrameElement).contentDocument!.querySelector(
        '.editor-preview [data-id="tc0003"] .swiper',
      ),
    };
  });
  await countAttaches(page);
  // Select the first carousel in the navigator and type its name: a setting of an element with a handler.
  await page.locator('[data-node-id="tc0002"]').click();
  const name = page.getByLabel('Carousel name', { exact: true });
  await expect(name).toHaveValue('Image Carousel');
  await name.press('End');
  await name.pressSequentially(' of deals', { delay: 20 });
  await expect(name).toHaveValue('Image Carousel of deals');
  await expect(swiperOf('tc0002')).toHaveClass(/swiper-initialized/);
  const after = await page.evaluate(() => {
    const w = window as unknown as { kept: Record<string, Element | null>; attached: string[] };
    return {
      editedRecreated:
        w.kept.edited !==
        (document.querySelector('iframe.editor-canvas-frame') as HTMLIFrameElement).contentDocument!.querySelector(
          '.editor-preview [data-id="tc0002"] .swiper',
        ),
      siblingKept:
        w.kept.sibling ===
        (document.querySelector('iframe.editor-canvas-frame') as HTMLIFrameElement).contentDocument!.querySelector(
          '.editor-preview [data-id="tc0003"] .swiper',
        ),
      attached: w.attached,
    };
  });
  expect(after.editedRecreated).toBe(true); // its handler started over with the new settings
  expect(after.siblingKept).toBe(true);
  expect(after.attached.length).toBeGreaterThan(0);
  expect(new Set(after.attached)).toEqual(new Set(['tc0002'])); // no other element reconnected
});
