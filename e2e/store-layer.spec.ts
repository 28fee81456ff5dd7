import { type Page } from '@playwright/test';
import { expectNoAxeViolations, keepScreenshot, watchConsole, ON_PHONE, expect, test, reachIsland } from './support';

async function ready(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
}

/** Sets the store through the shop API and announces it with the store the PUT answered, as the store picker does. */
async function chooseStore(page: Page, storeId: number): Promise<void> {
  await page.evaluate(async (id) => {
    const config = JSON.parse(document.getElementById('site-config')!.textContent!);
    const res = await fetch('/api/shop/v1/current-store', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-wp-nonce': config.nonce },
      body: JSON.stringify({ store_id: id }),
    });
    if (!res.ok) throw new Error(String(res.status));
    const { store } = await res.json();
    window.dispatchEvent(new CustomEvent('store:change', { detail: { storeId: id, store } }));
  }, storeId);
}

test.describe('desktop', () => {
  test('choosing a store rewrites menu links, reloads banner, slider and CTA, swaps the home page, and survives a reload', async ({
    firstVisitPage: page,
  }) => {
    const console = watchConsole(page);
    const contentCalls: string[] = [];
    const contentStores: string[] = [];
    const storeReads: string[] = [];
    const pageReads: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (/^\/api\/shop\/v1\/stores\/\d+$/.test(path)) storeReads.push(path);
      if (r.resourceType() === 'fetch' && path === '/') pageReads.push(path);
      if (!r.url().includes('/freshop/v1/content/')) return;
      const url = new URL(r.url());
      contentCalls.push(url.pathname.split('/').pop()!);
      contentStores.push(url.searchParams.get('store_id') ?? '');
    });
    await page.goto('/');
    await ready(page);
    const banner = page.locator('[data-site-banner]');
    await expect(banner).toContainText('Free pickup on orders of $35 or more');
    await expect(page.locator('[data-content="cta"]')).toContainText('Choose your store');
    await expect(page.locator('[data-content="slider"]')).toContainText('Fresh produce');
    await expect(page.locator('[data-content="personalized-content"]')).toContainText('Sign in to see offers');
    const shop = page.locator('.main-nav .has-mega > a');
    await expect(shop).toHaveAttribute('href', '/shop');
    // The server filled every slot: the first view makes no content call.
    expect(contentCalls).toEqual([]);

    await chooseStore(page, 1001);
    // A store change: exactly one call per slot, and one look at the home page as the server now renders it (the
    // same document for Ohio: nothing swapped). The store came with the change: nobody asks for it again.
    await expect.poll(() => [...contentCalls].sort()).toEqual(['cta', 'personalized-content', 'site-banner', 'slider']);
    expect(pageReads).toEqual(['/']);
    expect(storeReads).toEqual([]);
    await expect(shop).toHaveAttribute('href', '/shop#!/?store_id=1001');
    await expect(page.locator('.main-nav').getByRole('link', { name: 'Catering', exact: true })).toHaveAttribute(
      'href',
      '/catering#!/?store_id=1090',
    );
    await expect(page.locator('.department a').first()).toHaveAttribute('href', /store_id=1001&department=/);
    await expect(banner).toContainText('Ohio stores');
    await expect(page.locator('[data-content="slider"]')).toContainText('Ohio harvest');
    await expect(page.locator('[data-content="cta"]')).toContainText('Order catering in Ohio');
    await expect(page.locator('.my-store')).toContainText('Columbus Short North');

    // The same store again loads nothing twice.
    const before = contentCalls.length;
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('store:change', { detail: { storeId: 1001 } })));
    // Store changes are handled in order: the next store's answers below prove this one was handled, and
    // by then no content call may have gone out for 1001 again.

    // A Pennsylvania store: its group home page replaces the content area, rendered for that store already,
    // so only the banner outside it is reloaded.
    const beforeSwap = contentCalls.length;
    await chooseStore(page, 1006);
    await expect(page.locator('h1.elementor-heading-title')).toHaveText('Fresh from Pennsylvania');
    await expect.poll(() => contentCalls.slice(beforeSwap).sort()).toEqual(['site-banner']);
    // One request for the swap: the page itself.
    expect(pageReads).toEqual(['/', '/']);
    expect(storeReads).toEqual([]);
    await expect(page.locator('[data-content="cta"]')).toContainText('Pittsburgh wine cellar');
    await expect(page.locator('[data-content="slider"]')).toContainText('Pennsylvania picks');
    await expect(banner).toContainText('Pennsylvania stores');
    await expect(shop).toHaveAttribute('href', '/shop#!/?store_id=1006');
    expect(contentStores.slice(before).filter((id) => id !== '1006')).toEqual([]);
    // Catering has no related store for Pittsburgh: no store id; wine has the Pittsburgh cellar.
    await expect(page.locator('.main-nav').getByRole('link', { name: 'Catering', exact: true })).toHaveAttribute('href', '/catering');
    await expect(page.locator('.main-nav').getByRole('link', { name: 'Wine', exact: true })).toHaveAttribute(
      'href',
      '/wine#!/?store_id=1096',
    );
    await keepScreenshot(page, 'store-layer-home-pa', { fullPage: true });

    await page.reload();
    await ready(page);
    await expect(page.locator('.my-store')).toContainText('Pittsburgh Lawrenceville');
    await expect(shop).toHaveAttribute('href', '/shop#!/?store_id=1006');
    await expect(page.locator('h1.elementor-heading-title')).toHaveText('Fresh from Pennsylvania');
    await expect(page.locator('[data-content="cta"]')).toContainText('Pittsburgh wine cellar');
    await expectNoAxeViolations(page);
    expect(console.errors).toEqual([]);
  });

  test('a failing slider call empties and hides the slider; the CTA stays', async ({ firstVisitPage: page }) => {
    await page.goto('/');
    await ready(page);
    await expect(page.locator('[data-content="cta"]')).toContainText('Choose your store');
    await page.route('**/freshop/v1/content/**', (route) => route.fulfill({ status: 500, body: '{}' }));
    page.on('console', () => {});
    await chooseStore(page, 1010);
    await expect(page.locator('[data-content="slider"]')).toBeHidden();
    await expect(page.locator('[data-content="slider"]')).toBeEmpty();
    await expect(page.locator('[data-content="cta"]')).toContainText('Choose your store');
  });

  test('mega menu opens from the Shop button and works by keyboard; the header sticks and back-to-top appears', async ({ page }) => {
    const console = watchConsole(page);
    await page.goto('/');
    await ready(page);
    const toggle = page.getByRole('button', { name: 'Shop departments' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = page.locator('#mega-panel');
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Produce', exact: true })).toBeVisible();
    await expect(panel.locator('.more a').first()).toContainText('more...');
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();

    await page.mouse.wheel(0, 900);
    await expect(page.locator('.site-header')).toHaveClass(/is-sticky/);
    await expect(page.locator('.back-to-top')).toHaveClass(/is-visible/);
    await page.locator('.back-to-top').click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.locator('.site-header')).not.toHaveClass(/is-sticky/);

    // Crossing 992px re-initialises the menu as the off-canvas one, and back.
    await page.setViewportSize({ width: 900, height: 900 });
    await expect(page.locator('[data-site-header]')).toHaveAttribute('data-menu', 'mobile');
    await expect(page.locator('#site-menu')).toHaveClass(/off-canvas/);
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(page.locator('[data-site-header]')).toHaveAttribute('data-menu', 'desktop');
    await expect(page.locator('#site-menu')).not.toHaveClass(/off-canvas/);
    expect(console.errors).toEqual([]);
  });

  test('site banner dismisses and stays dismissed; the store dropdown shows the store', async ({ firstVisitPage: page }) => {
    const console = watchConsole(page);
    await page.goto('/');
    await ready(page);
    await chooseStore(page, 1004);
    const banner = page.locator('[data-site-banner]');
    await expect(banner).toContainText('Ohio stores');
    await banner.getByRole('button', { name: 'Dismiss banner' }).click();
    await expect(banner).toBeHidden();
    await page.reload();
    await ready(page);
    await expect(page.locator('[data-content="cta"]')).toContainText('Order catering in Ohio');
    await expect(banner).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Store details' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('#store-dropdown-panel')).toContainText('1979 W 25th St, Cleveland, OH 44113');
    await expect(page.locator('#store-dropdown-panel').getByRole('link', { name: 'Store details and hours' })).toHaveAttribute(
      'href',
      '/stores/cleveland-ohio-city',
    );
    await page.keyboard.press('Escape');
    await expect(page.locator('#store-dropdown-panel')).toBeHidden();
    expect(console.errors).toEqual([]);
  });

  test('store page: Make This My Store, then My Store and Select Another Store; axe clean', async ({ firstVisitPage: page }) => {
    const console = watchConsole(page);
    await page.goto('/stores/ann-arbor-kerrytown');
    await ready(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ann Arbor Kerrytown');
    await expect(page.getByRole('link', { name: /Get directions/ })).toHaveAttribute(
      'href',
      /google\.com\/maps\/dir\/\?api=1&destination=407%20N%20Fifth%20Ave/,
    );
    await expect(page.locator('[data-open-now]')).toHaveText(/Open now|Closed now/);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Make This My Store' }).click();
    await expect(page.locator('[data-my-store]')).toHaveText('My Store');
    await expect(page.getByRole('link', { name: 'Select Another Store' })).toBeVisible();
    await expect(page.locator('.my-store')).toContainText('Ann Arbor Kerrytown');
    await page.reload();
    await expect(page.locator('[data-my-store]')).toHaveText('My Store');
    await keepScreenshot(page, 'store-page', { fullPage: true });
    expect(console.errors).toEqual([]);
  });

  test('locator: search and sort by distance from a shared location, no map tiles; axe clean', async ({ page, context }) => {
    const console = watchConsole(page);
    const external: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith('http://127.0.0.1')) external.push(r.url());
    });
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 42.33, longitude: -83.05 }); // Detroit
    const island = page.locator('[data-island="store-picker"]');
    for (const path of ['/my-store/store-locator', '/store/store-locator']) {
      await page.goto(path);
      await reachIsland(island);
      await page.getByLabel('Search by city, state or ZIP code').fill('Columbus');
      await expect(island.locator('.store-card')).toHaveCount(2);
      await page.getByLabel('Search by city, state or ZIP code').fill('');
      await page.getByRole('button', { name: 'Sort by distance from me' }).click();
      await expect(page.getByRole('status')).toHaveText('Sorted by distance from you.');
      await expect(island.locator('.store-card').first()).toContainText('Detroit Corktown');
      await expect(island.locator('.store-card').first().locator('.store-card__distance')).toContainText('mi away');
      await expectNoAxeViolations(page);
    }
    // Choosing in the picker updates the header without a reload.
    await ready(page);
    await island.locator('.store-card', { hasText: 'Detroit Corktown' }).getByRole('button', { name: 'Make This My Store' }).click();
    await expect(page.locator('.main-nav .has-mega > a')).toHaveAttribute('href', '/shop#!/?store_id=1011');
    await expect(page.locator('.my-store')).toContainText('Detroit Corktown');
    await expect(page.locator('.department a').first()).toHaveAttribute('href', /store_id=1011&department=/);
    await keepScreenshot(page, 'locator', { fullPage: true });
    expect(external).toEqual([]);
    expect(console.errors).toEqual([]);
  });

  test('contact: messages next to the fields, store dropdown by state then name, saved; axe clean', async ({ firstVisitPage: page }) => {
    const console = watchConsole(page);
    await page.goto('/contact');
    const island = page.locator('[data-island="contact-form"]');
    await reachIsland(island);
    const options = await page.getByLabel('Store').locator('option').allTextContents();
    expect(options.slice(1)).toEqual([...options.slice(1)].sort());
    // Axe: the first-render sweep checks this page (e2e/first-render.spec.ts).
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.locator('#contact-name-error')).toHaveText('Enter your name.');
    await expect(page.locator('#contact-message-error')).toHaveText('Write at least 10 characters.');
    await expect(page.getByLabel('Your name')).toBeFocused();
    await expect(page.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);
    await page.getByLabel('Your name').fill('Casey Customer');
    await page.getByLabel('Email').fill('casey@example.test');
    await page.getByLabel('Store').selectOption({ label: 'PA · Pittsburgh Lawrenceville' });
    await page.getByLabel('Topic').selectOption('Online order');
    await page.getByLabel('Message').fill('The pickup time slot for Saturday was not offered.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('status')).toHaveText('Thanks! Your message was sent to the store team.');
    await keepScreenshot(page, 'contact', { fullPage: true });
    expect(console.errors).toEqual([]);
  });
});

