import type { Browser, Frame, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, JOURNEY, newTab, ownName, test, watchConsole } from './support';
import { nonceOf } from './session-helpers';
import { openAtStore } from './editor-session';
import { differences, settledBoxes } from './element-boxes';

// The page builder's acceptance journey, tried as a new editor would (issue 36; docs/editor.md): a contributor opens
// the editor from the public page's "Edit" link and builds on the canvas (a heading edited in place, a drag within
// the canvas, keyboard shortcuts, an element pasted from another page), adds a global widget, a store-hours tag, a
// Product Grid of sale items and a Form, sets a tablet-only carousel value and sees it in the tablet preview, and
// submits for review; an administrator approves and publishes. A visitor at the tablet width then sees what the
// tablet preview showed (the same element boxes), the form's submission reaches the inbox, and axe is clean in the
// editor and on the page.

const STORE = 1001;
const canvasOf = (page: Page) => page.frameLocator('iframe.editor-canvas-frame');
const navigatorOf = (page: Page) => page.getByRole('navigation', { name: 'Navigator' });
const rowsOf = (page: Page) => navigatorOf(page).locator('[data-node-id]');
const heading = (id: string, title: string) => ({ id, elType: 'widget', widgetType: 'heading', settings: { title }, elements: [] });

/** A published page made by the administrator, and its address. */
async function publishedPage(admin: Page, title: string, elements: unknown[], id: string): Promise<{ id: number; slug: string }> {
  const headers = { 'X-WP-Nonce': await nonceOf(admin) };
  const created = await admin.request.post('/wp-json/site/v1/documents', { data: { type: 'page', title }, headers });
  expect(created.status()).toBe(201);
  const doc = (await created.json()) as { id: number; slug: string };
  const tree = [{ id, elType: 'container', settings: {}, elements }];
  expect((await admin.request.post(`/wp-json/site/v1/documents/${doc.id}/publish`, { data: { tree }, headers })).status()).toBe(200);
  return doc;
}

/** Adds a widget from the panel (after the selected element) and waits for it on the canvas. */
async function addWidget(page: Page, title: string, widgetType: string): Promise<void> {
  const before = await canvasOf(page).locator(`.editor-preview [data-widget_type="${widgetType}.default"]`).count();
  await page.getByLabel('Search widgets').fill(title);
  await page.getByRole('list', { name: 'Widgets to add' }).getByRole('button', { name: title, exact: true }).click();
  await expect(canvasOf(page).locator(`.editor-preview [data-widget_type="${widgetType}.default"]`)).toHaveCount(before + 1);
  await page.getByLabel('Search widgets').fill('');
}

async function selectRow(page: Page, name: RegExp): Promise<void> {
  await rowsOf(page).filter({ hasText: name }).first().focus();
  await page.keyboard.press('Enter');
}

/** The carousel's slides per view and the window's width, in the canvas or on the page. */
const carouselView = (target: Page | Frame) =>
  target.evaluate(() => {
    const el = document.querySelector('[data-widget_type="image-carousel.default"] .swiper') as unknown as {
      swiper?: { params: { slidesPerView: number } };
    } | null;
    return { width: innerWidth, perView: el?.swiper?.params.slidesPerView ?? null };
  });

async function canvasFrame(page: Page): Promise<Frame> {
  return (await (await page.locator('iframe.editor-canvas-frame').elementHandle())!.contentFrame())!;
}

async function openEditor(browser: Browser, id: number): Promise<Page> {
  const admin = await newTab(browser, { as: 'admin', reducedMotion: 'reduce' });
  // The administrator's session shops at the visitor's store: the canvas loads that store's products and hours.
  await openAtStore(admin, STORE, '/');
  await admin.goto(`/editor/${id}`);
  await expect(admin.locator('html')).toHaveAttribute('data-runtime', 'ready');
  return admin;
}

