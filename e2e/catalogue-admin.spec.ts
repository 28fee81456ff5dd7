import { type Page } from '@playwright/test';
import sharp from 'sharp';
import { addDays, CHAIN_TIME_ZONE, storeDay } from '../core/shop/store-day';
import { circularDateLine } from '../core/circulars/dates';
import { expectAxeClean, JOURNEY, keepScreenshot, ownName, watchConsole, expect, test } from './support';

// The merchandiser's journey through the back office (docs/catalogue.md): sign in, add a store with holiday
// hours, add a product with an uploaded image and nutrition facts, price it at two stores with a sale at one,
// build next week's circular with it and publish it; then a shopper sees the right price at each store, the
// sale badge, the product's page with its nutrition facts and the ad with its dates. axe (every rule) on every back-office screen on the way.

/** Console errors other than the browser's note about an answer the test provoked on purpose (400). */
const unexpected = (errors: string[]) =>
  errors.filter((e) => !/Failed to load resource: the server responded with a status of 400/.test(e));

async function saved(page: Page, what: RegExp | string) {
  await expect(page.getByRole('status').first()).toHaveText(what);
}

test(
  'merchandiser journey: store with holiday hours, product with image and nutrition, two prices and a sale, next week’s ad, published; the shopper sees it',
  JOURNEY,
  async ({ page, browser }) => {
    test.setTimeout(300_000);
    const console = watchConsole(page);
    const storeName = ownName('Dayton Oregon District');
    const storeSlug = storeName.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const productName = ownName('Maple Pecan Granola');
    const productSlug = productName.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const today = storeDay(new Date(), CHAIN_TIME_ZONE);
    // Next week's ad: the Wednesday to Tuesday after this one.
    const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
    const adStart = addDays(today, ((3 - weekday + 7) % 7) + 7);
    const adEnd = addDays(adStart, 6);

    // Axe on the forms and their errors; the lists as first seen are the sweep's (e2e/axe-sweep.spec.ts).
    // Sign in: a merchandiser lands on the catalogue.
    await page.goto('/login');
    await page.getByLabel('Email').fill('merchandiser@harvestlane.test');
    await page.getByLabel('Password').fill('merchandiser-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/admin\/catalogue$/);
    await expect(page.getByRole('heading', { name: 'Catalogue: Products', level: 1 })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Products' })).toBeVisible();

    const form = page.locator('section.catalogue-form');
    // A store with holiday hours; a holiday that closes before it opens is refused next to the field first.
    await page.getByRole('navigation', { name: 'Catalogue' }).getByRole('link', { name: 'Stores' }).click();
    await expect(page.getByRole('table', { name: 'Stores' })).toContainText('Columbus Short North');
    await page.getByRole('button', { name: 'New store' }).click();
    await form.getByLabel('Name', { exact: true }).fill(storeName);
    await form.getByLabel('Slug (address of its page)').fill(storeSlug);
    await form.getByLabel('Store number').fill('140');
    await form.getByLabel('Street address').fill('400 E 5th St');
    await form.getByLabel('City').fill('Dayton');
    await form.getByLabel('State (two letters)').fill('OH');
    await form.getByLabel('ZIP code').fill('45402');
    await form.getByLabel('Phone').fill('(937) 555-0140');
    await form.getByLabel('Latitude').fill('39.7589');
    await form.getByLabel('Longitude').fill('-84.1916');
    await form.getByLabel(/Combined sales-tax rate/).fill('725');
    await page.getByRole('button', { name: 'Add holiday' }).click();
    await form.getByLabel('Day 1', { exact: true }).fill(`${today.slice(0, 4)}-12-25`);
    await page.getByRole('button', { name: 'Add holiday' }).click();
    await form.getByLabel('Day 2', { exact: true }).fill(`${today.slice(0, 4)}-12-24`);
    await form.getByLabel('Day 2 closed all day').uncheck();
    await form.getByLabel('Day 2 opens').fill('18:00');
    await form.getByLabel('Day 2 closes').fill('07:00');
    await page.getByRole('button', { name: 'Save store' }).click();
    await expect(page.locator('#store-holidays-1-close-error')).toHaveText('must close after it opens');
    await expect(form.getByLabel('Day 2 closes')).toHaveAttribute('aria-invalid', 'true');
    await expectAxeClean(page, 'store form with an error');
    await form.getByLabel('Day 2 opens').fill('07:00');
    await form.getByLabel('Day 2 closes').fill('18:00');
    await form.getByLabel('Day 2 note').fill('Christmas Eve: closes early');
    await page.getByRole('button', { name: 'Save store' }).click();
    await saved(page, `Saved store “${storeName}”.`);
    await expect(page.locator('#store-holidays-1-close-error')).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'History of this store' })).toContainText('create store');
    await expectAxeClean(page, 'store form');
    await keepScreenshot(page, 'catalogue-store', { fullPage: true });

    // A product with an uploaded image and nutrition facts.
    await page.getByRole('navigation', { name: 'Catalogue' }).getByRole('link', { name: 'Products' }).click();
    await page.getByRole('button', { name: 'New product' }).click();
    await form.getByLabel('Name', { exact: true }).fill(productName);
    await form.getByLabel('Slug (address of its page)').fill(productSlug);
    await form.getByLabel('Brand').fill('Harvest Lane');
    await form.getByLabel('Size', { exact: true }).fill('12');
    await form.getByLabel('Unit').selectOption('oz');
    await form.getByLabel('List price ($)').fill('5.49');
    await form.getByLabel('Description', { exact: true }).fill('Oven-baked oats with maple syrup and pecans.');
    await form.getByLabel('Ingredients').fill('Whole grain oats, maple syrup, pecans, sunflower oil, sea salt.');
    await page.getByRole('checkbox', { name: 'tree nuts' }).check();
    await form.getByLabel('SNAP eligible').check();
    await page.getByRole('button', { name: 'Add nutrition facts' }).click();
    await form.getByLabel('Serving size').fill('2/3 cup (55 g)');
    await form.getByLabel('Servings per container').fill('6');
    await form.getByLabel('Calories').fill('250');
    await form.getByLabel('Total fat (g)').fill('11');
    await form.getByLabel('Sodium (mg)').fill('95');
    await form.getByLabel('Total carbohydrate (g)').fill('34');
    await form.getByLabel('Protein (g)').fill('6');
    const png = await sharp({ create: { width: 900, height: 900, channels: 3, background: { r: 196, g: 140, b: 64 } } })
      .png()
      .toBuffer();
    await page
      .getByLabel('Upload an image (PNG, JPEG, GIF or WebP)')
      .setInputFiles({ name: 'granola.png', mimeType: 'image/png', buffer: png });
    await form.getByLabel('Image 1 description (alt text)').fill('A bag of maple pecan granola');
    const preview = page.locator('.catalogue-image img');
    await expect(preview).toHaveAttribute('srcset', /-160\.webp 160w, .*-320\.webp 320w, .*-640\.webp 640w/);
    await page.getByRole('button', { name: 'Save product' }).click();
    await saved(page, `Saved product “${productName}”.`);
    await expectAxeClean(page, 'product form');

    // Its price at the flagship and at the new store.
    await form.getByLabel('Store', { exact: true }).selectOption({ label: 'Columbus Short North' });
    await form.getByLabel('Price at this store ($)').fill('-5.49');
    await page.getByRole('button', { name: 'Save store price' }).click();
    await expect(page.locator('#price-price_cents-error')).toHaveText('must not be negative');
    await form.getByLabel('Price at this store ($)').fill('5.49');
    await form.getByLabel('Member price (empty: none) ($)').fill('4.99');
    await page.getByRole('button', { name: 'Save store price' }).click();
    await saved(page, 'Saved the store price.');
    await form.getByLabel('Store', { exact: true }).selectOption({ label: storeName });
    await form.getByLabel('Price at this store ($)').fill('5.99');
    await page.getByRole('button', { name: 'Save store price' }).click();
    const prices = page.getByRole('table', { name: 'Prices at each store' });
    await expect(prices.getByRole('row', { name: new RegExp(storeName) })).toContainText('$5.99');
    await expect(prices.getByRole('row', { name: /Columbus Short North/ })).toContainText('$4.99');
    await expectAxeClean(page, 'product prices');
    await keepScreenshot(page, 'catalogue-product', { fullPage: true });

    // A sale at the flagship only: one ending before it starts is refused first.
    await page.getByRole('navigation', { name: 'Catalogue' }).getByRole('link', { name: 'Promotions' }).click();
    await page.getByRole('button', { name: 'New promotion' }).click();
    await form.getByLabel('Product name or UPC').fill(productName);
    await page.getByRole('button', { name: 'Find product' }).click();
    await page.getByRole('button', { name: 'Use this product' }).click();
    await expect(page.getByText(`Product: ${productName}`)).toBeVisible();
    await form.getByLabel('Sale price ($)').fill('4.49');
    await form.getByLabel('First day').fill(addDays(today, 2));
    await form.getByLabel('Last day').fill(today);
    await page.getByRole('checkbox', { name: 'Columbus Short North' }).check();
    await page.getByRole('button', { name: 'Save promotion' }).click();
    await expect(page.locator('#promotion-end_date-error')).toHaveText('must not be before the start date');
    await expectAxeClean(page, 'promotion form with an error');
    await form.getByLabel('First day').fill(today);
    await form.getByLabel('Last day').fill(addDays(today, 13));
    await page.getByRole('button', { name: 'Save promotion' }).click();
    await saved(page, 'Saved the promotion.');
    await expect(page.getByRole('table', { name: 'Promotions' })).toContainText(productName);

    // Next week's circular with the product, published.
    await page.getByRole('navigation', { name: 'Catalogue' }).getByRole('link', { name: 'Circulars' }).click();
    await page.getByRole('button', { name: 'New circular' }).click();
    const adTitle = ownName('Next week’s ad');
    const adSlug = adTitle.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    await form.getByLabel('Title', { exact: true }).fill(adTitle);
    await form.getByLabel('Slug (address: /circulars/…)').fill(adSlug);
    await form.getByLabel('Prices from').fill(adStart);
    await form.getByLabel('Prices until').fill(adEnd);
    await form.getByLabel('Product name or UPC').fill(productName);
    await page.getByRole('button', { name: 'Find product' }).click();
    await page.getByRole('button', { name: 'Use this product' }).click();
    await form.getByLabel(`Ad price of ${productName} ($)`).fill('3.99');
    await page.getByRole('button', { name: 'Publish circular' }).click();
    await saved(page, `Saved circular “${adTitle}” and published it.`);
    await expect(page.getByRole('table', { name: 'Circulars' }).getByRole('row', { name: new RegExp(adTitle) })).toContainText('Published');
    await expectAxeClean(page, 'circular form');

    // The other screens: departments, coupons, recipes, each list and form.
    for (const [section, button] of [
      ['Departments', 'New department'],
      ['Coupons', 'New coupon'],
      ['Recipes', 'New recipe'],
    ] as const) {
      await page.getByRole('navigation', { name: 'Catalogue' }).getByRole('link', { name: section }).click();
      await expect(page.getByRole('table', { name: section })).toBeVisible();
      await page.getByRole('button', { name: button }).click();
      await expectAxeClean(page, `${section} form`);
    }
    expect(unexpected(console.errors)).toEqual([]);

    // The shopper: the sale at the flagship with its badge, the plain price at the new store, the ad with its dates.
    const shopper = await (await browser.newContext()).newPage();
    const storeId = await page.evaluate(async (name) => {
      const nonce = (JSON.parse(document.getElementById('site-config')!.textContent!) as { nonce: string }).nonce;
      const r = await fetch(`/api/admin/v1/catalogue/stores?q=${encodeURIComponent(name)}`, { headers: { 'x-wp-nonce': nonce } });
      return ((await r.json()) as { items: Array<{ id: number }> }).items[0].id;
    }, storeName);
    const card = async (store: number) => {
      await shopper.goto(`/shop#!/?store_id=${store}&q=${encodeURIComponent(productName)}`);
      const shop = shopper.locator('[data-island="shop"]');
      // The shop hydrates when the visitor reaches for it (react-app/islands/hydration.ts), once its loader watches it.
      await expect(shop).toHaveAttribute('data-hydrated');
      await shop.dispatchEvent('pointerover');
      await expect(shop).toHaveAttribute('data-hydrated', 'true');
      return shop.locator('.product-card', { hasText: productName });
    };
    const flagship = await card(1001);
    await expect(flagship.locator('.product-card__price strong')).toHaveText('$4.49');
    await expect(flagship.locator('.price__badge')).toHaveText('Sale');
    await expect(flagship.locator('.price__was')).toHaveText('$5.49');
    const img = flagship.locator('img');
    await expect(img).toHaveAttribute('srcset', /-160\.webp 160w/);
    await expect(img).toHaveAttribute('width', '160');
    await expect(img).toHaveAttribute('height', '160');
    await keepScreenshot(shopper, 'catalogue-shopper-sale');
    const dayton = await card(storeId);
    await expect(dayton.locator('.product-card__price strong')).toHaveText('$5.99');
    await expect(dayton.locator('.price__badge')).toHaveCount(0);

    // The product's page (the SEO area's): the uploaded image through its sizes, and the nutrition facts typed.
    await shopper.goto(`/products/${productSlug}`);
    await expect(shopper.getByRole('heading', { name: productName, level: 1 })).toBeVisible();
    await expect(shopper.locator('.product-page__gallery img')).toHaveAttribute('srcset', /-640\.webp 640w/);
    const facts = shopper.getByRole('table').filter({ has: shopper.getByRole('rowheader', { name: 'Calories' }) });
    await expect(facts.getByRole('row', { name: /Calories/ })).toContainText('250');
    await expect(facts.getByRole('row', { name: /Serving size/ })).toContainText('2/3 cup (55 g)');

    await shopper.goto(`/circulars/${adSlug}`);
    await expect(shopper.getByRole('heading', { name: adTitle })).toBeVisible();
    await expect(shopper.getByText(circularDateLine({ start_date: adStart, end_date: adEnd }))).toBeVisible();
    await expect(shopper.getByText(productName)).toBeVisible();
    await expect(shopper.getByText('$3.99')).toBeVisible();
    await shopper.context().close();
  },
);
