import { type Page } from '@playwright/test';
import { expectNoAxeViolations, installPausedClock, keepScreenshot, pauseClockSoon, watchConsole, expect, test } from './support';

// Popups with the page clock: timers (delays, inactivity, close button delay, exit animations) run only
// when the test moves the clock (paused before the page loads).

async function open(page: Page, path: string): Promise<void> {
  // Time moves only when a test says so.
  await installPausedClock(page, new Date('2026-11-23T10:00:01Z'));
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
}

const focusedInside = (page: Page, name: string) =>
  page.evaluate((label) => !!document.activeElement?.closest(`dialog[aria-label="${label}"]`), name);

test('newsletter: shows after its page_load delay, focus moves in after 250 ms, Esc closes it, axe clean while open', async ({ page }) => {
  const console = watchConsole(page);
  await open(page, '/weekly-deals');
  const popup = page.getByRole('dialog', { name: 'The new weekly ad, every Wednesday' });
  await expect(popup).toBeHidden();
  await page.clock.runFor(4_800);
  await expect(popup).toBeHidden();
  await page.clock.runFor(400);
  await expect(popup).toBeVisible();
  await expect(popup.getByRole('heading', { name: 'The new weekly ad, every Wednesday' })).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/e-popup-prevent-scroll/);
  expect(await focusedInside(page, 'The new weekly ad, every Wednesday')).toBe(true);
  await page.clock.runFor(300);
  await expect(popup.getByRole('button', { name: 'Close' })).toBeFocused();
  // The entrance animation is a CSS animation on the real timeline: wait for it to finish before the
  // screenshot and axe.
  await popup.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
  await keepScreenshot(page, 'popup-newsletter');
  await page.clock.resume(); // axe runs on timers
  await expectNoAxeViolations(page);
  await pauseClockSoon(page);

  await page.keyboard.press('Escape');
  await expect(popup).toHaveClass(/e-popup--exiting/); // the exit animation runs before hiding
  await expect(popup).toBeVisible();
  await page.clock.runFor(500);
  await expect(popup).toBeHidden();
  await expect(page.locator('html')).not.toHaveClass(/e-popup-prevent-scroll/);
  expect(console.errors).toEqual([]);
});

test('Esc and background clicks do not close a popup that prevents them; the close button appears after its delay; it closes automatically', async ({
  page,
}) => {
  await open(page, '/popup-lab/locked');
  const popup = page.getByRole('dialog', { name: 'Read this first' });
  await page.clock.runFor(1_100);
  await expect(popup).toBeVisible();
  const close = popup.locator('.e-popup__close');
  await expect(close).toBeHidden();
  await page.keyboard.press('Escape');
  await page.mouse.click(10, 10); // the backdrop area
  await page.clock.runFor(500);
  await expect(popup).toBeVisible();
  await page.clock.runFor(2_500);
  await expect(close).toBeVisible();
  await page.clock.runFor(7_100); // close_automatically after 10 s
  await expect(popup).toBeHidden();
});

test('a background click closes a popup that allows it', async ({ page }) => {
  await open(page, '/weekly-deals');
  const popup = page.getByRole('dialog', { name: 'The new weekly ad, every Wednesday' });
  await page.clock.runFor(5_100);
  await expect(popup).toBeVisible();
  await page.mouse.click(10, 450);
  await page.clock.runFor(500);
  await expect(popup).toBeHidden();
});

test('a scroll-down popup appears when the page is scrolled to its percentage', async ({ page }) => {
  await open(page, '/popup-lab/scroll');
  const popup = page.getByRole('dialog', { name: 'Halfway there' });
  const scrollTo = (fraction: number) =>
    page.evaluate((f) => window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) * f), fraction);
  await scrollTo(0.3);
  await page.clock.runFor(100);
  await expect(popup).toBeHidden();
  await scrollTo(0.52);
  await expect(popup).toBeVisible();
  await keepScreenshot(page, 'popup-scroll');
});

test('a click popup appears on the third click, not before', async ({ page }) => {
  await open(page, '/popup-lab/click');
  const popup = page.getByRole('dialog', { name: 'Third time lucky' });
  const text = page.locator('.elementor-text-editor').first();
  await text.click();
  await text.click();
  await expect(popup).toBeHidden();
  await text.click();
  await expect(popup).toBeVisible();
});

test('inactivity fires after its time without activity; activity restarts it', async ({ page }) => {
  await open(page, '/popup-lab/inactivity');
  const popup = page.getByRole('dialog', { name: 'Still there?' });
  await page.clock.runFor(8_000);
  await page.mouse.move(200, 300);
  await page.clock.runFor(8_000);
  await expect(popup).toBeHidden();
  await page.clock.runFor(2_100);
  await expect(popup).toBeVisible();
});

test('exit intent: the offer appears when the pointer leaves at the top edge', async ({ page }) => {
  await open(page, '/weekly-deals');
  const offer = page.getByRole('dialog', { name: 'Before you go: free pickup from $35' });
  await page.mouse.move(600, 400);
  await page.mouse.move(600, 300);
  await expect(offer).toBeHidden();
  await page.dispatchEvent('html', 'mouseout', { clientX: 600, clientY: -1, relatedTarget: null });
  await expect(offer).toBeVisible();
  await page.clock.runFor(400);
  await keepScreenshot(page, 'popup-exit-offer');
});

