import { expect, expectNoAxeViolations, newTab, ownName, test, watchConsole } from './support';
import { nonceOf } from './session-helpers';

// The Product Grid's hand-picked products are chosen by name (docs/editor.md, "Product picker"): a combobox over
// the editor's product search, by mouse or keyboard alone, and the page shows the chosen products in that order.
// A contributor's documents screen offers only what the role may do (docs/editor.md, "Roles and approval").

test.describe(() => {
  // One tab per worker and role, signed in, with the HTTP cache on (`signedInPage`, e2e/support.ts).
  test.use({ signedInAs: 'editor' });
  test('products are picked by name from the keyboard, listed in order, removable, and shown on the page', async ({
    signedInPage: page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const console = watchConsole(page);
    const headers = { 'X-WP-Nonce': await nonceOf(page.request) };
    const created = await page.request.post('/wp-json/site/v1/documents', { data: { type: 'page', title: ownName('Picked') }, headers });
    const doc = (await created.json()) as { id: number; slug: string };
    const grid = {
      id: 'pk0001',
      elType: 'widget',
      widgetType: 'product-grid',
      settings: { title: 'Our picks', source: 'picked' },
      elements: [],
    };
    const tree = [{ id: 'pk0000', elType: 'container', settings: {}, elements: [grid] }];
    expect((await page.request.post(`/wp-json/site/v1/documents/${doc.id}/publish`, { data: { tree }, headers })).status()).toBe(200);

    await page.goto(`/editor/${doc.id}`);
    await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
    await page
      .getByRole('navigation', { name: 'Navigator' })
      .getByRole('button', { name: /^Product Grid/ })
      .click();
    const picker = page.getByRole('combobox', { name: 'Products picked by hand' });
    await expect(page.getByText('No products chosen yet.')).toBeVisible();

    // Keyboard only: type, Down, Enter.
    await picker.focus();
    await page.keyboard.type('apple');
    const options = page.getByRole('listbox', { name: 'Matching products' }).getByRole('option');
    await expect(options.first()).toBeVisible();
    await expect(picker).toHaveAttribute('aria-expanded', 'true');
    await expectNoAxeViolations(page);
    await page.keyboard.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(picker).toHaveAttribute('aria-activedescendant', (await options.nth(1).getAttribute('id'))!);
    const second = (await options.nth(1).textContent())!.split(' · ')[0];
    await page.keyboard.press('Enter');
    const chosen = page.getByRole('list', { name: 'Chosen products' }).getByRole('listitem');
    await expect(chosen).toHaveCount(1);
    await expect(chosen.first()).toContainText(second);
    await expect(picker).toBeFocused();
    await expect(picker).toHaveValue('');

    // A second by mouse, then Escape closes a list without choosing.
    await picker.fill('milk');
    await expect(options.first()).toBeVisible();
    const milk = (await options.first().textContent())!.split(' · ')[0];
    await options.first().click();
    await expect(chosen).toHaveCount(2);
    await picker.fill('bread');
    await expect(options.first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox', { name: 'Matching products' })).toBeHidden();
    await expect(chosen).toHaveCount(2);

    // Remove the first; publish; the page shows the one left.
    await chosen
      .first()
      .getByRole('button', { name: /^Remove / })
      .click();
    await expect(chosen).toHaveCount(1);
    await expect(chosen.first()).toContainText(milk);
    const published = page.waitForResponse((r) => r.request().method() === 'POST' && /\/documents\/\d+\/publish$/.test(r.url()));
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    expect((await published).status()).toBe(200);

    const visitor = await newTab(browser);
    await visitor.goto(`/${doc.slug}`);
    const cards = visitor.locator('[data-id="pk0001"]');
    await expect(cards).toContainText(milk.split(',')[0]);
    await expect(cards).not.toContainText(second.split(',')[0]);
    expect(console.errors).toEqual([]);
  });
});

test.describe(() => {
  // One tab per worker and role, signed in, with the HTTP cache on (`signedInPage`, e2e/support.ts).
  test.use({ signedInAs: 'contributor' });
  test('a contributor is offered no Trash, Restore or Rename of a live page, on the documents screen or in the editor', async ({
    signedInPage: page,
  }) => {
    await page.goto('/admin/documents');
    const table = page.getByRole('table', { name: 'Documents' });
    const home = table.getByRole('row').filter({ has: page.getByRole('link', { name: 'Home', exact: true }) });
    await expect(home.getByRole('button', { name: /^Duplicate/ })).toBeVisible();
    await expect(table.getByRole('button', { name: /^Trash / })).toHaveCount(0);
    await expect(home.getByRole('button', { name: /^Rename/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
    // In the editor, the live page's title and address are read-only for the contributor, and it is said why.
    await home.getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
    await page.getByRole('button', { name: 'Page settings' }).click();
    const title = page.getByRole('form', { name: 'Page settings' }).getByLabel('Title', { exact: true });
    await expect(title).toHaveAttribute('readonly', '');
    await expect(title).toHaveAccessibleDescription('Its title and address are live: someone who publishes renames it.');
    await expectNoAxeViolations(page);
  });
});
