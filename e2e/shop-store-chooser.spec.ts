import { expect, test, type Page } from '@playwright/test';
import { expectAxeClean, expectAxeClean22, keepScreenshot, ownName, rerunOnPhone, watchConsole, JOURNEY_TAG } from './support';
import { addCartLine, nonceOf } from './session-helpers';

// Issue 33 items 16 and 8: /shop without a store offers a store chooser sorted by distance from a typed ZIP code
// or city (not a dead end); the header shows the held pickup window with its expiry and links to the picker,
// which works signed out; the hold made signed out is still held after signing up; "Change store" says what
// changes in the cart (items the store does not sell, prices that differ) before it is confirmed.
// axe with every rule and WCAG 2.2's target size at every step, on a desktop and on a phone.

const VIEWPORTS = [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const;

async function api<T>(page: Page, path: string): Promise<T> {
  const r = await page.request.get(path, { headers: { 'x-wp-nonce': await nonceOf(page.request) } });
  return (await r.json()) as T;
}

/** axe's target-size rule alone (axe is on the page after an expectAxeClean). */
async function targetsTooSmall(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    type Axe = { run: (c: Document, o: object) => Promise<{ violations: Array<{ nodes: Array<{ target: string[] }> }> }> };
    const axe = (window as unknown as { axe: Axe }).axe;
    const r = await axe.run(document, { runOnly: { type: 'rule', values: ['target-size'] }, resultTypes: ['violations'] });
    return r.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')));
  });
}

