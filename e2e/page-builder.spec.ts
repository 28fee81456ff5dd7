import { type Page } from '@playwright/test';
import {
  expectNoAxeViolations,
  keepScreenshot,
  ownName,
  watchConsole,
  JOURNEY,
  expect,
  PHONE,
  test,
  signIn,
  publishedStatus,
} from './support';
import { nonceOf } from './session-helpers';

// The page builder tried as a new editor would: create a page, add one of every widget from the panel (by
// click, by mouse drag and by keyboard drag), style one with a tablet-only value, animate and stick a
// container, create a popup opened from a link, publish; then a visitor sees it working on every device.

const DEVICES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'tablet', width: 834, height: 1112 },
  { name: 'phone', ...PHONE.viewport },
] as const;

async function api<T>(page: Page, method: 'POST' | 'PATCH', path: string, body: unknown): Promise<T> {
  const nonce = await nonceOf(page.request);
  const r = await page.request.fetch(path, { method, headers: { 'X-WP-Nonce': nonce }, data: body as object });
  expect(r.status(), await r.text()).toBeLessThan(300);
  return (await r.json()) as T;
}

test(
  'every widget added from the panel with its defaults works for visitors on desktop, tablet and phone',
  JOURNEY,
  async ({ page, browser }) => {
    test.setTimeout(480_000); // the longest journey: about 2 minutes idle, twice that beside a busy machine
    const editorConsole = watchConsole(page);
    // Create the page as an editor does: Pages and popups → New document.
    await signIn(page, 'editor');
    await page.goto('/admin/documents');
    // Axe: the sweep checks this page (e2e/axe-sweep.spec.ts).
    await page.getByLabel('Type').selectOption('page');
    await page.getByLabel('Title', { exact: true }).fill('Every widget');
    await page.getByRole('button', { name: 'Create and edit' }).click();
    await expect(page).toHaveURL(/\/editor\/\d+$/);
    await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
    // The visitor goes where the editor's View page link goes: every-widget, or every-widget-2 on a second run.
    const pagePath = await page.getByRole('link', { name: 'View page' }).getAttribute('href');
    expect(pagePath).toMatch(/^\/every-widget(-\d+)?$/);
    const palette = page.getByRole('list', { name: 'Widgets to add' });
    const navigator = page.getByRole('navigation', { name: 'Navigator' });
    const preview = page.frameLocator('iframe.editor-canvas-frame').locator('.editor-preview');

    // Search narrows the panel.
    await page.getByLabel('Search widgets').fill('carou');
    await expect(palette.getByRole('button')).toHaveText(['Image Carousel']);
    await page.getByLabel('Search widgets').fill('');

    // A container, then every widget into it (Enter / click adds after the selection, inside a container).
    await palette.getByRole('button', { name: 'Container', exact: true }).click();
    const types = await palette.getByRole('button').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.widgetType!));
    const widgetTypes = types.filter((t) => t !== 'container');
    expect(widgetTypes.length).toBeGreaterThanOrEqual(25);
    for (const type of widgetTypes) {
      const entry = palette.locator(`[data-widget-type="${type}"]`);
      await entry.focus();
      await page.keyboard.press('Enter');
      await expect(preview.locator(`[data-widget_type="${type}.default"]`).first()).toBeAttached();
    }

    // Drag with the mouse: a heading onto the canvas. (The Loop Grid's items hold headings and texts of their own,
    // shown in the editor at once since it loads their data: only the page's own count here.)
    const headings = preview.locator('[data-widget_type="heading.default"]:not(.e-loop-item *)');
    await expect(headings).toHaveCount(1);
    await page.evaluate(() => window.scrollTo(0, 0)); // adding scrolled the page: drag between visible points
    await page.locator('.editor-panel--structure').evaluate((el) => el.scrollTo(0, 0));
    const source = await palette.locator('[data-widget-type="heading"]').boundingBox();
    const target = await headings.first().boundingBox();
    await page.mouse.move(source!.x + source!.width / 2, source!.y + source!.height / 2);
    await page.mouse.down();
    await page.mouse.move(source!.x + 40, source!.y + 10, { steps: 5 });
    await page.mouse.move(target!.x + target!.width / 2, target!.y + target!.height - 4, { steps: 10 });
    await page.mouse.up();
    await expect(headings).toHaveCount(2);

    // Drag with the keyboard: Space picks the text editor up, arrows move it over the canvas, Space drops.
    const texts = preview.locator('[data-widget_type="text-editor.default"]:not(.e-loop-item *)');
    await expect(texts).toHaveCount(1);
    await page.evaluate(() => window.scrollTo(0, 0));
    await palette.locator('[data-widget-type="text-editor"]').focus();
    await page.keyboard.press('Space');
    // Arrow by arrow until the canvas says it is the drop target (an editor watches the same highlight).
    const frame = page.locator('.editor-preview-frame');
    const overCanvas = () => frame.evaluate((el) => el.classList.contains('is-drop-target'));
    for (let i = 0; i < 40 && !(await overCanvas()); i++) await page.keyboard.press('ArrowRight');
    await expect(frame).toHaveClass(/is-drop-target/);
    await page.keyboard.press('Space');
    await expect(texts).toHaveCount(2);
    // The screen reader hears names, not dnd-kit's ids ("dropped over droppable area drop:348f5d").
    const liveRegion = page.locator('[id^="DndLiveRegion"]');
    await expect(liveRegion).toHaveText(/^Dropped a new Text Editor widget (inside|after|at the end of the page)/);
    await expect(liveRegion).not.toContainText(/drop:|new:|node:/);

    // A style and a tablet-only value on each widget: a background colour on desktop, then a font size on tablet
    // (phones inherit it; desktop never sees it). The headings get their own values below.
    const styled = await preview.locator('[data-element_type="widget"]').evaluateAll(
      (els, types) =>
        els
          // The page's own widgets: not those inside the Loop Grid's items (its template's, not in the navigator).
          .filter((e) => !e.closest('.e-loop-item') && types.includes((e as HTMLElement).dataset.widget_type!.split('.')[0]))
          .map((e) => (e as HTMLElement).dataset.id!),
      widgetTypes,
    );
    expect(styled.length).toBeGreaterThanOrEqual(widgetTypes.length);
    for (const id of styled) {
      await navigator.locator(`[data-node-id="${id}"]`).click();
      await page.getByRole('tab', { name: 'Style' }).click();
      await page.getByLabel('Background colour', { exact: true }).fill('#fffbe6');
    }
    await page.getByRole('button', { name: 'Tablet' }).click();
    for (const id of styled) {
      await navigator.locator(`[data-node-id="${id}"]`).click();
      await page.getByRole('tab', { name: 'Style' }).click();
      await page.getByLabel(/Font size/).fill('17');
    }
    await page.getByRole('button', { name: 'Desktop' }).click();

    // Style and a tablet-only value on the first heading.
    await navigator
      .getByRole('button', { name: /^Heading/ })
      .first()
      .click();
    await page.getByRole('tab', { name: 'Style' }).click();
    await page.getByLabel('Text colour', { exact: true }).fill('#aa0000');
    await page.getByRole('button', { name: 'Tablet' }).click();
    await expect(page.locator('.editor-preview-frame')).toHaveAttribute('data-device', 'tablet');
    await page.getByLabel(/Font size/).fill('18');
    const headingId = await headings.first().getAttribute('data-id');
    await expect(preview.locator(`[data-id="${headingId}"] .elementor-heading-title`)).toHaveCSS('font-size', '18px');
    await page.getByRole('button', { name: 'Desktop' }).click();
    await expect(preview.locator(`[data-id="${headingId}"] .elementor-heading-title`)).not.toHaveCSS('font-size', '18px');
    // The second heading: the same tablet value, and a mobile value of its own, which phones take instead.
    await navigator
      .getByRole('button', { name: /^Heading/ })
      .nth(1)
      .click();
    await page.getByRole('tab', { name: 'Style' }).click();
    await page.getByRole('button', { name: 'Tablet' }).click();
    await page.getByLabel(/Font size/).fill('18');
    await page.getByRole('button', { name: 'Mobile' }).click();
    await expect(page.getByLabel(/Font size/)).toHaveAttribute('placeholder', '18'); // what mobile inherits
    await page.getByLabel(/Font size/).fill('14');
    const ownMobileId = await headings.nth(1).getAttribute('data-id');
    await expect(preview.locator(`[data-id="${ownMobileId}"] .elementor-heading-title`)).toHaveCSS('font-size', '14px');
    await expect(preview.locator(`[data-id="${headingId}"] .elementor-heading-title`)).toHaveCSS('font-size', '18px');
    await page.getByRole('button', { name: 'Desktop' }).click();

    // Entrance animation and sticky on the container.
    await navigator.getByRole('button', { name: 'Container', exact: true }).first().click();
    await page.getByRole('tab', { name: 'Advanced' }).click();
    const containerId = await preview.locator('[data-element_type="container"]').first().getAttribute('data-id');
    await page.getByLabel('Entrance animation', { exact: true }).selectOption('fadeIn');
    // The canvas plays the entrance the editor has just chosen, once (docs/editor.md, "Typing responsiveness").
    await expect(preview.locator(`[data-id="${containerId}"]`)).toHaveClass(/(^|\s)animated(\s|$)/);
    await page.getByLabel('Sticky', { exact: true }).selectOption('top');
    // Another change shows it at its end state: shown, not playing again.
    await expect(preview.locator(`[data-id="${containerId}"]`)).toHaveClass(/elementor-sticky/);
    await expect(preview.locator(`[data-id="${containerId}"]`)).not.toHaveClass(/elementor-invisible|(^|\s)animated(\s|$)/);

    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'page-builder-editor', { fullPage: true });
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(publishedStatus(page)).toBeVisible();
    expect(editorConsole.errors).toEqual([]);

    for (const device of DEVICES) {
      const context = await browser.newContext({ viewport: { width: device.width, height: device.height } });
      const visitor = await context.newPage();
      const console = watchConsole(visitor);
      await visitor.goto(pagePath!);
      await expect(visitor.locator('html')).toHaveAttribute('data-runtime', 'ready');
      for (const type of widgetTypes) await expect(visitor.locator(`[data-widget_type="${type}.default"]`).first()).toBeAttached();
      for (const id of styled) {
        const widget = visitor.locator(`[data-id="${id}"]`);
        await expect(widget).toHaveCSS('background-color', 'rgb(255, 251, 230)');
        if (id === headingId || id === ownMobileId) continue; // their own tablet and mobile sizes are checked below
        if (device.name === 'desktop') await expect(widget).not.toHaveCSS('font-size', '17px');
        else await expect(widget).toHaveCSS('font-size', '17px');
      }
      const container = visitor.locator(`[data-id="${containerId}"]`);
      await expect(container).toHaveAttribute('data-settings', /"sticky":"top"/);
      await expect(container).toHaveClass(/animated/);
      const title = visitor.locator(`[data-id="${headingId}"] .elementor-heading-title`);
      await expect(title).toHaveCSS('color', 'rgb(170, 0, 0)');
      // The tablet value applies on tablet and, inheriting like the page builder, on phones; never on desktop.
      if (device.name === 'desktop') await expect(title).not.toHaveCSS('font-size', '18px');
      else await expect(title).toHaveCSS('font-size', '18px');
      // A mobile value of its own wins on phones; tablets keep the tablet value; desktop has neither.
      const ownMobile = visitor.locator(`[data-id="${ownMobileId}"] .elementor-heading-title`);
      if (device.name === 'desktop') await expect(ownMobile).not.toHaveCSS('font-size', /^(18|14)px$/);
      else await expect(ownMobile).toHaveCSS('font-size', device.name === 'tablet' ? '18px' : '14px');
      // The carousel added with defaults slides: several slides per view on wide screens, one on a phone.
      const carousel = visitor.locator('[data-widget_type="image-carousel.default"] .swiper');
      await expect(carousel).toHaveClass(/swiper-initialized/);
      const perView = await carousel.evaluate((el) => {
        const s = (el as unknown as { swiper: { params: { slidesPerView: number; spaceBetween: number }; activeIndex: number } }).swiper;
        return { view: s.params.slidesPerView, space: s.params.spaceBetween };
      });
      expect(perView).toEqual({ view: device.name === 'desktop' ? 3 : device.name === 'tablet' ? 2 : 1, space: 20 });
      const slideWidth = await carousel
        .locator('.swiper-slide')
        .first()
        .evaluate((el) => el.getBoundingClientRect().width);
      const carouselWidth = await carousel.evaluate((el) => el.getBoundingClientRect().width);
      expect(slideWidth).toBeLessThan(carouselWidth / perView.view + 1);
      const before = await carousel.evaluate((el) => (el as unknown as { swiper: { realIndex: number } }).swiper.realIndex);
      await carousel.scrollIntoViewIfNeeded();
      await visitor.locator('[data-widget_type="image-carousel.default"] .elementor-swiper-button-next').click();
      await expect
        .poll(() => carousel.evaluate((el) => (el as unknown as { swiper: { realIndex: number } }).swiper.realIndex))
        .not.toBe(before);
      // The container's entrance animation fades everything in: check contrast once it has finished.
      await expect
        .poll(() =>
          visitor.evaluate(
            () =>
              document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity)
                .length,
          ),
        )
        .toBe(0);
      await keepScreenshot(visitor, `page-builder-${device.name}`, { fullPage: true });
      await expectNoAxeViolations(visitor);
      expect(console.errors).toEqual([]);
      await context.close();
    }
  },
);

