import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ACCOUNTS, signIn, type Role } from './support';

// Set-up steps several specs share: the visitor's REST nonce, and a cart line put in through the API (for tests
// about how something looks or reads, not about adding to the cart). Signing in: `signIn` and `signedInAs` in
// e2e/support.ts.

/**
 * The REST nonce a visitor holds: the open page's (its #site-config), or, for a request context, the one the home
 * page hands out to it. API calls made as that visitor send it.
 */
export async function nonceOf(from: Page | APIRequestContext): Promise<string> {
  if ('evaluate' in from)
    return from.evaluate(() => (JSON.parse(document.getElementById('site-config')?.textContent ?? '{}') as { nonce: string }).nonce);
  const html = await (await from.get('/')).text();
  return (JSON.parse(/id="site-config">(.*?)<\/script>/s.exec(html)![1]) as { nonce: string }).nonce;
}

/** Adds a product to the visitor's cart with the nonce of the page that is open. */
export async function addCartLine(page: Page, productId: number, quantity = 1, storeId = 1001): Promise<void> {
  const status = await page.evaluate(
    async ({ productId, quantity, storeId }) => {
      const { nonce } = JSON.parse(document.getElementById('site-config')!.textContent!) as { nonce: string };
      const res = await fetch(`/api/shop/v1/cart/items?store_id=${storeId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-wp-nonce': nonce },
        body: JSON.stringify({ items: [{ product_id: productId, quantity }] }),
      });
      return res.status;
    },
    { productId, quantity, storeId },
  );
  expect(status).toBe(200);
}

/**
 * Empties a seeded shopper's saved cart and favorites and signs out, leaving the browser anonymous. Tests run in
 * any order on a worker's server (and again with --repeat-each), so a test that counts the cart or the favorites
 * after sign-in must not inherit what another test, or its own last run, left in that account.
 */
export async function resetShopper(page: Page, who: Role | string, _password?: string): Promise<void> {
  const role = who in ACCOUNTS ? (who as Role) : roleOf(who);
  await signIn(page, role);
  await page.goto('/');
  await emptyCartsAndFavorites(page);
  // Leave the page before signing out underneath it: its header cart, loading at idle with the signed-in nonce and
  // no session left, would be refused (403) and renew its nonce, a browser console error the journey would see.
  await page.goto('about:blank');
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
 * Empties the signed-in shopper's carts (grocery, wine, catering) and favorites from the open page, staying signed
 * in: for a test signed in through `signedInAs` that counts what it puts in the cart.
 */
export async function emptyCartsAndFavorites(page: Page): Promise<void> {
  const failed = await page.evaluate(async () => {
    const { nonce } = JSON.parse(document.getElementById('site-config')!.textContent!) as { nonce: string };
    const headers = { 'x-wp-nonce': nonce };
    // One cart per catalogue (docs/shop.md): the grocery, wine and catering lines are read apart.
    const lines: Array<{ product_id: number }> = [];
    for (const catalog of ['grocery', 'wine', 'catering']) {
      const res = await fetch(`/api/shop/v1/cart?catalog=${catalog}`, { headers });
      if (res.ok) lines.push(...((await res.json()) as { lines: Array<{ product_id: number }> }).lines);
    }
    const cart = { lines };
    const favorites = (await (await fetch('/api/shop/v1/favorites', { headers })).json()) as { product_ids: number[] };
    const statuses = await Promise.all([
      ...cart.lines.map(async (line) => (await fetch(`/api/shop/v1/cart/items/${line.product_id}`, { method: 'DELETE', headers })).status),
      ...favorites.product_ids.map(async (id) => (await fetch(`/api/shop/v1/favorites/${id}`, { method: 'DELETE', headers })).status),
    ]);
    return statuses.filter((s) => s !== 200);
  });
  expect(failed).toEqual([]);
}