test('avoid_multiple_popups: after the newsletter popped, the exit offer stays away', async ({ page }) => {
  await open(page, '/weekly-deals');
  const newsletter = page.getByRole('dialog', { name: 'The new weekly ad, every Wednesday' });
  const offer = page.getByRole('dialog', { name: 'Before you go: free pickup from $35' });
  await page.clock.runFor(5_100);
  await expect(newsletter).toBeVisible();
  await page.keyboard.press('Escape');
  await page.clock.runFor(500);
  await expect(newsletter).toBeHidden();
  await page.dispatchEvent('html', 'mouseout', { clientX: 600, clientY: -1, relatedTarget: null });
  await page.clock.runFor(500);
  await expect(offer).toBeHidden();
  const report = await page.evaluate(() => window.sitePopups?.explain(52));
  expect(report).toMatchObject({ status: 'avoided', fired: { trigger: 'exit_intent' } });
});

test('do-not-show-again survives a reload', async ({ page }) => {
  await open(page, '/weekly-deals');
  const popup = page.getByRole('dialog', { name: 'The new weekly ad, every Wednesday' });
  await page.clock.runFor(5_100);
  await expect(popup).toBeVisible();
  await popup.getByRole('button', { name: "No thanks, don't show this again" }).click();
  await page.clock.runFor(500);
  await expect(popup).toBeHidden();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
  await page.clock.runFor(10_000);
  await expect(popup).toBeHidden();
  expect(await page.evaluate(() => window.sitePopups?.explain(51)?.status)).toBe('disabled');
});

test('store-change confirmation: opens on the Change store link, traps focus, restores it on close', async ({ page }) => {
  const console = watchConsole(page);
  await open(page, '/weekly-deals');
  const popup = page.getByRole('dialog', { name: 'Change your store?' });
  const link = page.getByRole('link', { name: 'Change store' });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(popup).toBeVisible();
  await expect(page).toHaveURL(/\/weekly-deals$/); // the link did not navigate
  await page.clock.runFor(300);
  await expect(popup.getByRole('button', { name: 'Close' })).toBeFocused();
  // Tab cycles through the three controls and stays inside.
  const seen: string[] = [];
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    expect(await focusedInside(page, 'Change your store?')).toBe(true);
    seen.push(
      await page.evaluate(() => document.activeElement?.textContent?.trim() || document.activeElement?.getAttribute('aria-label') || ''),
    );
  }
  expect(seen).toEqual(['Choose another store', 'Keep my store', 'Close', 'Choose another store']);
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  expect(await focusedInside(page, 'Change your store?')).toBe(true);
  await popup.getByRole('button', { name: 'Keep my store' }).click();
  await page.clock.runFor(300);
  await expect(popup).toBeHidden();
  await expect(link).toBeFocused();
  expect(console.errors).toEqual([]);
});

test('with reduced motion the exit animation does not hold the popup open', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await open(page, '/weekly-deals');
  const popup = page.getByRole('dialog', { name: 'The new weekly ad, every Wednesday' });
  await page.clock.runFor(5_100);
  await expect(popup).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
});

test('popup:open and popup:close on the runtime bus open and close a popup by id', async ({ page }) => {
  await open(page, '/popup-lab/click');
  const popup = page.getByRole('dialog', { name: 'Third time lucky' });
  await page.evaluate(() => window.siteRuntime?.bus.emit('popup:open', { id: '58' }));
  await expect(popup).toBeVisible();
  await page.evaluate(() => window.siteRuntime?.bus.emit('popup:close', { id: '58' }));
  await page.clock.runFor(100);
  await expect(popup).toBeHidden();
});

test('explainer: the console API and the preview panel say why each popup did or did not show', async ({ page }) => {
  await open(page, '/'); // a page without popups counts as a page view too
  await page.goto('/popup-lab/scroll');
  await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
  const report = await page.evaluate(() => window.sitePopups?.explain(56));
  expect(report?.status).toBe('blocked');
  expect(report?.rules.map((r) => [r.name, r.pass, r.value])).toEqual([
    ['page_views', false, '2 page views'],
    ['logged_in', true, 'anonymous visitor'],
  ]);

  // Editors preview with ?preview=true and see the panel.
  const { nonce } = (await (await page.request.get('/api/shop/v1/me')).json()) as { nonce: string };
  const res = await page.request.post('/api/shop/v1/session', {
    data: { email: 'editor@harvestlane.test', password: 'editor-password' },
    headers: { 'X-WP-Nonce': nonce },
  });
  expect(res.ok()).toBe(true);
  await page.goto('/popup-lab/scroll?preview=true');
  const panel = page.getByRole('complementary', { name: 'Popup explainer' });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('#56 Members only');
  await expect(panel).toContainText('fail page_views');
  await expect(panel).toContainText('fail logged_in');
  await page.clock.resume(); // axe runs on timers
  await expectNoAxeViolations(page);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(panel).toContainText('fired: scrolling');
  await keepScreenshot(page, 'popup-explainer');
});
