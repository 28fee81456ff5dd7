import { expectNoAxeViolations, keepScreenshot, watchConsole, expect, test } from './support';

// One tab per worker and role, signed in, with the HTTP cache on (`signedInPage`, e2e/support.ts).
test.use({ signedInAs: 'admin' });

// The feed import screen, as a merchandiser uses it: a products file of 1,000 rows with 3 bad ones. The dry
// run lists the 3 with line, column and message; nothing is applied, and Apply stays off until the rows are
// fixed (a new upload) or skipped. Applying itself is covered by the API tests (server/routes/admin/imports.test.ts),
// so this shared e2e database keeps its catalogue.

const ROWS = 1000;
const base = 990000000000 + (Date.now() % 100_000) * 10_000;
function productsFile(bad: boolean): string {
  const lines = ['upc,name,department,price,brand'];
  for (let i = 0; i < ROWS; i++) {
    const line = i + 2; // the header is line 1
    let price = `${(1 + (i % 50) / 10).toFixed(2)}`;
    let department = 'bakery';
    let upc = String(base + i);
    if (bad && line === 101) price = '-2.00';
    if (bad && line === 502) department = 'no-such-aisle';
    if (bad && line === 903) upc = '12ab';
    lines.push(`${upc},Import test loaf ${i},${department},${price},Harvest Lane`);
  }
  return lines.join('\n');
}

test('a dry run lists the 3 bad rows of 1,000 with line, column and message, and applies nothing until they are fixed or skipped', async ({
  signedInPage: page,
}) => {
  test.setTimeout(120_000);
  const console = watchConsole(page);
  await page.goto('/admin/imports');
  await expect(page.getByRole('heading', { name: 'Feed imports', level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);

  // Uploading without a file says so next to the field.
  await page.getByRole('button', { name: 'Upload for a dry run' }).click();
  await expect(page.getByLabel('File (CSV with a header line, or JSON Lines)')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#import-file-error')).toHaveText('Choose a CSV or JSON Lines file.');

  await page.getByLabel('What the file holds').selectOption('products');
  await page
    .getByLabel('File (CSV with a header line, or JSON Lines)')
    .setInputFiles({ name: 'loaves.csv', mimeType: 'text/csv', buffer: Buffer.from(productsFile(true)) });
  await page.getByRole('button', { name: 'Upload for a dry run' }).click();
  await expect(page.getByRole('status')).toHaveText('loaves.csv: Dry run.', { timeout: 60_000 });
  const rejected = page.getByRole('table', { name: 'Rejected rows (3)' });
  await expect(rejected.getByRole('row')).toHaveCount(4);
  await expect(rejected.getByRole('row').nth(1)).toHaveText(['101', 'price', 'must not be negative'].join(''));
  await expect(rejected.getByRole('row').nth(2)).toHaveText(['502', 'department', 'no department has the slug "no-such-aisle"'].join(''));
  await expect(rejected.getByRole('row').nth(3)).toHaveText(['903', 'upc', 'must be 8 to 14 digits'].join(''));
  const difference = page.getByRole('table', { name: 'Difference with the catalogue' });
  await expect(difference.getByRole('row').nth(1)).toHaveText(['997', '0', '0', '—', '3'].join(''));
  await expectNoAxeViolations(page);
  await keepScreenshot(page, 'imports-dry-run', { fullPage: true });

  // Apply waits until the rows are skipped.
  const apply = page.getByRole('button', { name: 'Apply this file' });
  await expect(apply).toBeDisabled();
  await page.getByLabel(/Skip the 3 rejected rows/).check();
  await expect(apply).toBeEnabled();
  await page.getByLabel(/Skip the 3 rejected rows/).uncheck();
  await expect(apply).toBeDisabled();

  // The fixed file: no rejected rows, and Apply is offered at once. All 1,000 rows are still new: the first
  // dry run applied none of its 997 good ones.
  await page
    .getByLabel('File (CSV with a header line, or JSON Lines)')
    .setInputFiles({ name: 'loaves-fixed.csv', mimeType: 'text/csv', buffer: Buffer.from(productsFile(false)) });
  await page.getByRole('button', { name: 'Upload for a dry run' }).click();
  await expect(page.getByRole('status')).toHaveText('loaves-fixed.csv: Dry run.', { timeout: 60_000 });
  await expect(page.getByRole('table', { name: /Rejected rows/ })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Difference with the catalogue' }).getByRole('row').nth(1)).toHaveText(
    ['1000', '0', '0', '—', '0'].join(''),
  );
  await expect(apply).toBeEnabled();

  // The history lists both dry runs: who, file and counts.
  const history = page.getByRole('table', { name: 'Imports, newest first' });
  await expect(history.getByRole('row').filter({ hasText: 'loaves-fixed.csv' }).first()).toContainText('1000 new, 0 changed');
  await expect(history.getByRole('row').filter({ hasText: 'loaves.csv' }).first()).toContainText('3 rejected');
  await expectNoAxeViolations(page);
  expect(console.errors).toEqual([]);
});
