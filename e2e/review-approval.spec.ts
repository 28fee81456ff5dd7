import type { Browser, Page } from '@playwright/test';
import { nonceOf } from './session-helpers';
import { expectNoAxeViolations, expect, JOURNEY, newTab, ownName, test, watchConsole, type Role } from './support';

// Roles and approval (docs/editor.md, "Roles and approval"): a contributor submits a page for review, an
// administrator asks for changes with a comment, the contributor fixes and resubmits, the administrator approves
// and the page is live; two editors on one page see the soft lock, and one takes over.

/** A new page made by `role` on the documents screen, opened in the editor. */
async function newPageInEditor(browser: Browser, role: Role, title: string): Promise<{ page: Page; id: string; path: string }> {
  const page = await newTab(browser, { as: role });
  await page.goto('/admin/documents');
  await page.getByLabel('Type').selectOption('page');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByRole('button', { name: 'Create and edit' }).click();
  await expect(page).toHaveURL(/\/editor\/\d+$/);
  await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
  const id = /\/editor\/(\d+)$/.exec(page.url())![1];
  const path = (await page.getByRole('link', { name: 'View page' }).getAttribute('href'))!;
  return { page, id, path };
}

/**
 * A new page made by `role` through the API, opened in the editor: for the tests whose subject is the editor, not the
 * documents screen's form (the journey above and "New document" below go through the form).
 */
async function newPageByApi(browser: Browser, role: Role, title: string): Promise<{ page: Page; id: string }> {
  const page = await newTab(browser, { as: role });
  const created = await page.request.post('/wp-json/site/v1/documents', {
    data: { type: 'page', title },
    headers: { 'X-WP-Nonce': await nonceOf(page.request) },
  });
  expect(created.status()).toBe(201);
  const id = String(((await created.json()) as { id: number }).id);
  await page.goto(`/editor/${id}`);
  await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
  return { page, id };
}

async function openEditor(browser: Browser, role: Role, id: string): Promise<Page> {
  const page = await newTab(browser, { as: role });
  await page.goto(`/editor/${id}`);
  await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
  return page;
}

async function addHeading(page: Page, title: string): Promise<void> {
  await page.getByRole('list', { name: 'Widgets to add' }).getByRole('button', { name: 'Heading', exact: true }).click();
  await page.getByLabel('Title', { exact: true }).fill(title);
  await expect(page.frameLocator('iframe.editor-canvas-frame').locator('.editor-preview .elementor-heading-title').first()).toHaveText(
    title,
  );
}

async function setHeading(page: Page, title: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Navigator' })
    .getByRole('button', { name: /^Heading/ })
    .click();
  await page.getByLabel('Title', { exact: true }).fill(title);
  await expect(page.frameLocator('iframe.editor-canvas-frame').locator('.editor-preview .elementor-heading-title').first()).toHaveText(
    title,
  );
}

