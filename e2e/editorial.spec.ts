import { type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations, keepScreenshot, watchConsole, expect, test, signIn, newTab, JOURNEY, type Role } from './support';

// Editorial workflow: two editors on the same document, autosave and Ctrl+S, the conflict dialog, the history
// with element differences, and restoring yesterday's revision (the browser clock moved a day ahead).

const DOC = '/editor/132';

async function editorPage(browser: Browser, role: Role): Promise<Page> {
  const page = await newTab(browser, { as: role });
  await page.goto(DOC);
  await expect(page).toHaveURL(new RegExp(`${DOC}$`));
  await expect(page.getByRole('button', { name: 'History' })).toBeVisible();
  return page;
}

const isDraftSave = (url: string, method: string) => method === 'PUT' && url.endsWith('/wp-json/site/v1/documents/132/draft');

async function setTitle(page: Page, title: string): Promise<void> {
  const structure = page.getByRole('navigation', { name: 'Navigator' });
  await structure.getByRole('button', { name: /^Heading/ }).click();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await expect(page.frameLocator('iframe.editor-canvas-frame').locator('.editor-preview .elementor-heading-title')).toHaveText(title);
}

// A journey (autosave, save, the conflict dialog, revisions): in the matrix (docs/testing.md).
test('two editors: autosave, Ctrl+S, the conflict dialog loses nothing, yesterday’s revision is restored', JOURNEY, async ({ browser }) => {
  test.setTimeout(120_000);
  const eddie = await editorPage(browser, 'editor');
  const ada = await editorPage(browser, 'admin');
  const consoles = [watchConsole(eddie), watchConsole(ada)];

  // Eddie: an edit autosaves after a few idle seconds, without a click.
  const autosave = eddie.waitForRequest((r) => isDraftSave(r.url(), r.method()));
  await setTitle(eddie, 'Dinner in 20 minutes');
  expect(JSON.parse((await autosave).postData() ?? '{}')).toMatchObject({ autosave: true });
  await expect(eddie.locator('.editor-statusbar').getByRole('status')).toHaveText(/Draft saved/);

  // Eddie again: Ctrl+S saves at once (a plain draft save, not an autosave).
  const ctrlS = eddie.waitForRequest((r) => isDraftSave(r.url(), r.method()));
  await setTitle(eddie, 'Dinner in 15 minutes');
  await eddie.keyboard.press('Control+s');
  const sent = JSON.parse((await ctrlS).postData() ?? '{}') as { autosave?: boolean };
  expect(sent.autosave).toBeUndefined();
  await expect(eddie.locator('.editor-statusbar').getByRole('status')).toHaveText(/Draft saved/);

  // Ada opened the document before Eddie's saves: her save is stale and gets the dialog.
  await setTitle(ada, 'Dinner for two');
  await ada.getByRole('button', { name: 'Save draft' }).click();
  const dialog = ada.getByRole('dialog', { name: 'Someone else saved this page' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Eddie Editor saved this document after you started editing.');
  await expect(dialog.getByRole('button', { name: 'Reload their version' })).toBeVisible();
  await expectNoAxeViolations(ada);
  await keepScreenshot(ada, 'editorial-conflict');
  await dialog.getByRole('button', { name: 'Keep mine as a new draft' }).click();
  await expect(dialog).toBeHidden();
  await expect(ada.locator('.editor-statusbar').getByRole('status')).toHaveText(/Your copy is saved as a new draft/);
  await expect(ada.frameLocator('iframe.editor-canvas-frame').locator('.editor-preview .elementor-heading-title')).toHaveText(
    'Dinner for two',
  );

  // The history keeps every save: Ada's copy and both of Eddie's.
  await ada.getByRole('button', { name: 'History' }).click();
  const history = ada.getByRole('region', { name: 'Revision history' });
  const items = history.getByRole('listitem');
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toContainText('by Ada Admin');
  await expect(items.nth(1)).toContainText('by Eddie Editor');
  await expect(items.nth(2)).toContainText('Autosaved');

  // The only console line: the browser reporting Ada's refused (409) save.
  expect(consoles[0].errors).toEqual([]);
  expect(consoles[1].errors).toEqual([
    expect.stringMatching(/^Failed to load resource: the server responded with a status of 409 \(Conflict\)/),
  ]);

  // A day later (browser clock), Eddie restores the autosave of yesterday as the draft.
  await eddie.clock.setFixedTime(Date.now() + 86_400_000);
  await eddie.reload();
  await eddie.getByRole('button', { name: 'History' }).click();
  const eddieHistory = eddie.getByRole('region', { name: 'Revision history' });
  const yesterday = eddieHistory.getByRole('button', { name: /Autosaved Yesterday/ });
  await expect(yesterday).toBeVisible();
  await yesterday.click();
  const detail = eddieHistory.getByRole('group', { name: /Revision of Yesterday/ });
  await expect(detail).toContainText('Changed heading e13202: title');
  await keepScreenshot(eddie, 'editorial-history', { fullPage: true });
  await expectNoAxeViolations(eddie);
  await detail.getByRole('button', { name: 'Restore as draft' }).click();
  await expect(eddie.frameLocator('iframe.editor-canvas-frame').locator('.editor-preview .elementor-heading-title')).toHaveText(
    'Dinner in 20 minutes',
  );
  await expect(eddieHistory.getByRole('status')).toHaveText(/Restored the revision of Yesterday/);
  await eddie.reload();
  await expect(eddie.frameLocator('iframe.editor-canvas-frame').locator('.editor-preview .elementor-heading-title')).toHaveText(
    'Dinner in 20 minutes',
  );
});

test('schedule errors sit next to the field; a preview link shows the draft as the chosen store to a colleague', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'editor');
  await page.goto('/editor/50');
  await expect(page.getByRole('button', { name: 'Schedule' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Navigator' })
    .getByRole('button', { name: /^Heading/ })
    .click();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Deals of the coming week');

  await page.getByRole('button', { name: 'Schedule' }).click();
  const schedule = page.getByRole('region', { name: 'Schedule' });
  await schedule.getByLabel('Publish the draft at (site time, America/New_York)').fill('2030-06-02T08:00');
  const unpublish = schedule.getByLabel('Unpublish at (site time, America/New_York)');
  await unpublish.fill('2030-06-01T08:00');
  await schedule.getByRole('button', { name: 'Save schedule' }).click();
  await expect(unpublish).toHaveAttribute('aria-invalid', 'true');
  await expect(schedule.locator('.form-error')).toHaveText('The unpublish time must be after the publish time.');
  await unpublish.fill('2030-06-09T08:00');
  await schedule.getByRole('button', { name: 'Save schedule' }).click();
  await expect(schedule.getByRole('status')).toHaveText(/^Scheduled\. Goes live/);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Preview as…' }).click();
  const previewAs = page.getByRole('region', { name: 'Preview as a shopper' });
  await previewAs.getByLabel('Store').selectOption({ label: 'Columbus Clintonville' });
  await previewAs.getByRole('button', { name: 'Make preview link' }).click();
  const url = await previewAs.getByLabel('Preview link').inputValue();
  expect(url).toMatch(/\/preview\/[\w-]{16,64}$/); // a short token: the selection is kept on the server
  await keepScreenshot(page, 'editorial-preview-as', { fullPage: true });
  await expectNoAxeViolations(page);

  const colleague = await (await browser.newContext()).newPage(); // not signed in
  await colleague.goto(url);
  await expect(colleague.getByRole('heading', { name: 'Deals of the coming week' })).toBeVisible();
  await expect(colleague.locator('.site-header, header').first()).toContainText('Columbus Clintonville');
  await colleague.goto('/weekly-deals');
  await expect(colleague.getByRole('heading', { level: 1 }).first()).not.toHaveText('Deals of the coming week');

  // Revoking every link of the page ends the colleague's (docs/security.md, preview links).
  await previewAs.getByRole('button', { name: 'Revoke all preview links' }).click();
  await expect(previewAs.getByRole('status')).toHaveText(/preview links? (was|were) revoked/);
  await expectNoAxeViolations(page);
  const revoked = await colleague.goto(url);
  expect(revoked?.status()).toBe(410);
});
