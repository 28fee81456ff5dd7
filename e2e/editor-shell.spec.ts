import { type Locator, type Page } from '@playwright/test';
import { expect, expectAxeClean, expectNoAxeViolations, test } from './support';
import { nonceOf } from './session-helpers';

// The editor's shell (docs/editor.md): a full-window editor whose top bar never scrolls away, the navigator
// docked above the widgets or floating, drawers over the canvas, an empty container that can take a drop,
// off-canvas content visible in the canvas, the public page's "Edit" link and the admin dashboard.

/** The canvas: the page as the editor renders it. */
const canvasOf = (page: Page): Locator => page.frameLocator('iframe.editor-canvas-frame').locator('.editor-preview');

async function openEditor(page: Page, id: number): Promise<void> {
  await page.goto(`/editor/${id}`);
  await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
}

/** A new empty page, created through the API as the signed-in editor; its id. */
async function emptyPage(page: Page, title: string): Promise<number> {
  const created = await page.request.post('/wp-json/site/v1/documents', {
    data: { type: 'page', title },
    headers: { 'X-WP-Nonce': await nonceOf(page.request) },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

const inViewport = async (page: Page, locator: Locator) => {
  const box = (await locator.boundingBox())!;
  const size = page.viewportSize()!;
  return box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width && box.y + box.height <= size.height;
};

// One tab per worker, signed in as the editor, with the HTTP cache on (`signedInPage`, e2e/support.ts).
test.use({ signedInAs: 'editor' });

test('the editor fills the window: no shop header, one top bar that stays in reach on a long page', async ({ signedInPage: page }) => {
  await openEditor(page, 31); // the 500-element page
  await expect(page.locator('.site-header')).toHaveCount(0);
  await expect(page.locator('[data-site-banner]')).toHaveCount(0);
  const bar = page.locator('.editor-topbar');
  const barBox = (await bar.boundingBox())!;
  expect(barBox.y).toBe(0);
  expect(barBox.height).toBeLessThanOrEqual(60);
  const buttons = [
    'Undo',
    'Redo',
    'Desktop',
    'Tablet',
    'Mobile',
    'Navigator',
    'History',
    'Schedule',
    'Preview as…',
    'Save draft',
    'Publish',
  ];
  // On one line: every button's middle at the same height.
  const middles = new Set<number>();
  for (const name of buttons) {
    const box = (await bar.getByRole('button', { name, exact: true }).boundingBox())!;
    middles.add(Math.round(box.y + box.height / 2));
  }
  expect([...middles].length).toBe(1);
  // Scrolled to the end of the page, the bar and its buttons have not moved.
  const last = canvasOf(page).locator('[data-widget_type="heading.default"]').last();
  await last.scrollIntoViewIfNeeded();
  await expect(last).toBeInViewport();
  await page.mouse.move(640, 400); // over the canvas
  await page.mouse.wheel(0, 4000);
  expect(await page.evaluate(() => document.scrollingElement!.scrollTop)).toBe(0);
  expect(await bar.boundingBox()).toEqual(barBox);
  for (const name of ['Undo', 'Save draft', 'Publish'])
    expect(await inViewport(page, bar.getByRole('button', { name, exact: true }))).toBe(true);
  // The navigator is docked above the widget panel, not below its buttons.
  const navigator = (await page.getByRole('region', { name: 'Navigator' }).boundingBox())!;
  const widgets = (await page.getByRole('list', { name: 'Widgets to add' }).boundingBox())!;
  expect(navigator.y + navigator.height).toBeLessThanOrEqual(widgets.y);
  await expectNoAxeViolations(page); // the whole-rule check of the shell: the drawers' test, on a smaller page
});

// One editor on /editor/130 for the checks that need no setup of their own (a step each; two loads of the editor
// before, docs/testing.md).
test('one editor: drawers over the canvas one at a time; the navigator floats and docks', async ({ signedInPage: page }) => {
  await openEditor(page, 130);
  await test.step('History, Schedule and Preview as overlay the canvas, one at a time, and give the focus back', async () => {
    const canvas = page.locator('.editor-canvas');
    const before = (await canvas.boundingBox())!;
    for (const [button, region] of [
      ['History', 'Revision history'],
      ['Schedule', 'Schedule'],
      ['Preview as…', 'Preview as a shopper'],
    ] as const) {
      await page.getByRole('button', { name: button, exact: true }).click();
      const drawer = page.getByRole('region', { name: region });
      await expect(drawer).toBeVisible();
      expect(await canvas.boundingBox()).toEqual(before); // not pushed down
      const box = (await drawer.boundingBox())!;
      expect(box.x).toBeLessThan(before.x + before.width); // over the canvas
      expect(box.y).toBeLessThan(before.y + 100);
      await expect(page.locator('.editor-drawer:not([hidden])')).toHaveCount(1);
      await expectAxeClean(page, `/editor/130 ${button}`);
    }
    await page.keyboard.press('Escape');
    await expect(page.getByRole('region', { name: 'Preview as a shopper' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Preview as…' })).toBeFocused();
  });
  await test.step('the navigator floats over the canvas and docks back; closed, the top bar brings it back', async () => {
    const panel = page.getByRole('region', { name: 'Navigator' });
    await panel.getByRole('button', { name: 'Float' }).click();
    await expect(panel).toHaveCSS('position', 'fixed');
    const canvas = (await page.locator('.editor-canvas').boundingBox())!;
    const floating = (await panel.boundingBox())!;
    expect(floating.x).toBeGreaterThanOrEqual(canvas.x);
    await panel.getByRole('navigation', { name: 'Navigator' }).locator('[data-node-id]').first().click();
    await expect(page.getByRole('heading', { name: 'Settings', level: 2 })).toBeVisible();
    await panel.getByRole('button', { name: 'Dock' }).click();
    await expect(panel).not.toHaveCSS('position', 'fixed');
    await panel.getByRole('button', { name: 'Close the navigator' }).click();
    await expect(panel).toHaveCount(0);
    await page.getByRole('button', { name: 'Navigator', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Navigator' })).toBeVisible();
  });
});

test('an empty container is a visible drop target, and off-canvas content shows in the canvas', async ({ signedInPage: page }) => {
  const id = await emptyPage(page, `Drop targets ${Date.now().toString(36)}`);
  await openEditor(page, id);
  const palette = page.getByRole('list', { name: 'Widgets to add' });
  const canvas = canvasOf(page);
  await palette.getByRole('button', { name: 'Container', exact: true }).click();
  const container = canvas.locator('[data-element_type="container"]').first();
  const inner = container.locator('.e-con-inner');
  // At least 80 px tall in the canvas's own CSS pixels (the canvas may be scaled to fit the column).
  expect(await inner.evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThanOrEqual(80);
  const empty = (await inner.boundingBox())!;
  // A heading dragged by mouse onto the empty container lands inside it.
  const source = (await palette.locator('[data-widget-type="heading"]').boundingBox())!;
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
  await page.mouse.down();
  await page.mouse.move(source.x + 40, source.y + 10, { steps: 5 });
  await page.mouse.move(empty.x + empty.width / 2, empty.y + empty.height / 2, { steps: 10 });
  await page.mouse.up();
  await expect(container.locator('[data-widget_type="heading.default"]')).toHaveCount(1);
  // An off-canvas is shown in place, closed as visitors first get it, so its content can be edited.
  await palette.getByRole('button', { name: 'Off-Canvas', exact: true }).click();
  const panel = canvas.locator('[data-widget_type="off-canvas.default"] .e-off-canvas__main');
  await expect(panel).toBeVisible();
  await expect(panel).toBeInViewport();
});

test('a signed-in editor goes from the public page to its editor; /admin opens the dashboard', async ({ signedInPage: page, browser }) => {
  await page.goto('/');
  const link = page.getByRole('link', { name: 'Edit with the page builder' });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/\/editor\/\d+$/);
  await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
  await expect(page.locator('.editor-title')).toContainText('Editing');
  // A visitor never gets the link.
  const visitor = await browser.newPage();
  await visitor.goto('/');
  await expect(visitor.locator('[data-edit-page-link]')).toHaveCount(0);
  await visitor.close();

  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent documents' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Scheduled changes' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Content performance' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Documents edited last' }).getByRole('link').first()).toHaveAttribute(
    'href',
    /^\/editor\/\d+$/,
  );
  await expectAxeClean(page, '/admin dashboard');
});
