import { expect, type Locator, type Page } from '@playwright/test';

// Steps of the keyboard-only specs: open a page once the runtime is ready, and Tab to a control.

export async function ready(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
}

/** Presses Tab until `target` has focus (at most `max` times), as a keyboard user would. */
export async function tabTo(page: Page, target: Locator, max = 150): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}
