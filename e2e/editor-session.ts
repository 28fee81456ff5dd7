import { expect, type Browser, type Page } from '@playwright/test';
import { nonceOf } from './session-helpers';
import { newTab } from './support';

// Helpers of the editorial specs: an editor signed in on a screen of theirs.

/** A new browser context signed in as the seeded editor on `path` (whose level-1 heading is `heading`). */
export async function editorOn(
  browser: Browser,
  path: string,
  heading: string,
): Promise<{ editor: Page; headers: Record<string, string> }> {
  const editor = await newTab(browser, { as: 'editor' });
  await editor.goto(path);
  await expect(editor.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  return { editor, headers: { 'X-WP-Nonce': await nonceOf(editor) } };
}

/**
 * Makes `storeId` the page's visitor's store (their session's, as the store picker does: through the API, with the
 * session's nonce, no page loaded for it) and opens `path`.
 */
export async function openAtStore(page: Page, storeId: number, path: string): Promise<void> {
  const changed = await page.request.put('/api/shop/v1/current-store', {
    data: { store_id: storeId },
    headers: { 'X-WP-Nonce': await nonceOf(page.request) },
  });
  expect(changed.status()).toBe(200);
  await page.goto(path);
}
