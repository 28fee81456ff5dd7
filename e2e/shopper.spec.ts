import { type Page } from '@playwright/test';
import { circularDateLine } from '../core/circulars/dates';
import { demoAdWeek } from '../core/shop/ad-week';
import { expectNoAxeViolations, keepScreenshot, watchConsole, JOURNEY, ON_PHONE, expect, test, reachIsland } from './support';
import { nonceOf, resetShopper } from './session-helpers';

/** Console errors other than the browser's note about an answer the test provoked on purpose (400/401). */
const unexpected = (errors: string[]) =>
  errors.filter((e) => !/Failed to load resource: the server responded with a status of 40[01]/.test(e));

const hash = (page: Page, h: string) => page.evaluate((value) => (location.hash = value), h);

test('shop journey: pick a store, cart kept through sign-in, favorites, pickup order, account', JOURNEY, async ({ page }) => {
  const console = watchConsole(page);
  await resetShopper(page, 'casey');
  await page.goto('/store/store-locator');
  await reachIsland(page.locator('[data-island="store-picker"]'));
  await page.locator('.store-card', { hasText: 'Columbus Short North' }).getByRole('button', { name: 'Make This My Store' }).click();
  await expect(page.locator('.store-card', { hasText: 'Columbus Short North' }).getByText('My Store')).toBeVisible();

  await page.goto('/shop');
  const shop = page.locator('[data-island="shop"]');
  // The shop hydrates when the visitor reaches for it (react-app/islands/hydration.ts), once its loader watches it.
  await expect(shop).toHaveAttribute('data-hydrated');
  await shop.dispatchEvent('pointerover');
  await expect(shop).toHaveAttribute('data-hydrated', 'true');
  await expect(shop.locator('.shop-bar__store')).toContainText('Columbus Short North');
  await expect(shop.getByRole('navigation', { name: 'Departments' }).getByRole('link', { name: 'Produce' })).toBeVisible();
  await expect(shop.locator('.product-card').first()).toBeVisible();
  await expectNoAxeViolations(page);

  // Department, search, sort.
  await shop.getByRole('navigation', { name: 'Departments' }).getByRole('link', { name: 'Dairy & Eggs' }).click();
  await expect(page).toHaveURL(/#!\/\?store_id=1001&department=\d+/);
  await shop.getByLabel('Search products').fill('milk');
  await shop.getByRole('button', { name: 'Search' }).click();
  await expect(shop.locator('.shop-count')).toContainText('for “milk”');
  await shop.getByLabel('Sort by').selectOption('price_desc');
  await expect(page).toHaveURL(/sort=price_desc/);
  const prices = await shop.locator('.product-card__price strong').allInnerTexts();
  const cents = prices.map((p) => Number(p.replace(/[^\d]/g, '')));
  expect(cents).toEqual([...cents].sort((a, b) => b - a));

  // Anonymous cart.
  await shop.getByRole('button', { name: 'Add to cart, Whole Milk', exact: true }).click();
  await expect(shop.locator('.cart-count')).toHaveText('1');
  await shop.getByRole('button', { name: 'Add to cart, Oat Milk', exact: true }).click();
  await expect(shop.locator('.cart-count')).toHaveText('2');
  await shop.getByRole('link', { name: 'Oat Milk', exact: true }).click();
  await expect(shop.getByRole('heading', { name: 'Oat Milk', level: 2 })).toBeVisible();
  await keepScreenshot(page, 'shop-product', { fullPage: true });

  // Favorites need an account.
  await shop.getByRole('button', { name: 'Favorite Oat Milk', exact: true }).click();
  await expect(shop.locator('.shop-notice')).toContainText('Sign in to keep favorites.');

  // Sign in: the cart is kept.
  await shop.locator('.shop-bar').getByRole('link', { name: 'Sign in' }).click();
  await shop.getByLabel('Email').fill('casey@example.test');
  await shop.getByLabel('Password').fill('wrong-password');
  await shop.getByRole('button', { name: 'Sign in' }).click();
  await expect(shop.getByRole('alert')).toContainText('The email or password is incorrect.');
  await shop.getByLabel('Password').fill('casey-password');
  await shop.getByRole('button', { name: 'Sign in' }).click();
  await expect(shop.getByRole('heading', { name: 'My Account' })).toBeVisible();
  await expect(shop.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'My Account' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(shop.locator('.cart-count')).toHaveText('2');
  await expect(page.locator('.account-link')).toContainText('Hi, Casey');
  await expectNoAxeViolations(page);

  // Favorites.
  await hash(page, '#!/?store_id=1001&q=apples');
  await shop.getByRole('button', { name: 'Favorite Honeycrisp Apples', exact: true }).click();
  await expect(shop.getByRole('button', { name: 'Favorite Honeycrisp Apples', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await shop.getByRole('button', { name: 'Favorite Gala Apples', exact: true }).click();
  await expect(shop.getByRole('button', { name: 'Favorite Gala Apples', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/shop#!/?filter=is_favorite');
  await expect(shop.getByRole('heading', { name: 'My Favorites' })).toBeVisible();
  await expect(shop.locator('.product-card__name')).toHaveText(['Gala Apples', 'Honeycrisp Apples']);
  await keepScreenshot(page, 'shop-favorites', { fullPage: true });
  await expectNoAxeViolations(page);

  // Cart and pickup order.
  await shop.locator('.shop-bar__cart').click();
  await expect(shop.locator('.cart-line')).toHaveCount(2);
  await shop.getByLabel('Quantity of Whole Milk').selectOption('3');
  await expect(shop.locator('.cart-total')).toContainText('4 items');
  await expect(shop.getByRole('heading', { name: 'Pickup at Columbus Short North' })).toBeVisible();
  await expectNoAxeViolations(page);
  // A pickup window: choosing one holds it.
  const held = page.waitForResponse((r) => r.url().includes('/api/shop/v1/pickup-hold') && r.request().method() === 'PUT');
  await shop.getByRole('radio', { name: /^10–11 AM/ }).check();
  expect((await held).status()).toBe(200);
  await keepScreenshot(page, 'shop-cart', { fullPage: true });
  await shop.getByRole('button', { name: 'Place pickup order' }).click();
  await expect(shop.getByRole('heading', { name: 'Orders' })).toBeVisible();
  await expect(shop.getByText(/Order #\d+ is placed/)).toBeVisible();
  const order = shop.locator('.order-card').first();
  await expect(order).toContainText('Pickup at Columbus Short North');
  await expect(order).toContainText('10–11 AM');
  // A placed order can still change: its quantities are choices.
  await expect(order.getByLabel(/^Quantity of Whole Milk in order \d+$/)).toHaveValue('3');
  await expect(shop.locator('.cart-count')).toHaveText('0');
  await keepScreenshot(page, 'shop-orders', { fullPage: true });

  // The account keeps the order after a reload; profile edits save.
  await page.reload();
  await expect(
    shop
      .locator('.order-card')
      .first()
      .getByLabel(/^Quantity of Whole Milk in order \d+$/),
  ).toHaveValue('3');
  await shop.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Profile' }).click();
  await shop.getByLabel('Name').fill('');
  await shop.getByRole('button', { name: 'Save' }).click();
  await expect(shop.locator('#profile-name-error')).toHaveText('Enter your name.');
  await expectNoAxeViolations(page);

  // Sign out.
  await shop.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Sign Out' }).click();
  // Opening the page does not sign out (a cross-site link to #!/sign-out could): the button does.
  await expect(page.locator('.account-link')).not.toContainText('Sign in');
  await shop.getByRole('button', { name: 'Sign out' }).click();
  await expect(shop.getByText('You are signed out.')).toBeVisible();
  await expect(page.locator('.account-link')).toContainText('Sign in');
  expect(unexpected(console.errors)).toEqual([]);
});

test('sign up keeps the anonymous cart; errors show next to the fields', async ({ page }) => {
  const console = watchConsole(page);
  await page.goto('/shop#!/?store_id=1006&q=pie');
  const shop = page.locator('[data-island="shop"]');
  // The shop hydrates when the visitor reaches for it (react-app/islands/hydration.ts), once its loader watches it.
  await expect(shop).toHaveAttribute('data-hydrated');
  await shop.dispatchEvent('pointerover');
  await expect(shop).toHaveAttribute('data-hydrated', 'true');
  await expect(shop.locator('.shop-bar__store')).toContainText('Pittsburgh Lawrenceville');
  await shop.getByRole('button', { name: 'Add to cart, Apple Pie', exact: true }).click();
  await expect(shop.locator('.cart-count')).toHaveText('1');
  await hash(page, '#!/sign-up');
  await shop.getByLabel('Name').fill('Sam Sign-Up');
  await shop.getByLabel('Email').fill('not-an-email');
  await shop.getByLabel('Password (at least 8 characters)').fill('short');
  await shop.getByRole('button', { name: 'Create an account' }).click();
  await expect(shop.locator('#sign-up-email-error')).toHaveText('Enter a valid email address.');
  await expect(shop.locator('#sign-up-password-error')).toHaveText('Use at least 8 characters.');
  await expectNoAxeViolations(page);
  await shop.getByLabel('Email').fill('sam@example.test');
  await shop.getByLabel('Password (at least 8 characters)').fill('sam-password');
  await shop.getByRole('button', { name: 'Create an account' }).click();
  await expect(shop.getByText('Signed in as')).toContainText('Sam Sign-Up');
  await expect(shop.locator('.cart-count')).toHaveText('1');
  expect(unexpected(console.errors)).toEqual([]);
});

test('drink calculator: quantities, messages next to the fields, rebalancing with locks', async ({ page }) => {
  const console = watchConsole(page);
  await page.goto('/drink-calculator');
  const calc = page.locator('[data-island="drink-calculator"]');
  await reachIsland(calc);
  const result = (k: string) => calc.locator(`[data-result="${k}"] dd`);
  // 25 guests × (3 + 1) = 100 drinks: wine 50 → 10 bottles, beer 30 → 5 six-packs, spirits 20 → 2 bottles.
  await expect(result('wine')).toHaveText('10');
  await expect(result('beer')).toHaveText('5');
  await expect(result('spirit')).toHaveText('2');
  await expect(result('champagne')).toHaveText('0');
  await calc.getByLabel('Champagne toast').check();
  await expect(result('champagne')).toHaveText('5');
  await expect(result('drinks')).toHaveText('125');

  await calc.getByLabel('Number of guests').fill('0');
  await expect(calc.locator('#calc-guests-error')).toHaveText('Must be between 1 and 2000 people');
  await calc.getByLabel('Number of guests').fill('12.5');
  await expect(calc.locator('#calc-guests-error')).toHaveText('Must be between 1 and 2000 people');
  await calc.getByLabel('Length of the event (hours)').fill('5');
  await expect(calc.locator('#calc-length-error')).toHaveText('Must be between 1 and 4 hours');
  await expectNoAxeViolations(page);
  await keepScreenshot(page, 'calculator-errors', { fullPage: true });
  await calc.getByLabel('Number of guests').fill('10');
  await calc.getByLabel('Length of the event (hours)').fill('2');
  await expect(calc.locator('.field-error')).toHaveCount(0);

  // A typed percent outside 0-100 restores the previous value.
  const wine = calc.getByLabel('Wine percent', { exact: true });
  await wine.fill('150');
  await wine.press('Enter');
  await expect(wine).toHaveValue('50');
  // Lock spirits; wine 70 takes from beer only.
  await calc.getByLabel('Lock spirits').check();
  await wine.fill('70');
  await wine.press('Enter');
  await expect(calc.getByLabel('Beer percent', { exact: true })).toHaveValue('10');
  await expect(calc.getByLabel('Spirits percent', { exact: true })).toHaveValue('20');
  // 10 guests × 3 = 30 drinks: wine 21 → 5 bottles, beer 3 → 1 six-pack, spirits 6 → 1 bottle; champagne 2.
  await expect(result('wine')).toHaveText('5');
  await expect(result('beer')).toHaveText('1');
  await expect(result('spirit')).toHaveText('1');
  await expect(result('champagne')).toHaveText('2');
  await keepScreenshot(page, 'calculator', { fullPage: true });
  await expectNoAxeViolations(page);
  expect(console.errors).toEqual([]);
});

test('search page: counts per kind and an empty state', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Search products and recipes').fill('chicken');
  await page.getByLabel('Search products and recipes').press('Enter');
  await expect(page).toHaveURL(/\/search\?s=chicken/);
  await expect(page.getByRole('heading', { name: 'Search results for “chicken”' })).toBeVisible();
  await expect(page.locator('[data-search-counts]')).toContainText(/\d+ recipes?, \d+ products?/);
  await expect(page.locator('[data-search-section="products"]').getByRole('link', { name: 'Chicken Breasts', exact: true })).toBeVisible();
  await expect(page.locator('[data-search-section="recipes"] li').first()).toBeVisible();
  // Axe: the sweep checks this page (e2e/axe-sweep.spec.ts).
  await page.goto('/search?s=zzzxqj');
  await expect(page.getByRole('heading', { name: 'No results' })).toBeVisible();
  // Axe: the sweep checks this page (e2e/axe-sweep.spec.ts).
});

test('circular: title with display dates, items, add to cart', async ({ page }) => {
  const console = watchConsole(page);
  await page.goto('/circulars/holiday-entertaining');
  const island = page.locator('[data-island="circular"]');
  await reachIsland(island);
  await expect(page.getByRole('heading', { level: 1, name: 'Holiday Entertaining' })).toBeVisible();
  await expect(page.locator('.circular__dates')).toHaveText('Nov 25, 2026 – Dec 24, 2026');
  await expect(island.locator('.product-card')).toHaveCount(8);
  await island.getByRole('button', { name: 'Add to cart, Prosecco', exact: true }).click();
  // Add becomes the stepper; the header cart announces the change.
  await expect(island.getByRole('button', { name: 'One more Prosecco', exact: true })).toBeFocused();
  await expect(page.locator('.header-cart__live')).toContainText('Added Prosecco. Cart: 1 item');
  await expectNoAxeViolations(page);
  await page.goto('/circulars/weekly-ad');
  // The seed runs the weekly ad in the ad week of the day it seeds: the e2e server seeded on start, within the
  // last half hour (the store's day may have turned since).
  const seeded = [new Date(), new Date(Date.now() - 30 * 60_000)].map((t) => circularDateLine(demoAdWeek(t)));
  await expect(page.locator('.circular__dates')).toHaveText(new RegExp(`^(${seeded.join('|')})$`));
  expect((await page.goto('/circulars/nope'))?.status()).toBe(404);
  expect(console.errors.filter((e) => !e.includes('404'))).toEqual([]);
});

test('recipe: ingredients, steps, add ingredients to cart', async ({ page }) => {
  const console = watchConsole(page);
  await page.goto('/recipes/shakshuka');
  const island = page.locator('[data-island="recipe"]');
  await reachIsland(island);
  await expect(page.getByRole('heading', { level: 1, name: 'Shakshuka' })).toBeVisible();
  await expect(island.locator('.recipe__steps li')).toHaveCount(4);
  await island.getByLabel('1 tsp Ground Cumin').uncheck();
  await island.getByRole('button', { name: 'Add ingredients to cart' }).click();
  await expect(island.locator('.shop-notice')).toContainText('Added 4 ingredients: ');
  await keepScreenshot(page, 'recipe', { fullPage: true });
  await expectNoAxeViolations(page);
  await page.goto('/shop#!/cart');
  await expect(page.locator('.cart-line')).toHaveCount(4);
  expect(console.errors).toEqual([]);
});

test('catering and wine shops carry their store requirement, landing pages none; the template preview parameter scrolls to the template', async ({
  page,
}) => {
  const pages: Array<[string, string | undefined]> = [
    ['/catering', undefined],
    ['/catering/shop', 'catering'],
    ['/wine', undefined],
    ['/wine/shop', 'wine'],
  ];
  for (const [path, requirement] of pages) {
    // The server applies the requirement: a visitor without the store is sent to the landing page.
    const res = await page.request.get(path, { maxRedirects: 0 });
    if (requirement) {
      expect(res.status()).toBe(302);
      expect(res.headers().location).toBe(`/${requirement}`);
      continue;
    }
    const config = JSON.parse(/id="site-config">(.*?)<\/script>/s.exec(await res.text())![1]);
    expect(config.page.store_requirement).toBeUndefined();
    // The landing pages' heading: in their html (server/routes/shopper-pages.test.ts) and, on screen, axe's
    // page-has-heading-one on their first view (e2e/first-render.spec.ts, every rule): no page load here for it.
  }
  await page.setViewportSize({ width: 1280, height: 400 });
  await page.goto('/drink-calculator?template_preview=c95a04');
  const target = page.locator('[data-id="c95a04"]');
  await expect(target).toHaveClass(/e-template-preview/);
  await expect(target).toBeFocused();
  // A smooth scroll: it has started, not necessarily moved, when the focus is there.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
});

test('shop on a phone, by keyboard', ON_PHONE, async ({ page }) => {
  const console = watchConsole(page);
  await page.goto('/shop#!/?store_id=1008&q=bagels');
  const shop = page.locator('[data-island="shop"]');
  // The shop hydrates when the visitor reaches for it (react-app/islands/hydration.ts), once its loader watches it.
  await expect(shop).toHaveAttribute('data-hydrated');
  await shop.dispatchEvent('pointerover');
  await expect(shop).toHaveAttribute('data-hydrated', 'true');
  await expect(shop.locator('.product-card').first()).toBeVisible();
  const add = shop.getByRole('button', { name: 'Add to cart, Everything Bagels', exact: true });
  await add.focus();
  await page.keyboard.press('Enter');
  await expect(shop.locator('.cart-count')).toHaveText('1');
  // Opening the cart by keyboard moves the focus to the cart view.
  await shop.locator('.shop-bar__cart').focus();
  await page.keyboard.press('Enter');
  await expect(shop.getByRole('heading', { name: 'Your cart' })).toBeVisible();
  await expect(shop.locator('.shop-view')).toBeFocused();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await keepScreenshot(page, 'shop-mobile', { fullPage: true });
  await expectNoAxeViolations(page);
  expect(console.errors).toEqual([]);
});

// The redirect of a visitor without a store, and the switch to the kitchen before rendering, are the server's
// (server/render/first-render.test.ts, "store requirement on the server"); the store picker's Make This My Store is
// store-layer.spec.ts's. Here: the catering shop as a visitor of a shopping store sees it.
test('the catering shop forces the catering store', async ({ page }) => {
  const console = watchConsole(page);
  const nonce = await nonceOf(page.request);
  expect((await page.request.put('/api/shop/v1/current-store', { headers: { 'x-wp-nonce': nonce }, data: { store_id: 1001 } })).ok()).toBe(
    true,
  );
  await page.goto('/catering/shop');
  await expect(page.locator('.my-store')).toContainText('Harvest Lane Catering Kitchen');
  const shop = page.locator('[data-island="shop"]');
  await expect(shop.locator('.shop-bar__store')).toContainText('Harvest Lane Catering Kitchen');
  expect(new URL(page.url()).pathname).toBe('/catering/shop');
  await expect(shop.locator('.product-card').first()).toBeVisible();
  await expectNoAxeViolations(page);
  expect(console.errors).toEqual([]);
});
