import { expectNoAxeViolations, keepScreenshot, ownName, watchConsole, expect, test, signIn, JOURNEY } from './support';
import { nonceOf } from './session-helpers';

// The content screen: an editor creates a store-targeted, scheduled banner; a schedule that ends before it
// starts is refused with the message next to the field; the preview shows what a store's visitor gets then.

test.describe(() => {
  test.use({ timezoneId: 'Europe/Berlin' }); // the editor's own zone differs from the site's
  // A journey (the content screen's schedule, store targeting, preview as a store): in the matrix (docs/testing.md).
  test('an editor schedules a banner for one store and previews it as that store', JOURNEY, async ({ page }) => {
    test.setTimeout(120_000);
    const console = watchConsole(page);
    await signIn(page, 'editor');
    await page.goto('/admin/content');
    await expect(page.getByRole('heading', { name: 'Content blocks', level: 1 })).toBeVisible();
    await expect(page.getByRole('table')).toContainText('Site banner');
    // Axe: the sweep checks this page (e2e/axe-sweep.spec.ts).

    await page.getByRole('button', { name: 'New content block' }).click();
    const title = ownName('Columbus Clintonville flash sale');
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    const body = page.frameLocator('.tox-edit-area iframe').locator('body');
    await body.click();
    await page.keyboard.type('Flash sale today at Columbus Clintonville');
    const store = page.getByRole('checkbox', { name: 'Columbus Clintonville' });
    await store.check();
    await page.getByLabel('Show from (site time, America/New_York)').fill('2030-05-02T09:00');
    await page.getByLabel('Show until (site time, America/New_York)').fill('2030-05-01T09:00');
    await page.getByRole('button', { name: 'Save block' }).click();
    const until = page.getByLabel('Show until (site time, America/New_York)');
    await expect(until).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#cb-ends_at-error')).toHaveText('The end must be after the start.');
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'content-screen-error', { fullPage: true });

    await until.fill('2030-05-03T09:00');
    const saving = page.waitForResponse(
      (r) => r.url().endsWith('/wp-json/site/v1/content-blocks') && r.request().method() === 'POST' && r.status() === 201,
    );
    await page.getByRole('button', { name: 'Save block' }).click();
    // Typed on the site's clock (New York, daylight time), not the editor's (Berlin): stored as UTC.
    const stored = (await (await saving).json()) as { starts_at: number; ends_at: number };
    expect([stored.starts_at, stored.ends_at]).toEqual([Date.parse('2030-05-02T13:00:00Z'), Date.parse('2030-05-03T13:00:00Z')]);
    await expect(page.getByRole('status').first()).toHaveText(`Saved “${title}”.`);
    await expect(page.getByLabel('Show from (site time, America/New_York)')).toHaveValue('2030-05-02T09:00');
    await expect(page.locator('#cb-ends_at-error')).toHaveCount(0);
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('Stores: Columbus Clintonville');
    await expect(row).toContainText('Not live');

    // Preview as that store on the sale day, then as another store.
    await page.getByLabel('Store', { exact: true }).selectOption({ label: 'Columbus Clintonville' });
    await page.getByLabel('At, site time (empty: now)').fill('2030-05-02T12:00');
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect(page.locator('.content-preview__box')).toContainText('Flash sale today at Columbus Clintonville');
    await keepScreenshot(page, 'content-screen', { fullPage: true });
    await page.getByLabel('Store', { exact: true }).selectOption({ index: 1 });
    const other = await page.getByLabel('Store', { exact: true }).inputValue();
    expect(other).not.toBe('');
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect(page.locator('.content-preview__box')).not.toContainText('Flash sale');
    // The only console line: the browser reporting the refused (400) save.
    expect(console.errors).toEqual([
      expect.stringMatching(/^Failed to load resource: the server responded with a status of 400 \(Bad Request\)/),
    ]);
  });
});

test.describe(() => {
  // One tab per worker and role, signed in, with the HTTP cache on (`signedInPage`, e2e/support.ts).
  test.use({ signedInAs: 'editor' });
  test('content performance: variant B of a missing popup is refused next to the field; B wins and is promoted', async ({
    signedInPage: page,
  }) => {
    test.setTimeout(120_000);
    await page.goto('/admin/content-performance');
    await expect(page.getByRole('heading', { name: 'Content performance', level: 1 })).toBeVisible();

    await page.getByLabel('Content type').selectOption('popup');
    await page.getByLabel('Id', { exact: true }).fill('999999');
    await page.getByLabel('Variant B content (HTML)').fill('<p>Other offer</p>');
    await page.getByRole('button', { name: 'Save variant B' }).click();
    await expect(page.locator('#ab-subject_id-error')).toHaveText('No popup 999999.');
    await expect(page.getByLabel('Id', { exact: true })).toHaveAttribute('aria-invalid', 'true');

    // A block of its own (a slug no page asks for): promoting its variant must not change what other tests see.
    const configNonce = await nonceOf(page);
    const created = await page.request.post('/wp-json/site/v1/content-blocks', {
      data: { kind: 'cta', slug: 'e2e-ab-test', html: '<p>Bakery is open</p>', title: 'A/B test block' },
      headers: { 'X-WP-Nonce': configNonce },
    });
    expect(created.status()).toBe(201);
    const blockId = ((await created.json()) as { id: number }).id;

    await page.getByLabel('Content type').selectOption('block');
    await page.getByLabel('Id', { exact: true }).fill(String(blockId));
    await page.getByLabel('Variant B content (HTML)').fill('<p>Try our new bakery</p>');
    await page.getByRole('button', { name: 'Save variant B' }).click();
    await expect(page.getByRole('status').first()).toHaveText(new RegExp(`Variant B of Block ${blockId} saved`));

    // Visitors' views (each issued by the server, as the browser asks for one when the block comes into view) and
    // their clicks, sent as the browser batches them.
    const clicks: Array<Record<string, unknown>> = [];
    for (const variant of ['A', 'B'] as const) {
      for (let i = 0; i < 40; i++) {
        const view = await page.request.post('/wp-json/site/v1/content-views', {
          data: { subject_type: 'block', subject_id: blockId, variant },
          headers: { 'X-WP-Nonce': configNonce },
        });
        expect(view.status(), await view.text()).toBe(201);
        const { view_id } = (await view.json()) as { view_id: string };
        if (i < (variant === 'B' ? 24 : 2)) clicks.push({ view_id, subject_type: 'block', subject_id: blockId, variant, event: 'click' });
      }
    }
    for (let i = 0; i < clicks.length; i += 50) {
      const r = await page.request.post('/wp-json/site/v1/content-events', {
        data: { events: clicks.slice(i, i + 50) },
        headers: { 'X-WP-Nonce': configNonce },
      });
      expect(r.status()).toBe(202);
    }
    await page.reload();
    const rowB = page
      .getByRole('table')
      .first()
      .getByRole('row', { name: new RegExp(`Block ${blockId} B`) });
    await expect(rowB).toContainText('60.0 %');
    await expect(rowB).toContainText('Winner');
    await expect(page.getByRole('table').nth(1)).toContainText(`Block ${blockId}`);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'content-performance', { fullPage: true });
    await rowB.getByRole('button', { name: 'Promote B' }).click();
    await expect(page.getByRole('status').first()).toHaveText(`Variant B of Block ${blockId} is now shown to everybody.`);
  });
});
