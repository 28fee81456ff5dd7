import { nonceOf } from './session-helpers';
import { expectNoAxeViolations, keepScreenshot, watchConsole, expect, test } from './support';

// One tab per worker and role, signed in, with the HTTP cache on (`signedInPage`, e2e/support.ts).
test.use({ signedInAs: 'editor' });

// Preview as any shopper: an editor previews a page as a store, a segment and a phone; the colleague who opens
// the link sees what that visitor would see, including a popup meant for that store's loyalty members on
// phones, and the popup explainer says why it showed; as another store, why it did not.

test('preview as Columbus Clintonville / loyalty / phone shows the store popup and the explainer says why', async ({
  signedInPage: page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.goto('/editor/10');
  await expect(page.getByRole('button', { name: 'Preview as…' })).toBeVisible();

  // The store-specific popup, as an editor makes it through the documents API.
  const headers = { 'X-WP-Nonce': await nonceOf(page) };
  const created = await page.request.post('/wp-json/site/v1/documents', {
    data: { type: 'popup', title: 'Clintonville loyalty tasting' },
    headers,
  });
  expect(created.status()).toBe(201);
  const popupId = ((await created.json()) as { id: number }).id;
  const base = `/wp-json/site/v1/documents/${popupId}`;
  // Targeting an unknown store is refused next to the field of the popup's settings.
  await page.goto(`/editor/${popupId}`);
  await page.getByRole('button', { name: 'Popup settings' }).click();
  const storeIds = page.getByLabel('Store ids (comma separated)');
  await storeIds.fill('1002, 424242');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(storeIds).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('.editor-field-error')).toHaveText('Unknown store id: 424242.');
  await expectNoAxeViolations(page);
  await page.goto('/editor/10');
  const settings = {
    timing: { stores: 'yes', stores_ids: [1002], user_groups: 'yes', user_groups_ids: [5003], devices: 'yes', devices_devices: ['mobile'] },
    triggers: { page_load: 'yes', page_load_delay: 0 },
  };
  expect(
    (
      await page.request.patch(base, { data: { settings, conditions: [{ type: 'include', pages: ['home-pennsylvania'] }] }, headers })
    ).status(),
  ).toBe(200);
  const tree = [
    {
      id: 'pe0001',
      elType: 'container',
      settings: {},
      elements: [
        { id: 'pe0002', elType: 'widget', widgetType: 'heading', settings: { title: 'Cheese tasting on Saturday' }, elements: [] },
      ],
    },
  ];
  expect((await page.request.post(`${base}/publish`, { data: { tree }, headers })).status()).toBe(200);

  await page.getByRole('button', { name: 'Preview as…' }).click();
  const panel = page.getByRole('region', { name: 'Preview as a shopper' });
  await panel.getByLabel('Store').selectOption({ label: 'Columbus Clintonville' });
  const groups = panel.getByLabel(/^User groups/);
  await groups.fill('loyal');
  await panel.getByRole('button', { name: 'Make preview link' }).click();
  await expect(groups).toHaveAttribute('aria-invalid', 'true');
  await expect(panel.locator('.form-error')).toHaveText('must be a number');
  await groups.fill('5003');
  await panel.getByLabel('Device').selectOption('mobile');
  await panel.getByRole('button', { name: 'Make preview link' }).click();
  const url = await panel.getByLabel('Preview link').inputValue();
  await page.mouse.move(0, 0); // the pointer left over the new link would check its hover colour instead
  await expectNoAxeViolations(page);

  const colleagueContext = await browser.newContext(); // another editor's browser, not signed in
  const colleague = await colleagueContext.newPage();
  const console = watchConsole(colleague);
  await colleague.goto(url);
  await expect(colleague.getByRole('heading', { level: 1 })).toHaveText(/Columbus Clintonville, user groups 5003, mobile/);
  const frame = colleague.frameLocator('iframe.preview-device');
  expect(await frame.locator('html').evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([390, 844]);
  const popup = frame.getByRole('dialog', { name: 'Clintonville loyalty tasting' });
  await expect(popup).toBeVisible();
  await expect(popup).toContainText('Cheese tasting on Saturday');
  await expect(frame.getByText('For members: this week')).toBeVisible();
  const explainer = frame.getByRole('complementary', { name: 'Popup explainer' });
  const mine = explainer.locator('.e-popup-explainer__popup', { hasText: 'Clintonville loyalty tasting' });
  await expect(mine).toContainText('shown: trigger page_load fired');
  await expect(mine).toContainText('pass stores: store Columbus Clintonville (id 1002)');
  await expect(mine).toContainText('pass user_groups: user groups 5003');
  await expect(mine).toContainText('pass devices: device mobile');
  await keepScreenshot(colleague, 'preview-as-phone');
  await expectNoAxeViolations(colleague);

  // The same preview as another store: the popup stays hidden and the explainer names the rule.
  await panel.getByLabel('Store').selectOption({ label: 'Columbus Short North' });
  await panel.getByRole('button', { name: 'Make preview link' }).click();
  await expect(panel.getByLabel('Preview link')).not.toHaveValue(url);
  await colleague.goto(await panel.getByLabel('Preview link').inputValue());
  const other = colleague.frameLocator('iframe.preview-device');
  const blocked = other
    .getByRole('complementary', { name: 'Popup explainer' })
    .locator('.e-popup-explainer__popup', { hasText: 'Clintonville loyalty tasting' });
  await expect(blocked).toContainText('blocked: timing rules failed: stores');
  await expect(blocked).toContainText('fail stores: store Columbus Short North');
  await expect(other.getByRole('dialog', { name: 'Clintonville loyalty tasting' })).toBeHidden();
  await keepScreenshot(colleague, 'preview-as-other-store');
  expect(console.errors).toEqual([]);

  expect((await page.request.post(`${base}/trash`, { headers })).status()).toBe(200);
  await colleagueContext.close();
});
