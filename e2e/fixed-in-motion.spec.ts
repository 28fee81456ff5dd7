import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support';
import { ANIMATIONS } from '../react-app/widgets/controls/common';
import { widgets } from '../react-app/widgets';
import { apiAs } from './session-helpers';

// Widgets fixed to the viewport stay fixed whatever entrance animation their container runs (docs/behaviour.md,
// "Entrance animations"): the chat bubble sits in the viewport's corner and the off-canvas panel covers the
// viewport, during the animation and after it, for every animation the editor offers.

const MOVING = ANIMATIONS.map(([name]) => name).filter((name) => name && name !== 'none');

let editor: { request: APIRequestContext; nonce: string };

test.beforeAll(async ({ browser }) => {
  editor = await apiAs(browser, 'editor');
});

async function publish(animation: string): Promise<string> {
  const headers = { 'X-WP-Nonce': editor.nonce, Connection: 'close' };
  const created = await editor.request.post('/wp-json/site/v1/documents', {
    headers,
    data: { type: 'page', title: `Fixed in ${animation}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const doc = (await created.json()) as { id: number; slug: string };
  const widget = (id: string, type: string) => ({
    id,
    elType: 'widget',
    widgetType: type,
    settings: structuredClone(widgets[type].defaults ?? {}),
    elements: [],
  });
  const tree = [
    {
      id: 'm1',
      elType: 'container',
      settings: { _animation: animation },
      elements: [widget('h1', 'heading'), widget('cb', 'contact-buttons'), widget('oc', 'off-canvas')],
    },
  ];
  const published = await editor.request.post(`/wp-json/site/v1/documents/${doc.id}/publish`, { headers, data: { tree } });
  expect(published.status(), await published.text()).toBe(200);
  return doc.slug;
}

/** Where the fixed layers are, against the viewport. */
const boxes = (page: Page) =>
  page.evaluate(() => {
    const bubble = document.querySelector('.e-contact-buttons')!.getBoundingClientRect();
    const panel = document.querySelector('.e-off-canvas')!.getBoundingClientRect();
    return {
      bubbleRightGap: Math.round(innerWidth - bubble.right),
      bubbleBottomGap: Math.round(innerHeight - bubble.bottom),
      panel: [Math.round(panel.left), Math.round(panel.top), Math.round(panel.width), Math.round(panel.height)],
      viewport: [0, 0, innerWidth, innerHeight],
    };
  });

for (const animation of MOVING) {
  test(`the chat bubble and the off-canvas panel stay on the viewport inside a "${animation}" container`, async ({
    firstVisitPage: page,
  }) => {
    const slug = await publish(animation);
    await page.goto(`/${slug}`);
    const container = page.locator('[data-id="m1"]');
    await expect(container).toHaveClass(/\banimated\b/);
    // During the animation…
    const during = await boxes(page);
    expect(during.bubbleRightGap).toBe(20);
    expect(during.bubbleBottomGap).toBe(20);
    expect(during.panel).toEqual(during.viewport);
    // …and after it: nothing is left filling on the container.
    await expect.poll(() => container.evaluate((el) => el.getAnimations().length)).toBe(0);
    const after = await boxes(page);
    expect(after.bubbleRightGap).toBe(20);
    expect(after.bubbleBottomGap).toBe(20);
    expect(after.panel).toEqual(after.viewport);
    await page
      .getByRole('button', { name: /chat|contact/i })
      .first()
      .click();
    await expect(page.locator('.e-contact-buttons__content')).toBeVisible();
  });
}

test('a container without fixed widgets keeps the entrance the editor chose', async ({ firstVisitPage: page }) => {
  const headers = { 'X-WP-Nonce': editor.nonce, Connection: 'close' };
  const created = await editor.request.post('/wp-json/site/v1/documents', { headers, data: { type: 'page', title: 'Plain fade in up' } });
  const doc = (await created.json()) as { id: number; slug: string };
  const tree = [
    {
      id: 'm2',
      elType: 'container',
      settings: { _animation: 'fadeInUp' },
      elements: [
        { id: 'h2', elType: 'widget', widgetType: 'heading', settings: structuredClone(widgets.heading.defaults ?? {}), elements: [] },
      ],
    },
  ];
  expect((await editor.request.post(`/wp-json/site/v1/documents/${doc.id}/publish`, { headers, data: { tree } })).status()).toBe(200);
  await page.goto(`/${doc.slug}`);
  await expect(page.locator('[data-id="m2"]')).toHaveClass(/\bfadeInUp\b/);
});
