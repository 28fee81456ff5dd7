import { expectNoAxeViolations, keepScreenshot, watchConsole, expect, test, reachIsland } from './support';

// One visit of / for the two checks that need no setup of their own (a step each: docs/testing.md). The carousel's
// own pace is measured before the keyboard moves it.
test('home page: one visit: widgets render, the runtime boots and attaches the carousel, no React; the carousel plays by itself and leaves the page idle', async ({
  firstVisitPage: page,
}) => {
  const console = watchConsole(page);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  const carousel = page.locator('[data-widget_type="image-carousel.default"]');
  await page.goto('/');
  await test.step('widgets render, the runtime boots and attaches the carousel', async () => {
    await expect(page.locator('h1.elementor-heading-title')).toHaveText('Fresh food, close to home');
    for (const type of ['heading', 'text-editor', 'image', 'image-carousel']) {
      await expect(page.locator(`[data-widget_type="${type}.default"]`).first()).toBeVisible();
    }
    await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
    await expect(carousel).toHaveClass(/e-carousel-ready/);
    await expect(carousel.locator('.swiper')).toHaveClass(/swiper-initialized/);
    await expect(carousel.locator('.swiper-pagination-bullet').first()).toHaveAttribute('aria-label', 'Go to slide 1');
  });
  await test.step('the carousel plays by itself and leaves the page idle while it waits for the next slide', async () => {
    await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
    const swiper = carousel.locator('.swiper');
    await expect(swiper).toHaveClass(/swiper-initialized/);
    type Playing = { swiper: { realIndex: number; params: { autoplay: { delay: number } }; once(event: string, fn: () => void): void } };
    // Animation frames the page asks for from the end of an autoplay move until half a delay later: Swiper's own
    // Autoplay asked for one every frame (a phone's compositor never rests); ours waits on a timer.
    const waiting = await swiper.evaluate(
      (el) =>
        new Promise<{ moved: boolean; frames: number }>((resolve) => {
          const { swiper } = el as unknown as Playing;
          const before = swiper.realIndex;
          swiper.once('autoplay', () =>
            swiper.once('transitionEnd', () => {
              const raf = window.requestAnimationFrame;
              let frames = 0;
              window.requestAnimationFrame = (callback) => (frames++, raf.call(window, callback));
              setTimeout(() => {
                window.requestAnimationFrame = raf;
                resolve({ moved: swiper.realIndex !== before, frames });
              }, swiper.params.autoplay.delay / 2);
            }),
          );
        }),
    );
    expect(waiting).toEqual({ moved: true, frames: 0 });
  });
  await test.step('the next arrow works by keyboard; no React', async () => {
    const before = await carousel.locator('.swiper-slide-active').getAttribute('aria-label');
    await carousel.locator('.elementor-swiper-button-next').focus();
    await page.keyboard.press('Enter');
    await expect(carousel.locator('.swiper-slide-active')).not.toHaveAttribute('aria-label', before ?? '');

    expect(scripts.some((s) => s.includes('/assets/app/'))).toBe(false);
    expect(scripts.some((s) => /handler-carousel-/.test(s))).toBe(true);
    await keepScreenshot(page, 'home', { fullPage: true });
    // Axe: the first-render sweep checks this page (e2e/first-render.spec.ts).
    expect(console.errors).toEqual([]);
  });
});

test('store locator: the store picker island hydrates and makes a store mine', async ({ firstVisitPage: page }) => {
  const console = watchConsole(page);
  await page.goto('/store/store-locator');
  const island = page.locator('[data-island="store-picker"]');
  await reachIsland(island);
  await page.getByLabel('Search by city, state or ZIP code').fill('PA');
  await expect(island.locator('.store-card')).toHaveCount(4);
  const card = island.locator('.store-card', { hasText: 'Pittsburgh Lawrenceville' });
  await card.getByRole('button', { name: 'Make This My Store' }).click();
  await expect(card.getByText('My Store')).toBeVisible();
  await page.reload();
  await expect(page.locator('.my-store')).toContainText('Pittsburgh Lawrenceville');
  await expectNoAxeViolations(page);
  expect(console.errors).toEqual([]);
});

test('an unknown page shows a 404 inside the site chrome', async ({ firstVisitPage: page }) => {
  const res = await page.goto('/definitely-not-here');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expectNoAxeViolations(page);
});
