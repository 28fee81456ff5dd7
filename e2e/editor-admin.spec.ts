import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations, keepScreenshot, watchConsole, expect, test, signIn, JOURNEY, type Role, publishedStatus } from './support';
import { nonceOf } from './session-helpers';

// A 1x1 PNG.
// The admin screens show what the editor tests before them did (usage events, uploads): in order, one worker.
test.describe.configure({ mode: 'default' });

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000100e221bc330000000049454e44ae426082',
  'hex',
);

/**
 * Checks that `target` sends an anonymous visitor to the sign-in page (the redirect itself, without loading the
 * sign-in page: server/editor-admin.test.ts checks that page), then opens it signed in as `role`.
 */
async function openSignedIn(page: Page, anonymousRequest: APIRequestContext, target: string, role: Role): Promise<void> {
  const anonymous = await anonymousRequest.get(target, { maxRedirects: 0 });
  expect(anonymous.status()).toBe(302);
  expect(anonymous.headers().location).toBe(`/login?redirect_to=${encodeURIComponent(target)}`);
  await signIn(page, role);
  await page.goto(target);
  await expect(page).toHaveURL(new RegExp(`${target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
}

test.describe(() => {
  // One tab per worker and role, signed in, with the HTTP cache on (`signedInPage`, e2e/support.ts).
  test.use({ signedInAs: 'editor' });
  test('an editor changes the carousel live, edits text with an image in TinyMCE, publishes; visitors see it', async ({
    signedInPage: page,
    request,
    browser,
  }) => {
    const console = watchConsole(page);
    await openSignedIn(page, request, '/editor/130', 'editor');
    await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
    const carousel = page.frameLocator('iframe.editor-canvas-frame').locator('.editor-preview [data-widget_type="image-carousel.default"]');
    await expect(carousel.locator('.swiper')).toHaveClass(/swiper-initialized/);
    // Axe: the sweep checks this page (e2e/axe-sweep.spec.ts).

    // Live speed change: the same Swiper instance takes the new speed.
    await page
      .getByRole('navigation', { name: 'Navigator' })
      .getByRole('button', { name: /Image Carousel/ })
      .click();
    await carousel.locator('.swiper').evaluate((el) => ((el as unknown as { swiper: { hlMark: string } }).swiper.hlMark = 'original'));
    const speed = page.getByLabel('Animation speed (ms)');
    await expect(speed).toHaveValue('500');
    await speed.fill('900');
    await expect
      .poll(() =>
        carousel.locator('.swiper').evaluate((el) => (el as unknown as { swiper: { params: { speed: number } } }).swiper.params.speed),
      )
      .toBe(900);
    expect(await carousel.locator('.swiper').evaluate((el) => (el as unknown as { swiper: { hlMark?: string } }).swiper.hlMark)).toBe(
      'original',
    );
    await expect(carousel).toHaveAttribute('data-settings', /"speed":900/);
    await page.getByLabel('Autoplay speed (ms)').fill('4000');
    await expect
      .poll(() =>
        carousel
          .locator('.swiper')
          .evaluate((el) => (el as unknown as { swiper: { params: { autoplay: { delay: number } } } }).swiper.params.autoplay.delay),
      )
      .toBe(4000);
    // A colour only restyles: the carousel keeps its Swiper instance (and its slide) instead of starting over.
    await page.getByRole('tab', { name: 'Style' }).click();
    await page.getByLabel('Background colour', { exact: true }).fill('#fffbe6');
    await expect(carousel).toHaveCSS('background-color', 'rgb(255, 251, 230)');
    expect(await carousel.locator('.swiper').evaluate((el) => (el as unknown as { swiper: { hlMark?: string } }).swiper.hlMark)).toBe(
      'original',
    );

    // Rich text in TinyMCE, with an uploaded image.
    await page.getByRole('navigation', { name: 'Navigator' }).getByRole('button', { name: 'Text Editor' }).click();
    const frame = page.frameLocator('.tox-edit-area iframe');
    const body = frame.locator('body');
    await expect(body).toContainText('Our buyers choose five favourites');
    await body.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' Fresh bread daily.');
    await page.getByRole('button', { name: /Insert\/edit image/ }).click();
    const dialog = page.locator('.tox-dialog');
    await dialog.getByRole('tab', { name: 'Upload' }).click();
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'bread.png', mimeType: 'image/png', buffer: PNG });
    const source = dialog.getByLabel('Source');
    await expect(source).toHaveValue(/^\/uploads\/[a-z0-9-]+\.png$/);
    const location = await source.inputValue();
    await dialog.getByLabel('Alternative description').fill('Fresh bread');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(body.locator(`img[src="${location}"]`)).toHaveCount(1);
    const preview = page.frameLocator('iframe.editor-canvas-frame').locator('.editor-preview [data-widget_type="text-editor.default"]');
    await expect(preview).toContainText('Fresh bread daily.');
    await expect(preview.locator(`img[src="${location}"]`)).toHaveAttribute('alt', 'Fresh bread');
    await keepScreenshot(page, 'editor', { fullPage: true });
    await expectNoAxeViolations(page);

    // Saving a draft keeps it from visitors; publishing shows it.
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Draft saved' })).toBeVisible();
    const visitor = await browser.newPage();
    await visitor.goto('/weekly-picks');
    await expect(visitor.locator('[data-widget_type="text-editor.default"]')).not.toContainText('Fresh bread daily.');
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(publishedStatus(page)).toBeVisible();
    await visitor.reload();
    await expect(visitor.locator('[data-widget_type="text-editor.default"]')).toContainText('Fresh bread daily.');
    await expect(visitor.locator(`[data-widget_type="text-editor.default"] img[src="${location}"]`)).toBeVisible();
    await expect(visitor.locator('[data-widget_type="image-carousel.default"]')).toHaveAttribute('data-settings', /"speed":900/);
    await expect(visitor.locator('[data-widget_type="image-carousel.default"] .swiper')).toHaveClass(/swiper-initialized/);
    await keepScreenshot(visitor, 'editor-published', { fullPage: true });
    await visitor.close();
    expect(console.errors).toEqual([]);
  });

  test('editor structure: add, duplicate, move, delete, undo and redo', async ({ signedInPage: page, request }) => {
    await openSignedIn(page, request, '/editor/131', 'editor');
    const structure = page.getByRole('navigation', { name: 'Navigator' });
    const preview = page.frameLocator('iframe.editor-canvas-frame').locator('.editor-preview');
    await structure.getByRole('button', { name: 'Heading: Fresh this season' }).click();
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Fresh this winter');
    await expect(preview.locator('.elementor-heading-title')).toHaveText('Fresh this winter');
    await page.getByRole('button', { name: 'Duplicate' }).click();
    await expect(preview.locator('.elementor-heading-title')).toHaveCount(2);
    await page.getByRole('button', { name: 'Move down' }).click();
    await page.getByRole('list', { name: 'Widgets to add' }).getByRole('button', { name: 'Image', exact: true }).click();
    await expect(preview.locator('[data-widget_type="image.default"]')).toHaveCount(1);
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(preview.locator('[data-widget_type="image.default"]')).toHaveCount(0);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(preview.locator('[data-widget_type="image.default"]')).toHaveCount(1);
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect(preview.locator('[data-widget_type="image.default"]')).toHaveCount(0);

    // A popup document is previewed inside the popup's box.
    await page.goto('/editor/51');
    await expect(
      page.frameLocator('iframe.editor-canvas-frame').locator('.editor-popup-backdrop .e-popup__content.editor-preview'),
    ).toContainText('The new weekly ad, every Wednesday');
    await keepScreenshot(page, 'editor-popup', { fullPage: true });
    await expectNoAxeViolations(page);

    // A loop grid shows its database items in the preview, as on the published page.
    await page.goto('/editor/72');
    await expect(
      page
        .frameLocator('iframe.editor-canvas-frame')
        .locator('.editor-preview [data-widget_type="loop-grid.default"] .e-loop-item')
        .first(),
    ).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
  });

  // A journey (the debug log, the template library, kit export and import, usage): in the matrix (docs/testing.md).
});

test('an administrator downloads the upload debug log, then clears it; admin screens are axe clean', JOURNEY, async ({ page, request }) => {
  const console = watchConsole(page);
  await openSignedIn(page, request, '/admin/debug-log', 'admin');
  // One accepted and one refused upload (wrong type), so the log has both kinds of entries.
  const nonce = await nonceOf(page);
  const accepted = await page.request.post('/wp-json/site/v1/uploads', {
    headers: { 'X-WP-Nonce': nonce },
    multipart: { file: { name: 'bread.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(accepted.status()).toBe(200);
  const refused = await page.request.post('/wp-json/site/v1/uploads', {
    headers: { 'X-WP-Nonce': nonce },
    multipart: { file: { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('plain text') } },
  });
  expect(refused.status()).toBe(400);
  await page.reload();
  const table = page.getByRole('table');
  await expect(table).toContainText('Rejected upload notes.png: Only PNG, JPEG, GIF and WebP images can be uploaded.');
  await expect(table).toContainText('Accepted upload bread.png');
  await expectNoAxeViolations(page);
  await keepScreenshot(page, 'admin-debug-log', { fullPage: true });

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download log' }).click()]);
  expect(download.suggestedFilename()).toBe('nf-file-uploads-debug-log.json');
  const saved = JSON.parse(readFileSync(await download.path(), 'utf8')) as { entries: Array<{ message: string }> };
  expect(saved.entries.map((e) => e.message)).toEqual(
    expect.arrayContaining([expect.stringMatching(/^Accepted upload bread\.png/), expect.stringMatching(/^Rejected upload notes\.png/)]),
  );

  await page.getByRole('button', { name: 'Clear log' }).click();
  await expect(page.getByText('The log is empty.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('The log is empty.')).toBeVisible();

  await page.goto('/admin/templates');
  await expect(page.getByRole('tab', { name: 'Cloud' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Farmers market banner' })).toBeVisible();
  // Axe: the sweep checks this page (e2e/axe-sweep.spec.ts).
  await page.getByRole('tab', { name: 'Site' }).click();
  await page.getByLabel('Folder').selectOption('Seasonal');
  await expect(page.getByRole('heading', { name: 'Seasonal hero' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recipe teaser' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Kits' }).click();
  await page.getByLabel('Kit file (.json)').setInputFiles({
    name: 'bad.json',
    mimeType: 'application/json',
    buffer: Buffer.from(
      '{"manifest":{"kit_format":"harvest-lane-kit","name":"x","version":"1","created":"","templates":{"1":{"title":"A","doc_type":"slider"}}},"templates":{"1":{"content":[]}}}',
    ),
  });
  await expect(page.getByRole('alert')).toContainText('doc_type must be one of');
  await expect(page.getByRole('button', { name: /^Import/ })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Export the site templates as a kit, then import that file: the manifest drives the import screen.
  const [kitDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export site templates' }).click(),
  ]);
  expect(kitDownload.suggestedFilename()).toBe('harvest-lane-kit.json');
  await page.getByLabel('Kit file (.json)').setInputFiles(await kitDownload.path());
  await expect(page).toHaveURL(/\/admin\/templates$/);
  await expect(page.locator('.kit-manifest')).toContainText('Seasonal hero (section)');
  await expect(page.locator('.kit-manifest')).toContainText('Holiday landing page (page)');
  const importButton = page.getByRole('button', { name: /^Import \d+ templates$/ });
  const count = Number(/\d+/.exec((await importButton.textContent()) ?? '')![0]);
  await importButton.click();
  // The same templates are already on the site: the screen asks instead of duplicating them.
  await expect(page.getByRole('alert')).toContainText('already on the site');
  await page.getByRole('button', { name: 'Import copies' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Imported ${count} templates into the Site tab.` })).toBeVisible();
  // The kit carried the Site Settings (built from their control schemas): they wait as a draft to review.
  await expect(page.getByRole('status')).toContainText('Its Site Settings are a draft');
  await keepScreenshot(page, 'admin-templates', { fullPage: true });

  // The usage counts hold this test's own events (other tests' editor events may or may not have come yet).
  // The events are sent without waiting: the screen is opened again until they have come.
  await expect(async () => {
    await page.goto('/admin/usage');
    for (const event of ['admin_action', 'import_kit_customization', 'kit_import_upload_file'])
      await expect(page.getByRole('table')).toContainText(event, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  // Axe: the sweep checks this page (e2e/axe-sweep.spec.ts).
  expect(console.errors.filter((e) => !e.includes('status of 409'))).toEqual([]); // the re-import question
});

test('customers are refused the editor and admin screens; the sign-in page is axe clean', async ({ page }) => {
  await page.goto('/login?redirect_to=/admin/templates');
  await page.getByLabel('Email').fill('casey@example.test');
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.');
  await expect(page.getByLabel('Email')).toHaveValue('casey@example.test');
  await expectNoAxeViolations(page);
  // The right password signs the customer in; the screens still refuse them.
  await page.getByLabel('Password').fill('casey-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/templates$/);
  const res = await page.goto('/editor/130');
  expect(res?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'You do not have access to this screen' })).toBeVisible();
});
