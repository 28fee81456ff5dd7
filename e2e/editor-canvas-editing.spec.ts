import { type Page } from '@playwright/test';
import { expect, expectAxeClean, test } from './support';
import { nonceOf } from './session-helpers';

// Editing on the canvas (docs/editor.md): words edited in place, elements dragged within the canvas, the
// right-click menu, and the keyboard shortcuts with their sheet, each of them also from the keyboard alone;
// copy in one tab, paste into another page in another tab.

const heading = (id: string, title: string, settings: Record<string, unknown> = {}) => ({
  id,
  elType: 'widget',
  widgetType: 'heading',
  settings: { title, ...settings },
  elements: [],
});

async function editorFor(page: Page, title: string, elements: unknown[]): Promise<number> {
  const headers = { 'X-WP-Nonce': await nonceOf(page.request) };
  const created = await page.request.post('/wp-json/site/v1/documents', {
    data: { type: 'page', title: `${title} ${Date.now().toString(36)}` },
    headers,
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { id: number }).id;
  const tree = [{ id: `c${id}`.padEnd(6, '0').slice(0, 6), elType: 'container', settings: {}, elements }];
  expect((await page.request.post(`/wp-json/site/v1/documents/${id}/publish`, { data: { tree }, headers })).status()).toBe(200);
  await page.goto(`/editor/${id}`);
  await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
  return id;
}

const canvasOf = (page: Page) => page.frameLocator('iframe.editor-canvas-frame');
const rowsOf = (page: Page) => page.getByRole('navigation', { name: 'Navigator' }).locator('[data-node-id]');

// One tab per worker, signed in as the editor, with the HTTP cache on (`signedInPage`, e2e/support.ts).
test.use({ signedInAs: 'editor' });

test('a heading and a text are edited in place, by double click or from the keyboard (F2), and undo brings the words back', async ({
  signedInPage: page,
}) => {
  await editorFor(page, 'In place', [
    heading('ip0001', 'Fresh this week'),
    { id: 'ip0002', elType: 'widget', widgetType: 'text-editor', settings: { editor: '<p>Old words.</p>' }, elements: [] },
  ]);
  const canvas = canvasOf(page);
  const title = canvas.locator('[data-id="ip0001"] .elementor-heading-title');
  await title.dblclick();
  await expect(title).toHaveAttribute('contenteditable', 'plaintext-only');
  await expect(title).toBeFocused();
  await page.keyboard.type('Weekend picks'); // the words were selected: typing replaces them
  await page.keyboard.press('Enter');
  await expect(title).not.toHaveAttribute('contenteditable');
  await expect(title).toHaveText('Weekend picks');
  await rowsOf(page).filter({ hasText: 'Heading' }).click();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Weekend picks');

  // Keyboard only: select the text in the navigator, F2, type, Ctrl+Enter keeps it.
  const textRow = rowsOf(page).filter({ hasText: 'Text Editor' });
  await textRow.focus();
  await page.keyboard.press('Enter');
  // The settings panel's TinyMCE loaded first: given the words kept in place, it reports them back as a change,
  // which once became an undo step of its own, so the first Ctrl+Z below undid nothing visible (docs/editor.md).
  const richText = page.frameLocator('iframe[title$="Rich text area"]').locator('body');
  await expect(richText).toHaveText('Old words.');
  await page.keyboard.press('F2');
  const text = canvas.locator('[data-id="ip0002"] .elementor-text-editor');
  await expect(text).toHaveAttribute('contenteditable', 'true');
  await page.keyboard.type('New words for the weekend.');
  await page.keyboard.press('Control+Enter');
  await expect(text).toHaveText('New words for the weekend.');
  await expect(richText).toHaveText('New words for the weekend.');
  await expect(textRow).toBeFocused(); // the focus comes back where it was
  // Escape leaves the words as they were.
  await page.keyboard.press('F2');
  await page.keyboard.type('Thrown away');
  await page.keyboard.press('Escape');
  await expect(text).toHaveText('New words for the weekend.');
  // Undo, one step at a time.
  await page.keyboard.press('Control+z');
  await expect(text).toHaveText('Old words.');
  await page.keyboard.press('Control+z');
  await expect(title).toHaveText('Fresh this week');
});

test('an element dragged within the canvas moves there', async ({ signedInPage: page }) => {
  await editorFor(page, 'Canvas drag', [heading('dr0001', 'First'), heading('dr0002', 'Second'), heading('dr0003', 'Third')]);
  const canvas = canvasOf(page);
  const from = (await canvas.locator('[data-id="dr0003"]').boundingBox())!;
  const to = (await canvas.locator('[data-id="dr0001"]').boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + 2, { steps: 10 });
  await expect(canvas.locator('.editor-drop-indicator')).toBeVisible();
  await page.mouse.up();
  await expect(canvas.locator('.elementor-heading-title')).toHaveText(['Third', 'First', 'Second']);
  await expect(rowsOf(page)).toHaveText([/Container/, /Third/, /First/, /Second/]);
});

test('the right-click menu and Shift+F10 act on the element; the shortcuts do the same; the sheet lists them', async ({
  signedInPage: page,
}) => {
  await editorFor(page, 'Menu', [heading('mn0001', 'Apples', { _text_color: '#aa0000' }), heading('mn0002', 'Pears')]);
  const canvas = canvasOf(page);
  const titles = canvas.locator('.elementor-heading-title');
  await canvas.locator('[data-id="mn0001"]').click({ button: 'right' });
  const menu = page.getByRole('menu', { name: 'Heading: Apples actions' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem')).toHaveText([
    /Edit text/,
    /Duplicate/,
    /Copy/,
    /Paste/,
    /Paste style/,
    /Delete/,
    /Show in the navigator/,
  ]);
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  await expectAxeClean(page, 'element menu');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter'); // Duplicate
  await expect(titles).toHaveText(['Apples', 'Apples', 'Pears']);

  // Keyboard only: the navigator's row, Shift+F10, Delete from the menu.
  const row = rowsOf(page).nth(2);
  await row.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Shift+F10');
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('menuitem', { name: /Delete/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(titles).toHaveText(['Apples', 'Pears']);
  await expect(page.getByRole('menu')).toHaveCount(0);

  // The shortcuts: select Pears, Ctrl+D, Delete.
  await rowsOf(page).filter({ hasText: 'Pears' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+d');
  await expect(titles).toHaveText(['Apples', 'Pears', 'Pears']);
  await page.keyboard.press('Delete');
  await expect(titles).toHaveText(['Apples', 'Pears']);
  // Copy Apples' style onto Pears: Ctrl+C on Apples, Ctrl+Shift+V on Pears.
  await rowsOf(page).filter({ hasText: 'Apples' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+c');
  await rowsOf(page).filter({ hasText: 'Pears' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+Shift+v');
  await expect(canvas.locator('[data-id="mn0002"] .elementor-heading-title')).toHaveCSS('color', 'rgb(170, 0, 0)');
  await expect(titles).toHaveText(['Apples', 'Pears']); // the style, not the element

  // `?` opens the sheet, which lists every shortcut; Escape closes it.
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toBeVisible();
  for (const keys of ['Delete', 'Ctrl + D', 'Ctrl + C', 'Ctrl + V', 'Ctrl + Shift + V', 'Ctrl + E'])
    await expect(sheet.getByText(keys, { exact: true })).toBeVisible();
  await expectAxeClean(page, 'shortcuts sheet');
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
});

test('an element copied in one tab is pasted into another page in another tab', async ({ signedInPage: page }) => {
  await editorFor(page, 'Copy from', [heading('cp0001', 'Copied across tabs')]);
  await rowsOf(page).filter({ hasText: 'Copied across tabs' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+c');
  await expect(page.locator('.editor-statusbar').getByRole('status')).toContainText('Copied Heading: Copied across tabs');

  const other = await page.context().newPage();
  await editorFor(other, 'Paste into', [heading('cp0002', 'Already here')]);
  await rowsOf(other).filter({ hasText: 'Already here' }).focus();
  await other.keyboard.press('Enter');
  await other.keyboard.press('Control+v');
  await expect(canvasOf(other).locator('.elementor-heading-title')).toHaveText(['Already here', 'Copied across tabs']);
  // A fresh id: the pasted element is not the copied one.
  await expect(canvasOf(other).locator('[data-id="cp0001"]')).toHaveCount(0);
  await other.close();
});
