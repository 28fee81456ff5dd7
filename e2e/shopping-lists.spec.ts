import { expect, test, expectNoAxeViolations, keepScreenshot, ownName, watchConsole, ON_EVERY_DEVICE } from './support';

// Shopping lists as a shopper, keyboard only where it matters: add a product to a new list from its page, keep a
// second list, rename and delete it, then add the whole list to the cart. Axe clean at each step, desktop and phone.

const unexpected = (errors: string[]) => errors.filter((e) => !/status of 40[019]/.test(e));

// One tab per worker and role, signed in, with the HTTP cache on (`signedInPage`, e2e/support.ts).
test.use({ signedInAs: 'casey' });

test(
  `shopping lists: add from the product page, rename, delete, add all to cart`,
  ON_EVERY_DEVICE,
  async ({ signedInPage: page, device }) => {
    const console = watchConsole(page);
    const shop = page.locator('[data-island="shop"]');
    // The account keeps the lists of the other viewport's run and of earlier repeats.
    const run = ownName(device);
    const listName = `Weekly shop ${run}`;

    // From the product page, with the keyboard: open "Add to list", name a new list, submit.
    await page.goto('/shop#!/product/5000?store_id=1001');
    await expect(shop.getByRole('heading', { name: 'Honeycrisp Apples' })).toBeVisible();
    const open = shop.getByRole('button', { name: 'Add to list' });
    await open.focus();
    await page.keyboard.press('Enter');
    await expect(open).toHaveAttribute('aria-expanded', 'true');
    // Earlier runs may have made lists already: choose a new one.
    await shop.getByLabel('List', { exact: true }).selectOption('new');
    const name = shop.getByLabel('Name of the new list');
    // An empty name is refused next to the field.
    await shop.getByRole('button', { name: 'Add Honeycrisp Apples', exact: true }).click();
    await expect(shop.getByRole('alert')).toHaveText('Give the list a name.');
    await name.focus();
    await page.keyboard.type(listName);
    await page.keyboard.press('Enter');
    await expect(shop.locator('.add-to-list__notice')).toHaveText(`Added Honeycrisp Apples to ${listName}.`);
    await expectNoAxeViolations(page);

    // The account's lists: a second list, renamed, then deleted.
    await page.goto('/shop#!/lists?store_id=1001');
    await expect(shop.getByRole('heading', { name: 'Shopping Lists' })).toBeVisible();
    const weekly = shop.locator('.shopping-list', { has: page.getByRole('heading', { name: listName }) });
    await expect(weekly).toContainText('1 × Honeycrisp Apples · $2.09');
    await shop.getByLabel('New list').fill(`Party ${run}`);
    await shop.getByRole('button', { name: 'Create list' }).click();
    const party = shop.locator('.shopping-list', { has: page.getByRole('heading', { name: `Party ${run}` }) });
    await expect(party).toContainText('No products yet');
    await party.getByRole('button', { name: 'Rename' }).click();
    await party.getByLabel(`New name for Party ${run}`).fill(`Birthday ${run}`);
    await party.getByRole('button', { name: 'Save name' }).click();
    const birthday = shop.locator('.shopping-list', { has: page.getByRole('heading', { name: `Birthday ${run}` }) });
    await expect(birthday).toBeVisible();
    await expectNoAxeViolations(page);
    await birthday.getByRole('button', { name: 'Delete list' }).click();
    await expect(birthday).toHaveCount(0);

    // Add the whole list to the cart: the header cart follows.
    const before = Number((await page.locator('[data-header-cart] .header-cart__count').textContent()) || 0);
    await weekly.getByRole('button', { name: 'Add all to cart' }).click();
    await expect(weekly.locator('.shopping-list__notice')).toHaveText('Added 1 product to your cart.');
    await expect(page.locator('[data-header-cart] .header-cart__count')).toHaveText(String(before + 1));
    await expectNoAxeViolations(page);
    await keepScreenshot(page, `shopping-lists-${device}`, { fullPage: true });
    expect(unexpected(console.errors)).toEqual([]);
  },
);