test(
  'a contributor builds a page on the canvas, an administrator approves it, a tablet visitor sees the tablet preview',
  JOURNEY,
  async ({ browser }) => {
    test.setTimeout(420_000);
    const setup = await newTab(browser, { as: 'admin' });
    await setup.goto('/admin/documents');
    const banner = ownName('Weekend banner');
    const saved = await setup.request.post('/wp-json/site/v1/global-widgets', {
      data: { title: banner, element: heading('jg0001', 'Fresh deals all weekend') },
      headers: { 'X-WP-Nonce': await nonceOf(setup) },
    });
    expect(saved.status()).toBe(201);
    const gid = ((await saved.json()) as { id: number }).id;
    const source = await publishedPage(
      setup,
      ownName('Recipes of the week'),
      [heading('jq0001', 'Copied from the recipes page')],
      'jq0000',
    );
    const page = await publishedPage(
      setup,
      ownName('Harvest weekend'),
      [
        heading('jr0001', 'Harvest weekend'),
        {
          id: 'jr0002',
          elType: 'widget',
          widgetType: 'text-editor',
          settings: { editor: '<p>Everything for the weekend.</p>' },
          elements: [],
        },
      ],
      'jr0000',
    );
    const path = `/${page.slug}`;
    await setup.close();

    // The contributor opens the editor from the public page's link.
    const cora = await newTab(browser, { as: 'contributor', reducedMotion: 'reduce' });
    const coraConsole = watchConsole(cora);
    await cora.goto(path);
    await cora.getByRole('link', { name: 'Edit with the page builder' }).click();
    await expect(cora).toHaveURL(new RegExp(`/editor/${page.id}$`));
    await expect(cora.locator('html')).toHaveAttribute('data-runtime', 'ready');
    const canvas = canvasOf(cora);
    const titles = canvas.locator('.editor-preview .elementor-heading-title');

    // A heading edited in place.
    const first = canvas.locator('[data-id="jr0001"] .elementor-heading-title');
    await first.dblclick();
    await expect(first).toHaveAttribute('contenteditable', 'plaintext-only');
    await cora.keyboard.type('Weekend at the market');
    await cora.keyboard.press('Enter');
    await expect(first).toHaveText('Weekend at the market');

    // An element copied on another page, in another tab, pasted here after the text.
    const other = await cora.context().newPage();
    await other.goto(`/editor/${source.id}`);
    await expect(other.locator('html')).toHaveAttribute('data-runtime', 'ready');
    await selectRow(other, /Copied from the recipes page/);
    await other.keyboard.press('Control+c');
    await expect(other.locator('.editor-statusbar').getByRole('status')).toContainText('Copied Heading: Copied from the recipes page');
    await other.close();
    await selectRow(cora, /Text Editor/);
    await cora.keyboard.press('Control+v');
    await expect(titles).toHaveText(['Weekend at the market', 'Copied from the recipes page']);

    // Keyboard shortcuts: Ctrl+D duplicates the pasted heading, Delete removes the copy.
    await selectRow(cora, /Copied from the recipes page/);
    await cora.keyboard.press('Control+d');
    await expect(titles).toHaveText(['Weekend at the market', 'Copied from the recipes page', 'Copied from the recipes page']);
    await cora.keyboard.press('Delete');
    await expect(titles).toHaveText(['Weekend at the market', 'Copied from the recipes page']);

    // Dragged within the canvas: the pasted heading goes above the first.
    const pasted = canvas.locator('.editor-preview [data-widget_type="heading.default"]').nth(1);
    const from = (await pasted.boundingBox())!;
    const to = (await canvas.locator('[data-id="jr0001"]').boundingBox())!;
    await cora.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await cora.mouse.down();
    await cora.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 4 });
    await cora.mouse.move(to.x + to.width / 2, to.y + 2, { steps: 10 });
    await expect(canvas.locator('.editor-drop-indicator')).toBeVisible();
    await cora.mouse.up();
    await expect(titles).toHaveText(['Copied from the recipes page', 'Weekend at the market']);

    // The global widget, after the text.
    await selectRow(cora, /Text Editor/);
    await cora
      .getByRole('region', { name: 'Global widgets' })
      .getByRole('button', { name: `Insert global “${banner}”` })
      .click();
    await expect(canvas.locator(`.editor-preview .elementor-global-${gid}`)).toContainText('Fresh deals all weekend');

    // A heading with today's hours of the visitor's store (a dynamic tag), then the widgets a grocer needs.
    await addWidget(cora, 'Heading', 'heading');
    await cora.getByLabel('Title', { exact: true }).fill('Open today: ');
    const tags = cora.getByRole('group', { name: 'Dynamic tag for Title' });
    await tags.getByLabel('Dynamic tag').selectOption({ label: 'Store hours today' });
    await tags.getByRole('button', { name: 'Insert tag' }).click();
    await expect(cora.getByLabel('Title', { exact: true })).toHaveValue('Open today: {{store.hours}}');
    await addWidget(cora, 'Product Grid', 'product-grid');
    await expect(cora.getByLabel('Products', { exact: true })).toHaveValue('sale');
    await addWidget(cora, 'Form', 'form');
    await addWidget(cora, 'Image Carousel', 'image-carousel');

    // A tablet-only value: one slide at a time on tablets, seen in the tablet preview (the canvas at 834 px).
    const coraFrame = await canvasFrame(cora);
    await expect.poll(() => carouselView(coraFrame)).toMatchObject({ perView: 3 });
    await cora.getByRole('button', { name: 'Tablet', exact: true }).click();
    await expect(cora.locator('.editor-preview-frame')).toHaveAttribute('data-device', 'tablet');
    await cora.getByLabel(/^Slides to show/).selectOption('1');
    await expect.poll(() => carouselView(coraFrame)).toEqual({ width: 834, perView: 1 });
    await cora.getByRole('button', { name: 'Desktop', exact: true }).click();
    await expect.poll(() => carouselView(coraFrame)).toMatchObject({ perView: 3 });
    await expectNoAxeViolations(cora);

    // Saved, and submitted for review (a contributor has no Publish).
    await expect(cora.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0);
    await cora.keyboard.press('Control+s');
    await expect(cora.getByText('Draft saved. Visitors still see the published version.')).toBeVisible();
    await cora.getByRole('button', { name: 'Submit for review' }).click();
    await cora.getByRole('region', { name: 'Review', exact: true }).getByRole('button', { name: 'Send for review' }).click();
    await expect(cora.getByText('Submitted for review. A publisher will approve it or ask for changes.')).toBeVisible();
    await expectNoAxeViolations(cora);
    expect(coraConsole.errors).toEqual([]);

    // The administrator approves and publishes in the editor, then looks at the tablet preview.
    const ada = await openEditor(browser, page.id);
    const adaConsole = watchConsole(ada);
    await ada.getByRole('button', { name: 'Review (waiting)' }).click();
    await ada.getByRole('region', { name: 'Review', exact: true }).getByRole('button', { name: 'Approve and publish' }).click();
    await expect(ada.getByText('Approved and published. Visitors now see this version.')).toBeVisible();
    await ada.reload();
    await expect(ada.locator('html')).toHaveAttribute('data-runtime', 'ready');
    await ada.getByRole('button', { name: 'Tablet', exact: true }).click();
    await expect(ada.locator('.editor-preview-frame')).toHaveAttribute('data-device', 'tablet');
    const adaFrame = await canvasFrame(ada);
    await expect.poll(() => carouselView(adaFrame)).toEqual({ width: 834, perView: 1 });
    const size = await adaFrame.evaluate(() => ({ width: innerWidth, height: innerHeight }));
    await adaFrame.evaluate(() => document.documentElement.classList.remove('editor-affordances'));
    const root = `.elementor[data-elementor-id="${page.id}"]`;
    const preview = await settledBoxes(adaFrame, root);
    expect(Object.keys(preview).length).toBeGreaterThanOrEqual(9);

    // A visitor at the tablet width, at the same store: the same boxes, one slide at a time, today's hours.
    const visitor = await newTab(browser, { viewport: size, reducedMotion: 'reduce' });
    const visitorConsole = watchConsole(visitor);
    await openAtStore(visitor, STORE, path);
    await expect(visitor.locator('html')).toHaveAttribute('data-runtime', 'ready');
    // The carousel connects when it comes near the viewport (it is at the end of the page).
    await visitor.locator('[data-widget_type="image-carousel.default"]').scrollIntoViewIfNeeded();
    await expect.poll(() => carouselView(visitor)).toEqual({ width: size.width, perView: 1 });
    await expect(visitor.getByRole('heading', { name: /^Open today: \S/ })).toBeVisible();
    await expect(visitor.locator(`.elementor-global-${gid}`)).toContainText('Fresh deals all weekend');
    await expect(visitor.locator('[data-widget_type="product-grid.default"]')).toContainText('Prices at');
    expect(differences(preview, await settledBoxes(visitor, root))).toEqual([]);
    await expectNoAxeViolations(visitor);

    // The visitor sends the form (after the time trap's few seconds, as a person takes them); it is in the inbox.
    const form = visitor.locator('[data-widget_type="form.default"]');
    const message = `Journey ${Date.now()}`;
    await form.getByLabel('Name').fill('Robin Grocer');
    await form.getByLabel('E-mail').fill('robin@example.com');
    await form.getByLabel('Message').fill(message);
    await expect(async () => {
      await form.getByRole('button', { name: 'Send' }).click();
      await expect(form.getByRole('status')).toHaveText('Thanks! We received your message.', { timeout: 2000 });
    }).toPass({ timeout: 30_000 });
    await ada.goto('/admin/inbox');
    await expect(ada.locator('.admin-inbox--forms')).toContainText(message);
    // The time trap's "wait a few seconds" answers are the only errors the visitor's console may show.
    expect(visitorConsole.errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    expect(adaConsole.errors).toEqual([]);
  },
);