// A journey (the matrix runs it): a contributor's editor, the administrator's review queue, the administrator's
// editor and a visitor's page, end to end. The workflow's rules are checked in the gate by
// server/routes/editor/editorial.test.ts (approval publishes, comments shown, transitions audited, a stale draft
// refused) and the editor's own tests here.
test(
  'a contributor submits, an administrator asks for changes, the contributor resubmits, the administrator approves: live',
  JOURNEY,
  async ({ browser }) => {
    test.setTimeout(120_000);
    const title = ownName('Peach week');
    const { page: cora, id, path } = await newPageInEditor(browser, 'contributor', title);
    const coraConsole = watchConsole(cora);
    await addHeading(cora, 'Peaches are in');

    // No Publish for a contributor: it submits for review, with a note.
    await expect(cora.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0);
    await cora.getByRole('button', { name: 'Submit for review' }).click();
    const review = cora.getByRole('region', { name: 'Review', exact: true });
    await review.getByLabel('Note for the reviewer (optional)').fill('Ready for the weekend.');
    await review.getByRole('button', { name: 'Send for review' }).click();
    await expect(cora.getByText('Submitted for review. A publisher will approve it or ask for changes.')).toBeVisible();
    await expect(cora.getByText(/^Waiting for review since/)).toBeVisible();
    await expectNoAxeViolations(cora);

    // The administrator's review queue: a comment, then "Request changes".
    const ada = await newTab(browser, { as: 'admin' });
    const adaConsole = watchConsole(ada);
    await ada.goto('/admin/reviews');
    const row = ada.getByRole('row').filter({ has: ada.getByRole('link', { name: title, exact: true }) });
    await expect(row.getByRole('cell', { name: 'Waiting' })).toBeVisible();
    await expect(row).toContainText('Cora Contributor: “Ready for the weekend.”');
    await expectNoAxeViolations(ada);
    await row.getByRole('button', { name: /^Request changes/ }).click();
    await expect(row.locator('.form-error')).toHaveText('Say what should change.'); // the message next to the field
    await row.getByLabel(/^Comment/).fill('Name the stores that have them.');
    await row.getByRole('button', { name: /^Request changes/ }).click();
    await expect(ada.getByRole('status').filter({ hasText: 'Asked for changes to' })).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Changes requested' })).toBeVisible();

    // The contributor sees the comment in the editor, fixes the page and submits again.
    await cora.reload();
    await expect(cora.getByText('Ada Admin asked for changes: “Name the stores that have them.”')).toBeVisible();
    await setHeading(cora, 'Peaches at Short North and Clintonville');
    await cora.getByRole('button', { name: 'Submit for review' }).click();
    await cora.getByRole('region', { name: 'Review', exact: true }).getByRole('button', { name: 'Send for review' }).click();
    await expect(cora.getByText('Submitted for review. A publisher will approve it or ask for changes.')).toBeVisible();

    // The administrator approves in the editor: it is published.
    const adaEditor = await openEditor(browser, 'admin', id);
    const adaEditorConsole = watchConsole(adaEditor);
    await adaEditor.getByRole('button', { name: 'Review (waiting)' }).click();
    const decide = adaEditor.getByRole('region', { name: 'Review', exact: true });
    await expect(decide).toContainText('Cora Contributor submitted this draft for review');
    await expectNoAxeViolations(adaEditor);
    await decide.getByRole('button', { name: 'Approve and publish' }).click();
    await expect(adaEditor.getByText('Approved and published. Visitors now see this version.')).toBeVisible();

    const visitor = await newTab(browser);
    await visitor.goto(path);
    await expect(visitor.getByRole('heading', { name: 'Peaches at Short North and Clintonville' })).toBeVisible();

    for (const c of [coraConsole, adaConsole, adaEditorConsole]) expect(c.errors).toEqual([]);
  },
);

test('two editors on one page: the second is told who is editing and takes over; the first is told at its next save', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { page: eddie, id } = await newPageByApi(browser, 'editor', ownName('Soft lock'));
  await addHeading(eddie, 'First words');
  await eddie.keyboard.press('Control+s');
  await expect(eddie.getByText('Draft saved. Visitors still see the published version.')).toBeVisible();

  const ada = await openEditor(browser, 'admin', id);
  const lock = ada.getByRole('alert').filter({ has: ada.getByRole('heading', { name: 'Eddie Editor is editing this page' }) });
  await expect(lock).toBeVisible();
  await expectNoAxeViolations(ada);
  await lock.getByRole('button', { name: 'Take over' }).click();
  await expect(ada.getByText('You took over: you are editing now.')).toBeVisible();
  await expect(ada.getByRole('heading', { name: 'Eddie Editor is editing this page' })).toHaveCount(0);

  // Eddie's next save is refused, and the editor says who took over (nothing is saved over Ada's work).
  await setHeading(eddie, 'Second words');
  await eddie.keyboard.press('Control+s');
  const told = eddie.getByRole('alert').filter({ has: eddie.getByRole('heading', { name: 'Ada Admin took over this page' }) });
  await expect(told).toBeVisible();
  await expect(eddie.getByText(/^Not saved: Ada Admin took over editing this document/)).toBeVisible();
  await expectNoAxeViolations(eddie);
});