for (const [device, viewport] of VIEWPORTS) {
  // A journey (store chooser, pickup hold, sign-up): in the matrix (docs/testing.md).
  test(`choose a store by ZIP code, hold a pickup window from the header, keep it at sign-up (${device})`, {
    tag: [...rerunOnPhone(device).tag, JOURNEY_TAG],
  }, async ({ page }) => {
    await page.setViewportSize(viewport);
    const console = watchConsole(page);
    const shop = page.locator('[data-island="shop"]');
    await page.goto('/shop');
    // The shop hydrates when the visitor reaches for it (react-app/islands/hydration.ts), once its loader watches it.
    await expect(shop).toHaveAttribute('data-hydrated');
    await shop.dispatchEvent('pointerover');
    await expect(shop).toHaveAttribute('data-hydrated', 'true');

    // No store yet: the chooser, with every shopping store.
    await expect(shop.getByRole('heading', { name: 'Choose a store to shop' })).toBeVisible();
    await expect(shop.locator('.store-chooser__store').first()).toBeVisible();
    await expectAxeClean22(page, `chooser ${device}`);

    // A place that does not exist says so next to the field.
    const place = shop.getByLabel('ZIP code or city');
    await place.fill('Atlantis');
    await shop.getByRole('button', { name: 'Find stores near me' }).click();
    await expect(shop.getByRole('alert')).toContainText('We could not find “Atlantis”');
    await expect(place).toHaveAttribute('aria-invalid', 'true');
    await expectAxeClean22(page, `chooser error ${device}`);

    // A Pittsburgh ZIP code: the Pittsburgh stores first, each with its distance.
    await place.fill('15201');
    await shop.getByRole('button', { name: 'Find stores near me' }).click();
    await expect(shop.locator('.store-chooser__count')).toHaveText(/nearest to Pittsburgh, PA 15201 first/);
    const first = shop.locator('.store-chooser__store').first();
    await expect(first).toContainText('Pittsburgh Lawrenceville');
    await expect(first.locator('.store-chooser__distance')).toHaveText(/^\d+(\.\d)? mi away$/);
    const miles = await shop.locator('.store-chooser__distance').allTextContents();
    const numbers = miles.map((m) => Number.parseFloat(m));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    await expectAxeClean22(page, `chooser by distance ${device}`);
    await keepScreenshot(page, `store-chooser-${device}`);

    await first.getByRole('button', { name: 'Shop here at Pittsburgh Lawrenceville' }).click();
    await expect(shop.getByRole('heading', { name: 'Products' })).toBeVisible();
    await expect(page.locator('.my-store')).toContainText('Pittsburgh Lawrenceville');

    // The header's pickup link opens the picker, signed out.
    const headerPickup = page.locator('[data-header-pickup]');
    await expect(headerPickup).toContainText('Pickup');
    await headerPickup.click();
    await expect(shop.getByRole('heading', { name: 'Pickup time at Pittsburgh Lawrenceville' })).toBeVisible();
    const window = shop.locator('.pickup-windows input[type="radio"]:not([disabled])').first();
    await window.check();
    await expect(shop.locator('.pickup-view__hold')).toContainText(/Held for you: .+, held until \d{1,2}:\d{2} [AP]M/);
    const held = (await shop.locator('.pickup-view__hold').textContent())!;
    await expect(headerPickup).toHaveClass(/is-held/);
    await expect(headerPickup.locator('.header-pickup__when')).toHaveText(/^\w{3}, \w{3} \d{1,2}, .+ [AP]M$/);
    if (device === 'desktop') await expect(headerPickup).toContainText(/held until \d{1,2}:\d{2} [AP]M/);
    await expectAxeClean22(page, `pickup picker ${device}`);
    await keepScreenshot(page, `header-pickup-${device}`);

    // A new page still shows the hold in the header; signing up keeps it (it moves to the account).
    await page.goto('/recipes');
    await expect(page.locator('[data-header-pickup]')).toHaveClass(/is-held/);
    const before = await api<{ hold: { slot: { id: number }; expires_at: number } }>(page, '/api/shop/v1/pickup-hold');
    await page.goto('/shop#!/sign-up');
    await shop.getByLabel('Name').fill('Robin Chooser');
    await shop.getByLabel('Email').fill(`${ownName('chooser').replace(' ', '-')}@example.test`);
    await shop.getByLabel('Password (at least 8 characters)').fill('chooser-password-1');
    await shop.getByRole('button', { name: 'Create an account' }).click();
    await expect(shop.getByRole('heading', { name: 'My Account' })).toBeVisible();
    await page.goto('/recipes'); // a new page: the signed-in nonce
    await expect(page.locator('[data-header-pickup]')).toHaveClass(/is-held/);
    const after = await api<{ hold: { slot: { id: number }; expires_at: number } | null }>(page, '/api/shop/v1/pickup-hold');
    expect(after.hold?.slot.id).toBe(before.hold.slot.id);
    await page.goto('/shop#!/pickup');
    await expect(shop.locator('.pickup-view__hold')).toHaveText(held);
    // The one failed request: "Atlantis" (400).
    expect(console.errors).toEqual([
      expect.stringMatching(/^Failed to load resource: the server responded with a status of 400 \(Bad Request\)/),
    ]);
  });

  test(`change store: what changes in the cart is shown before it is confirmed (${device})`, rerunOnPhone(device), async ({ page }) => {
    await page.setViewportSize(viewport);
    const console = watchConsole(page);
    const shop = page.locator('[data-island="shop"]');
    expect(
      (
        await page.request.put('/api/shop/v1/current-store', {
          data: { store_id: 1001 },
          headers: { 'x-wp-nonce': await nonceOf(page.request) },
        })
      ).status(),
    ).toBe(200);
    // Three products of the flagship; one of them is not on Clintonville's (1002) shelf.
    const shelf = await api<{ items: Array<{ id: number; name: string; price_cents: number }> }>(
      page,
      '/api/shop/v1/products?store_id=1001&available=1&per_page=60',
    );
    const there = await Promise.all(
      shelf.items.map(async (p) => ({ ...p, status: (await page.request.get(`/api/shop/v1/products/${p.id}?store_id=1002`)).status() })),
    );
    const missing = there.find((p) => p.status === 404);
    const sold = there.filter((p) => p.status === 200).slice(0, 3);
    expect(missing, 'a flagship product Clintonville does not sell').toBeTruthy();
    for (const p of [...sold, missing!]) await addCartLine(page, p.id, 1, 1001);
    const at1002 = await api<{ lines: Array<{ product_id: number; price_cents: number }> }>(page, '/api/shop/v1/cart?store_id=1002');
    const changed = sold.filter((p) => at1002.lines.find((l) => l.product_id === p.id)?.price_cents !== p.price_cents);

    await page.goto('/shop#!/?store_id=1001');
    // The shop hydrates when the visitor reaches for it (react-app/islands/hydration.ts), once its loader watches it.
    await expect(shop).toHaveAttribute('data-hydrated');
    await shop.dispatchEvent('pointerover');
    await expect(shop).toHaveAttribute('data-hydrated', 'true');
    if (device === 'desktop') await page.locator('.top-header .change-store').click();
    else {
      await page.locator('.store-dropdown__toggle').click();
      await page.locator('.store-dropdown__panel').getByRole('link', { name: 'Change store' }).click();
    }
    await expect(shop.getByRole('heading', { name: 'Change your store' })).toBeVisible();
    await expect(shop.locator('.store-chooser__store', { hasText: 'Columbus Short North' })).toContainText('Your store');
    await shop.getByRole('button', { name: 'Shop here at Columbus Clintonville' }).click();

    const summary = shop.locator('.store-change');
    await expect(summary.getByRole('heading', { name: 'Change your store to Columbus Clintonville?' })).toBeFocused();
    await expect(summary.getByRole('heading', { name: /Not available at Columbus Clintonville/ })).toBeVisible();
    await expect(summary.locator('.store-change__list').last()).toHaveText(missing!.name);
    for (const p of changed) await expect(summary).toContainText(`${p.name}: $`);
    // Every rule, then target size on its own at the top of the page: scrolled (the focus moved to the summary),
    // the sticky header covers part of the top row, and the full run scrolls the page to read colours.
    await expectAxeClean(page, `change summary ${device}`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page.locator('.store-dropdown__toggle')).toBeInViewport({ ratio: 1 });
    expect(await targetsTooSmall(page)).toEqual([]);
    await keepScreenshot(page, `store-change-${device}`);

    // Keeping the store changes nothing.
    await summary.getByRole('button', { name: 'Keep Columbus Short North' }).click();
    await expect(shop.getByRole('heading', { name: 'Change your store' })).toBeVisible();
    expect((await api<{ lines: unknown[] }>(page, '/api/shop/v1/cart?store_id=1001')).lines).toHaveLength(4);

    // Confirming moves the cart: the missing product is taken out, the rest kept at Clintonville's prices.
    await shop.getByRole('button', { name: 'Shop here at Columbus Clintonville' }).click();
    await shop.getByRole('button', { name: 'Change to Columbus Clintonville' }).click();
    await expect(shop.getByRole('heading', { name: 'Products' })).toBeVisible();
    await expect(page.locator('.my-store')).toContainText('Columbus Clintonville');
    const cart = await api<{ store_id: number; lines: Array<{ product_id: number; available: boolean }> }>(page, '/api/shop/v1/cart');
    expect(cart.store_id).toBe(1002);
    expect(cart.lines.map((l) => l.product_id).sort()).toEqual(sold.map((p) => p.id).sort());
    expect(cart.lines.every((l) => l.available)).toBe(true);
    await expect(page.locator('[data-header-cart] .header-cart__count')).toHaveText('3');
    expect(console.errors).toEqual([]);
  });
}
