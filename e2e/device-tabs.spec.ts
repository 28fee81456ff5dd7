import { expect, ON_EVERY_DEVICE, reusedTab, test } from './support';

// The tabs tests share (`reusedTab`, `firstVisitPage`) are on the project's device: the phone project's were desktop
// tabs of 1280 × 720 (no touch, the desktop's user agent), so its axe sweep and first views checked the desktop's
// layout twice and the phone's never.
test.describe('shared tabs', ON_EVERY_DEVICE, () => {
  test("are on the project's device", async ({ browser, firstVisitPage, device }, testInfo) => {
    const { viewport, isMobile } = testInfo.project.use;
    for (const page of [await reusedTab(browser, device), firstVisitPage]) {
      expect(page.viewportSize()).toEqual(viewport);
      await page.goto('/');
      expect(await page.evaluate(() => innerWidth)).toBe(viewport!.width);
      expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(!!isMobile);
    }
  });
});