test('the editor shows a Loop Grid’s items and an Interactive block as soon as they are added, and inserts a Cloud template', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const { page } = await newPageByApi(browser, 'editor', ownName('Data widgets'));
  const console = watchConsole(page);
  const palette = page.getByRole('list', { name: 'Widgets to add' });
  const preview = page.frameLocator('iframe.editor-canvas-frame').locator('.editor-preview');

  await palette.getByRole('button', { name: 'Loop Grid', exact: true }).click();
  const grid = preview.locator('[data-widget_type="loop-grid.default"]');
  await expect(grid.locator('.e-loop-item').first()).toBeVisible();
  await expect(grid).not.toContainText('Choose a loop item template');

  await palette.getByRole('button', { name: 'Interactive block', exact: true }).click();
  const block = preview.locator('[data-widget_type="island.default"]');
  // Named at once, then the block's first view (the published page's own markup, inert) arrives with the widget
  // data a moment after it is added (the stand-in is shorter).
  await expect(block.locator('[data-island="drink-calculator"]')).toBeVisible();
  await expect.poll(async () => (await block.boundingBox())?.height ?? 0).toBeGreaterThan(40);
  await expect(block.locator('[data-island="drink-calculator"][inert]')).not.toBeEmpty();

  const templates = page.getByRole('region', { name: 'Templates' });
  await templates.getByRole('button', { name: 'Insert “Farmers market banner” (Cloud)' }).click();
  await expect(templates.getByRole('status')).toHaveText('Inserted the template “Farmers market banner”.');
  await expect(preview.getByRole('heading', { name: 'From our farmers to your table' })).toBeVisible();
  await expectNoAxeViolations(page);
  expect(console.errors).toEqual([]);
});

test('"New document" offers only the types the role may create', async ({ browser }) => {
  const typesFor = async (role: Role) => {
    const tab = await newTab(browser, { as: role });
    await tab.goto('/admin/documents');
    const form = tab.getByRole('form', { name: 'New document' });
    await expect(form.getByLabel('Type').locator('option').first()).toBeAttached();
    return { tab, names: await form.getByLabel('Type').locator('option').allTextContents() };
  };
  const cora = await typesFor('contributor');
  expect(cora.names).toEqual(['Page', 'Popup']);
  // What is offered is created: the contributor's popup opens in the editor, no 403 on the way.
  const console = watchConsole(cora.tab);
  await cora.tab.getByLabel('Type').selectOption('popup');
  await cora.tab.getByLabel('Title', { exact: true }).fill(ownName('Offered popup'));
  await cora.tab.getByRole('button', { name: 'Create and edit' }).click();
  await expect(cora.tab).toHaveURL(/\/editor\/\d+$/);
  expect(console.errors).toEqual([]);
  expect((await typesFor('editor')).names).toEqual(['Page', 'Popup', 'Loop item', 'Section template', 'Theme template']);
});

test('the role manager: an administrator lets contributors edit footers too, and administrators stay fixed', async ({ browser }) => {
  const ada = await newTab(browser, { as: 'admin' });
  const console = watchConsole(ada);
  await ada.goto('/admin/roles');
  const contributor = ada.getByRole('form', { name: 'Contributor' });
  await expect(contributor.getByRole('radio', { name: 'Only submits for review' })).toBeChecked();
  await expect(ada.getByRole('form', { name: 'Administrator' }).getByRole('checkbox', { name: 'Pages' })).toBeDisabled();
  await expectNoAxeViolations(ada);
  await contributor.getByRole('checkbox', { name: 'Footers' }).check();
  await contributor.getByRole('button', { name: 'Save contributor' }).click();
  await expect(ada.getByRole('status').filter({ hasText: 'Saved: Contributor submits for review.' })).toBeVisible();
  await ada.reload();
  await expect(ada.getByRole('form', { name: 'Contributor' }).getByRole('checkbox', { name: 'Footers' })).toBeChecked();
  // Back to the default, for the other tests of this server.
  await ada.getByRole('form', { name: 'Contributor' }).getByRole('checkbox', { name: 'Footers' }).uncheck();
  await ada.getByRole('form', { name: 'Contributor' }).getByRole('button', { name: 'Save contributor' }).click();
  await expect(ada.getByRole('status').filter({ hasText: 'Saved: Contributor submits for review.' })).toBeVisible();
  expect(console.errors).toEqual([]);
});