// A page needing the catering store (the catering order guide): server/render/first-render.test.ts, "store
// requirement on the server" (the redirect, the kitchen in the header, the links of both stores are all in the
// response).

test.describe('iPhone 390x844', ON_PHONE, () => {
  test('off-canvas menu opens by button and by swipe', async ({ page }) => {
    const console = watchConsole(page);
    await page.goto('/');
    await ready(page);
    const nav = page.locator('#site-menu');
    const button = page.getByRole('button', { name: 'Menu', exact: true });
    await expect(page.locator('[data-site-header]')).toHaveAttribute('data-menu', 'mobile');
    await expect(nav).not.toBeInViewport();
    await button.click();
    await expect(nav).toHaveClass(/is-open/);
    await expect(nav).toBeInViewport();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await nav.getByRole('button', { name: 'Shop departments' }).click();
    await expect(nav.locator('.mega-panel')).toHaveClass(/is-level-open/);
    await nav.getByRole('button', { name: 'Produce departments' }).click();
    await expect(nav.locator('.department').first().locator('.sub-menu')).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Berries' })).toBeVisible();
    await keepScreenshot(page, 'mobile-offcanvas-levels');
    await nav.getByRole('button', { name: 'Close menu' }).click();
    await expect(nav).not.toHaveClass(/is-open/);

    // Swipe right from the left edge.
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y: 500 }] });
    await touch('touchStart', 10);
    for (const x of [30, 60, 90, 120]) await touch('touchMove', x);
    await touch('touchEnd', 120);
    // The swipe opens the menu and stays on the page (never the browser's own swipe back).
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator(':root')).toHaveCSS('overscroll-behavior-x', 'none');
    await expect(nav).toHaveClass(/is-open/);
    await keepScreenshot(page, 'mobile-offcanvas');
    await page.keyboard.press('Escape');
    await expect(nav).not.toHaveClass(/is-open/);

    // Mobile search toggles.
    const search = page.getByRole('button', { name: 'Search', exact: true }).first();
    await page.locator('.search-toggle').click();
    await expect(page.locator('#site-search-input')).toBeVisible();
    await expect(page.locator('.search-toggle')).toHaveAttribute('aria-expanded', 'true');
    void search;
    expect(console.errors).toEqual([]);
  });

  test("app banner shows once, not after 'Continue in Browser'", async ({ page, context }) => {
    const console = watchConsole(page);
    await page.goto('/');
    await ready(page);
    const banner = page.locator('.app-banner');
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Download the App!' })).toHaveAttribute('href', /^https:\/\/apps\.apple\.com\//);
    await keepScreenshot(page, 'mobile-app-banner');
    // Axe: the first-render sweep checks / with its banner on the phone (e2e/first-render.spec.ts).
    await banner.getByRole('button', { name: 'Continue in Browser' }).click();
    await expect(banner).toHaveCount(0);
    const cookie = (await context.cookies()).find((c) => c.name === 'snackbarClosed');
    expect(cookie?.value).toBe('true');
    expect(cookie?.path).toBe('/');
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
    await page.reload();
    await ready(page); // the header handler decides about the banner while it connects, before 'ready'
    await expect(page.locator('.app-banner')).toHaveCount(0);
    expect(console.errors).toEqual([]);
  });
});
