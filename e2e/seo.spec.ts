import { type Page } from '@playwright/test';
import { openAtStore } from './editor-session';
import { nonceOf } from './session-helpers';
import { expectNoAxeViolations, ownName, watchConsole, expect, test, publishedStatus } from './support';

// Issue 34 (docs/seo.md): an editor gives a page its SEO title and description, sees the search-result preview,
// publishes, and the page's head carries them; a new slug keeps the old link working; the redirects screen and
// the 404 page are usable and axe-clean.

async function createPage(page: Page, title: string): Promise<{ id: number; slug: string }> {
  const nonce = await nonceOf(page.request);
  const r = await page.request.post('/wp-json/site/v1/documents', { headers: { 'X-WP-Nonce': nonce }, data: { type: 'page', title } });
  expect(r.status(), await r.text()).toBe(201);
  return (await r.json()) as { id: number; slug: string };
}

test.describe(() => {
  // One tab per worker and role, signed in, with the HTTP cache on (`signedInPage`, e2e/support.ts).
  test.use({ signedInAs: 'editor' });
  test('an editor sets the SEO title and description, sees the preview, publishes; a new slug keeps the old link working', async ({
    signedInPage: page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const console = watchConsole(page);
    // The redirects screen as it opens: checked (heading, axe) by the redirects test below, which opens it first.
    const doc = await createPage(page, ownName('Autumn baking'));

    await page.goto(`/editor/${doc.id}`);
    await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
    const palette = page.getByRole('list', { name: 'Widgets to add' });
    await palette.getByRole('button', { name: 'Container', exact: true }).click();
    await palette.getByRole('button', { name: 'Heading', exact: true }).click();
    await page.getByLabel('Title', { exact: true }).fill('Baking season is here');

    await page.getByRole('button', { name: 'Page settings' }).click();
    const settings = page.getByRole('form', { name: 'Page settings' });
    const seoTitle = 'Autumn baking supplies and recipes';
    const description = 'Flour, butter, spices and apples for autumn baking, with recipes and weekly deals from Harvest Lane.';
    await settings.getByLabel('SEO title').fill(seoTitle);
    await settings.getByLabel('Meta description').fill('Too short.');
    await expect(settings.locator('[data-seo-hint]')).toHaveAttribute('data-seo-hint', 'short');
    await settings.getByLabel('Meta description').fill(description);
    await expect(settings.locator('[data-seo-hint]')).toHaveAttribute('data-seo-hint', 'good');
    const preview = settings.getByRole('figure', { name: 'Search result preview' });
    await expect(preview).toContainText(`${seoTitle} | Harvest Lane`);
    await expect(preview).toContainText(description);
    await expect(preview).toContainText(`/${doc.slug}`);
    // A canonical address on another site is refused next to its field, before and by the server.
    await settings.getByLabel('Canonical address').fill('https://evil.example/page');
    await expect(settings.getByText(/must be on this site/)).toBeVisible();
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expect(settings.getByLabel('Canonical address')).toHaveAttribute('aria-invalid', 'true');
    await settings.getByLabel('Canonical address').fill('');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expect(settings.getByRole('status').filter({ hasText: 'Settings saved to the draft.' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(publishedStatus(page)).toBeVisible();

    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/${doc.slug}`);
    await expect(visitor).toHaveTitle(`${seoTitle} | Harvest Lane Market`);
    await expect(visitor.locator('head meta[name="description"]')).toHaveAttribute('content', description);
    await expect(visitor.locator('head link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/${doc.slug}$`));
    await expect(visitor.locator('head meta[property="og:title"]')).toHaveAttribute('content', seoTitle);

    // A new address: the old link still arrives, by a 301.
    await settings.getByLabel('Slug').fill(`${doc.slug}-2026`);
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expect(settings.getByRole('status').filter({ hasText: 'Settings saved to the draft.' })).toBeVisible();
    const answer = await visitor.request.get(`/${doc.slug}`, { maxRedirects: 0 });
    expect(answer.status()).toBe(301);
    await visitor.goto(`/${doc.slug}`);
    await expect(visitor).toHaveURL(new RegExp(`/${doc.slug}-2026$`));
    await expect(visitor.getByRole('heading', { name: 'Baking season is here' })).toBeVisible();
    await expectNoAxeViolations(visitor);

    // The redirects screen lists it; an unknown address is a helpful 404.
    await page.goto('/admin/redirects');
    await expect(page.getByRole('cell', { name: `/${doc.slug}`, exact: true })).toBeVisible();
    const missing = await visitor.goto('/no-such-aisle');
    expect(missing?.status()).toBe(404);
    await expect(visitor.getByRole('search', { name: 'Search the site' })).toBeVisible();
    await expect(visitor.getByRole('link', { name: 'Find a store near you' })).toBeVisible();
    // Axe: home.spec.ts checks the 404 page, anonymous on the desktop, as here.
    await visitorContext.close();
    // The refused save is the only error the editor's browser logged.
    expect(console.errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
  });
});

test('a product page: a crawler sees the price range, a shopper their store’s price and Add, which puts it in the cart', async ({
  page,
}) => {
  const console = watchConsole(page);
  // Search results link to the product's own page.
  await page.goto('/search?s=honeycrisp');
  const link = page.locator('.search-products .product-card__link').first();
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/products\/[a-z0-9-]+$/);
  await page.goto(href!);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.product-page__range')).toContainText('Choose your store');
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${href}$`));
  await expectNoAxeViolations(page);

  await openAtStore(page, 1001, href!);
  await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
  await expect(page.locator('.product-page__store')).toBeVisible();
  const add = page.locator('.product-page [data-stepper="add"]');
  await add.click();
  await expect(page.locator('.product-page [data-stepper="plus"]')).toBeVisible();
  await expectNoAxeViolations(page);
  expect(console.errors).toEqual([]);
});

test.describe(() => {
  // One tab per worker and role, signed in, with the HTTP cache on (`signedInPage`, e2e/support.ts).
  test.use({ signedInAs: 'editor' });
  test('the redirects screen imports a CSV after a dry run; a loop is reported and refused next to the CSV field', async ({
    signedInPage: page,
  }) => {
    test.setTimeout(120_000);
    await page.goto('/admin/redirects');
    await expect(page.getByRole('heading', { name: 'Redirects', level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
    const from = `/old-site-${Date.now().toString(36)}`;
    const csv = page.getByLabel('CSV', { exact: true });
    await csv.fill(`old,new\n${from}/a,${from}/b\n${from}/b,${from}/a\n`);
    await page.getByRole('button', { name: 'Dry run' }).click();
    const report = page.getByRole('table', { name: 'Dry run report' });
    await expect(report.locator('tr[data-refused="yes"]')).toHaveCount(2);
    await expect(report).toContainText('redirect loop');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.locator('#redirect-csv-error')).toContainText('Nothing was imported: 2 rows refused');
    await expect(csv).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);

    await csv.fill(`${from}/weekly-specials,/circulars/weekly-ad\n`);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Imported 1 redirect.' })).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Redirects', exact: true }).getByRole('cell', { name: `${from}/weekly-specials`, exact: true }),
    ).toBeVisible();
    const moved = await page.request.get(`${from}/weekly-specials`, { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers().location).toBe('/circulars/weekly-ad');
    await page.getByRole('button', { name: `Remove the redirect from ${from}/weekly-specials` }).click();
    await expect(page.getByRole('status').filter({ hasText: `Removed the redirect from ${from}/weekly-specials.` })).toBeVisible();
  });
});