test.describe(() => {
  // One tab per worker and role, signed in, with the HTTP cache on (`signedInPage`, e2e/support.ts).
  test.use({ signedInAs: 'editor' });
  test('a popup with a page-load trigger and a times-per-session rule, opened again from a linked heading', async ({
    signedInPage: page,
    browser,
  }) => {
    test.setTimeout(300_000);
    const editorConsole = watchConsole(page);
    const doc = await api<{ id: number; slug: string }>(page, 'POST', '/wp-json/site/v1/documents', { type: 'page', title: 'Pickup week' });
    const popup = await api<{ id: number }>(page, 'POST', '/wp-json/site/v1/documents', { type: 'popup', title: 'Pickup reminder' });

    // The popup: content, then its settings; a wrong value is refused with the message next to its field.
    await page.goto(`/editor/${popup.id}`);
    await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
    const palette = page.getByRole('list', { name: 'Widgets to add' });
    await palette.getByRole('button', { name: 'Container', exact: true }).click();
    await palette.getByRole('button', { name: 'Heading', exact: true }).click();
    await page.getByLabel('Title', { exact: true }).fill('Pickup is free this week');
    await page.getByRole('button', { name: 'Popup settings' }).click();
    const settings = page.getByRole('form', { name: 'Popup settings' });
    await settings.getByLabel('On page load').check();
    await settings.getByLabel('Page load delay (seconds)').fill('0');
    await settings.getByLabel('Show up to X times').check();
    await settings.getByLabel('Times', { exact: true }).fill('0');
    await settings.getByLabel('Per', { exact: true }).selectOption('session');
    await settings.getByLabel(/Show on pages/).fill(doc.slug);
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expect(settings.locator('#doc-timing-times_times-error')).toHaveText('Times must be at least 1');
    await expect(settings.getByLabel('Times', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await settings.getByLabel('Times', { exact: true }).fill('2');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expect(settings.getByRole('status')).toHaveText('Settings saved to the draft. Visitors see them once you publish.');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(publishedStatus(page)).toBeVisible();

    // The page: a heading linked to the popup through the link control's action.
    await page.goto(`/editor/${doc.id}`);
    await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
    await palette.getByRole('button', { name: 'Container', exact: true }).click();
    await palette.getByRole('button', { name: 'Heading', exact: true }).click();
    await page.getByLabel('Title', { exact: true }).fill('See this week’s pickup offer');
    await page.getByLabel('Action', { exact: true }).selectOption('popup:open');
    await page.getByLabel('Popup id').fill(String(popup.id));
    await expect(page.getByLabel('Link', { exact: true })).toHaveValue(/^#elementor-action:action=popup%3Aopen&settings=/);
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(publishedStatus(page)).toBeVisible();
    // The one refused save above is the only error the browser logged.
    expect(editorConsole.errors).toEqual([
      expect.stringMatching(/^Failed to load resource: the server responded with a status of 400 \(Bad Request\)/),
    ]);

    for (const device of DEVICES) {
      const context = await browser.newContext({ viewport: { width: device.width, height: device.height } });
      const visitor = await context.newPage();
      const console = watchConsole(visitor);
      await visitor.goto(`/${doc.slug}`);
      const dialog = visitor.getByRole('dialog', { name: 'Pickup reminder' });
      await expect(dialog).toBeVisible(); // page-load trigger
      await expect(dialog).toContainText('Pickup is free this week');
      await expectNoAxeViolations(visitor);
      await visitor.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await visitor.getByRole('link', { name: 'See this week’s pickup offer' }).click();
      await expect(dialog).toBeVisible(); // opened from the linked heading
      await keepScreenshot(visitor, `page-builder-popup-${device.name}`);
      expect(console.errors).toEqual([]);
      await context.close();
    }
  });

  test('pages and popups: duplicate, rename, trash and restore from the documents screen', async ({ signedInPage: page }) => {
    await page.goto('/admin/documents');
    const table = page.getByRole('table', { name: 'Documents' });
    await expect(table.getByRole('link', { name: 'Weekly Picks' })).toBeVisible();
    await page.getByRole('button', { name: 'Duplicate Weekly Picks' }).click();
    await expect(page.getByRole('status')).toHaveText('Duplicated Weekly Picks.');
    const copy = table.getByRole('row').filter({ hasText: 'Weekly Picks (copy)' });
    await expect(copy).toContainText('weekly-picks-copy');
    await expect(copy).toContainText('Draft');
    await copy.getByRole('button', { name: /^Rename/ }).click();
    const title = ownName('Weekend Picks');
    await page.getByLabel('New title for Weekly Picks (copy)').fill(title);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const renamed = table.getByRole('row').filter({ hasText: title });
    await expect(renamed).toBeVisible();
    // Trash asks first; Cancel keeps it.
    await renamed.getByRole('button', { name: `Trash ${title}` }).click();
    const confirm = page.getByRole('dialog', { name: `Move “${title}” to the trash?` });
    await expect(confirm).toContainText('No other document links to it');
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(renamed).toContainText('Draft');
    await expect(renamed.getByRole('button', { name: `Trash ${title}` })).toBeFocused();
    // Trash, then Undo brings it back.
    await renamed.getByRole('button', { name: `Trash ${title}` }).click();
    await confirm.getByRole('button', { name: 'Move to trash' }).click();
    await expect(renamed).toContainText('In the trash');
    await expect(page.getByRole('status')).toContainText(`Moved ${title} to the trash.`);
    await page.getByRole('status').getByRole('button', { name: 'Undo' }).click();
    await expect(renamed).toContainText('Draft');
    await renamed.getByRole('button', { name: `Trash ${title}` }).click();
    await confirm.getByRole('button', { name: 'Move to trash' }).click();
    await renamed.getByRole('button', { name: `Restore ${title}` }).click();
    await expect(renamed).toContainText('Draft');
    // The home page: a hard warning, and nothing happens until the editor ticks the box.
    await table
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'home', exact: true }) })
      .getByRole('button', { name: /^Trash/ })
      .click();
    const home = page.getByRole('dialog', { name: /to the trash\?/ });
    await expect(home.getByRole('alert')).toContainText('home page');
    await expect(home.getByRole('button', { name: 'Move to trash' })).toBeDisabled();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(home).toBeHidden();
    await page.getByRole('button', { name: 'Create and edit' }).click();
    await expect(page.locator('#new-doc-title-error')).toHaveText('Enter a title.');
    await expectNoAxeViolations(page);
  });
});
