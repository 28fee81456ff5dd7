import { expectNoAxeViolations, keepScreenshot, watchConsole, expect, test, publishedStatus } from './support';

// One tab per worker, signed in as the editor, with the HTTP cache on (`signedInPage`, e2e/support.ts).
test.use({ signedInAs: 'editor' });

// Templates in the editor (issue 15 item 4): save the selected element as a section template, then insert it
// into the page, by mouse and by keyboard; each insert gets fresh element ids; a visitor sees the result.

/** Signs in as the seeded editor through the /login form, landing on `target`. */

test('save a selection as a template and insert it into the page, by mouse and by keyboard', async ({ signedInPage: page, browser }) => {
  test.setTimeout(120_000);
  const console = watchConsole(page);
  await page.goto('/admin/documents');
  await page.getByLabel('Type').selectOption('page');
  await page.getByLabel('Title', { exact: true }).fill('Template journey');
  await page.getByRole('button', { name: 'Create and edit' }).click();
  await expect(page).toHaveURL(/\/editor\/\d+$/);
  await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
  const preview = page.frameLocator('iframe.editor-canvas-frame').locator('.editor-preview');
  const headings = preview.locator('[data-widget_type="heading.default"]');

  // A heading with its own text, selected after it is added.
  await page.getByRole('list', { name: 'Widgets to add' }).getByRole('button', { name: 'Heading', exact: true }).click();
  await expect(headings).toHaveCount(1);
  await page.getByLabel('Title', { exact: true }).fill('Fresh this week');
  await expect(headings.first()).toContainText('Fresh this week');

  // Saving needs a name: the message sits next to the field.
  const templates = page.getByRole('region', { name: 'Templates' });
  await templates.getByRole('button', { name: 'Save selection as template' }).click();
  await expect(templates.locator('#template-name-error')).toHaveText('Enter a name for the template.');
  await expect(templates.getByLabel('Template name')).toBeFocused();
  await templates.getByLabel('Template name').fill('Weekly headline');
  await templates.getByRole('button', { name: 'Save selection as template' }).click();
  await expect(templates.getByRole('status')).toHaveText('Saved “Weekly headline” as a template.');
  const insert = templates.getByRole('button', { name: 'Insert “Weekly headline”' });
  await expect(insert).toBeVisible();
  await expectNoAxeViolations(page);

  // Insert by mouse, then by keyboard: two more copies, each with ids of its own, after the selection.
  await insert.click();
  await expect(headings).toHaveCount(2);
  await insert.focus();
  await page.keyboard.press('Enter');
  await expect(headings).toHaveCount(3);
  await expect(headings.nth(2)).toContainText('Fresh this week');
  const ids = await headings.evaluateAll((els) => els.map((el) => el.getAttribute('data-id')));
  expect(new Set(ids).size).toBe(3);
  await keepScreenshot(page, 'templates-editor');

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(publishedStatus(page)).toBeVisible();
  expect(console.errors).toEqual([]);

  const visitor = await browser.newPage();
  await visitor.goto('/template-journey');
  await expect(visitor.locator('[data-widget_type="heading.default"]')).toHaveCount(3);
  await expect(visitor.getByRole('heading', { name: 'Fresh this week' })).toHaveCount(3);
  await visitor.close();
});
