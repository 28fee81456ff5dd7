import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { NONCE_RENEWAL_URL } from '../core/http';
import { ACCOUNTS, sessionOf, signIn, test, type Role } from './support';

// Set-up steps several specs share: the visitor's REST nonce, and a cart line put in through the API (for tests
// about how something looks or reads, not about adding to the cart). Signing in: `signIn` and `signedInAs` in
// e2e/support.ts.

/**
 * The REST nonce a visitor holds: the open page's (its #site-config), or, for a request context (a page's
 * `page.request`, which shares its cookies), the one the server's nonce renewal hands out to that session: the same
 * nonce a page would carry, without loading one (a page of the admin app cost its renderer about half a CPU-second
 * only to be read for its nonce). API calls made as that visitor send it.
 */
export async function nonceOf(from: Page | APIRequestContext): Promise<string> {
  if ('evaluate' in from)
    return from.evaluate(() => (JSON.parse(document.getElementById('site-config')?.textContent ?? '{}') as { nonce: string }).nonce);
  const res = await from.get(NONCE_RENEWAL_URL);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { nonce: string }).nonce;
}

/**
 * An API client signed in as `role` on the worker's server, with its nonce: for setting state up through the API
 * (publishing a page to look at) without a page. It lives as long as the browser it belongs to.
 */
export async function apiAs(browser: Browser, role: Role): Promise<{ request: APIRequestContext; nonce: string }> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, storageState: await sessionOf(role) });
  return { request: context.request, nonce: await nonceOf(context.request) };
}

/** Adds a product to the visitor's cart through the API, as that visitor (their session's nonce: `nonceOf`). */
export async function addCartLine(page: Page, productId: number, quantity = 1, storeId = 1001): Promise<void> {
  const res = await page.request.post(`/api/shop/v1/cart/items?store_id=${storeId}`, {
    headers: { 'x-wp-nonce': await nonceOf(page.request) },
    data: { items: [{ product_id: productId, quantity }] },
  });
  expect(res.status()).toBe(200);
}

/**
 * Empties a seeded shopper's saved cart and favorites and signs out, leaving the browser anonymous. Tests run in
 * any order on a worker's server (and again with --repeat-each), so a test that counts the cart or the favorites
 * after sign-in must not inherit what another test, or its own last run, left in that account.
 */
export async function resetShopper(page: Page, who: Role | string, _password?: string): Promise<void> {
  const role = who in ACCOUNTS ? (who as Role) : roleOf(who);
  await signIn(page, role);
  // Through the API, with no page open: nothing of a page can be in flight when the session goes.
  await emptyCartsAndFavorites(page);
  await page.context().clearCookies();
}

/** The seeded role whose account has `email` (ACCOUNTS in e2e/support.ts). */
function roleOf(email: string): Role {
  const role = (Object.keys(ACCOUNTS) as Role[]).find((r) => ACCOUNTS[r].email === email);
  if (!role) throw new Error(`${email} is no seeded account of e2e/support.ts`);
  return role;
}

/**
 * @deprecated For specs written before `signIn` (e2e/support.ts): opens `redirectTo` with the session of the account's
 * role, without the form (the specs of the sign-in forms fill theirs in themselves). Use `signIn` or `signedInAs`.
 */
export async function signInWithForm(page: Page, email: string, _password: string, redirectTo = '/'): Promise<void> {
  await signIn(page, roleOf(email));
  await page.goto(redirectTo);
  await expect(page).toHaveURL((url) => url.pathname === redirectTo);
}

/** @deprecated As `signInWithForm`, landing on the shop's account page. Use `signIn` or `signedInAs`. */
export async function signInInShop(page: Page, email: string, _password: string): Promise<void> {
  await signIn(page, roleOf(email));
  await page.goto('/shop#!/account');
  await expect(page.locator('[data-island="shop"]').getByRole('heading', { name: 'My Account' })).toBeVisible();
}

/**
 * Empties the signed-in shopper's carts (grocery, wine, catering) and favorites through the API, staying signed in:
 * for a test signed in through `signedInAs` that counts what it puts in the cart.
 */
export async function emptyCartsAndFavorites(page: Page): Promise<void> {
  const request = page.request;
  const headers = { 'x-wp-nonce': await nonceOf(request) };
  // One cart per catalogue (docs/shop.md): the grocery, wine and catering lines are read apart.
  const lines: Array<{ product_id: number }> = [];
  for (const catalog of ['grocery', 'wine', 'catering']) {
    const res = await request.get(`/api/shop/v1/cart?catalog=${catalog}`, { headers });
    if (res.ok()) lines.push(...((await res.json()) as { lines: Array<{ product_id: number }> }).lines);
  }
  const favorites = (await (await request.get('/api/shop/v1/favorites', { headers })).json()) as { product_ids: number[] };
  const statuses = await Promise.all([
    ...lines.map(async (line) => (await request.delete(`/api/shop/v1/cart/items/${line.product_id}`, { headers })).status()),
    ...favorites.product_ids.map(async (id) => (await request.delete(`/api/shop/v1/favorites/${id}`, { headers })).status()),
  ]);
  expect(statuses.filter((s) => s !== 200)).toEqual([]);
}
