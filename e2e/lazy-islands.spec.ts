import { expect, test, watchConsole } from './support';

// Islands whose first view the server renders whole hydrate when the visitor reaches for them
// (react-app/islands/hydration.ts): a first view loads no React, and what the visitor typed, chose and sent before
// React arrived is neither lost nor sent the no-JavaScript way.

const REACT_CODE = /\/assets\/app\/assets\/(hydrate|client|react|contact-form)-[\w-]+\.js$/;

test('the contact form loads no React until reached, and a message typed and sent before it hydrates is sent', async ({ page }) => {
  const console = watchConsole(page);
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  await page.goto('/contact');
  await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
  await page.waitForLoadState('networkidle');
  const island = page.locator('[data-island="contact-form"]');
  expect(fetched.filter((u) => REACT_CODE.test(u))).toEqual([]);
  await expect(island).not.toHaveAttribute('data-hydrated', 'true');

  // React is held back while the visitor fills the form and sends it.
  const held: Array<() => Promise<void>> = [];
  await page.route(/\/assets\/app\/assets\/hydrate-[\w-]+\.js$/, (route) => {
    held.push(() => route.continue());
  });
  await page.getByLabel('Your name').fill('Casey Customer');
  await page.getByLabel('Email').fill('casey@example.test');
  await page.getByLabel('Store').selectOption({ label: 'PA · Pittsburgh Lawrenceville' });
  await page.getByLabel('Topic').selectOption('Online order');
  await page.getByLabel('Message').fill('The pickup time slot for Saturday was not offered.');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect.poll(() => held.length).toBeGreaterThan(0);
  await expect(island).not.toHaveAttribute('data-hydrated', 'true');
  expect(new URL(page.url()).pathname).toBe('/contact');

  const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/contact'));
  await Promise.all(held.map((release) => release()));
  await expect(island).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByRole('status')).toHaveText('Thanks! Your message was sent to the store team.');
  const body = (await sent).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({
    name: 'Casey Customer',
    email: 'casey@example.test',
    message: 'The pickup time slot for Saturday was not offered.',
  });
  expect(new URL(page.url()).pathname).toBe('/contact');
  expect(console.errors).toEqual([]);
});

test('a search result added before the island hydrates is added once, and the shop, with the cart holding it, hydrates at load', async ({
  page,
}) => {
  await page.goto('/search?s=bananas');
  const results = page.locator('[data-island="search-products"]');
  const card = results.locator('.product-card', { has: page.getByRole('heading', { name: 'Bananas', exact: true }) });
  // The islands' loader watches the island (before it ran, a click had nothing to hear it, React or not).
  await expect(results).toHaveAttribute('data-hydrated', 'false');
  await card.getByRole('button', { name: 'Add to cart, Bananas', exact: true }).click();
  await expect(results).toHaveAttribute('data-hydrated', 'true');
  await expect(page.locator('[data-header-cart] .header-cart__count')).toHaveText('1');
  await expect(card.getByRole('group', { name: 'Bananas in your cart' })).toContainText('1');
  await page.goto('/shop');
  await expect(page.locator('[data-island="shop"]')).toHaveAttribute('data-hydrated', 'true');
});

test('the shop shows its default view without React, loads React when reached, and at once for a view the server cannot see', async ({
  page,
}) => {
  const console = watchConsole(page);
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  await page.goto('/shop');
  const shop = page.locator('[data-island="shop"]');
  await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
  await page.waitForLoadState('networkidle');
  // No store, an empty cart: the store chooser with its stores, as the server rendered it; no React fetched.
  await expect(shop.getByRole('heading', { name: 'Choose a store to shop' })).toBeVisible();
  await expect(shop.locator('.store-chooser__store').first()).toBeVisible();
  expect(fetched.filter((u) => REACT_CODE.test(u))).toEqual([]);
  await expect(shop).toHaveAttribute('data-hydrated', 'false');
  // Reached: it hydrates.
  await shop.hover();
  await expect(shop).toHaveAttribute('data-hydrated', 'true');
  expect(fetched.some((u) => REACT_CODE.test(u))).toBe(true);

  // The cart view (#!/cart) is not the server's view: it hydrates at load and shows it.
  await page.goto('about:blank');
  await page.goto('/shop#!/cart');
  await expect(page.locator('[data-island="shop"]')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.locator('[data-island="shop"] .shop-view')).toContainText('Your cart is empty');
  expect(console.errors).toEqual([]);
});
