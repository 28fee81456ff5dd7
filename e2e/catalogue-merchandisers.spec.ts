import { expect, test } from '@playwright/test';
import { expectAxeClean, watchConsole } from './support';

// An administrator grants the merchandiser role to an account and takes it away again (docs/catalogue.md,
// "Merchandisers"); an unknown email is refused next to the field. axe on the screen in each state.

test('an administrator grants and removes the merchandiser role', async ({ page }) => {
  const console = watchConsole(page);
  await page.goto('/login');
  await page.getByLabel('Email').fill('admin@harvestlane.test');
  await page.getByLabel('Password').fill('admin-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto('/admin/catalogue/merchandisers');
  await expect(page.getByRole('heading', { name: 'Catalogue: Merchandisers', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Merchandisers' });
  await expect(table).toContainText('merchandiser@harvestlane.test');
  await expectAxeClean(page, 'merchandisers list');

  const email = page.getByLabel('Account email');
  await email.fill('nobody@harvestlane.test');
  await page.getByRole('button', { name: 'Grant' }).click();
  await expect(page.locator('#merchandiser-email-error')).toContainText('No account has this email address.');
  await expectAxeClean(page, 'unknown email refused');

  await email.fill('jordan@example.test');
  await page.getByRole('button', { name: 'Grant' }).click();
  await expect(table).toContainText('jordan@example.test');
  await page.getByRole('button', { name: 'Remove the merchandiser role from jordan@example.test' }).click();
  await expect(page.getByRole('status').first()).toContainText('is no longer a merchandiser');
  await expect(table).not.toContainText('jordan@example.test');
  expect(console.errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
});
