import { type Page } from '@playwright/test';
import { expectNoAxeViolations, keepScreenshot, watchConsole, expect, test } from './support';

// The runtime showcase (/showcase): every widget and behaviour of the page-builder runtime. No test needs
// the internet: requests to other hosts are answered locally and recorded.

const HANDLER = /\/assets\/runtime\/handler-([\w-]+?)-[\w-]{8}\.js$/;

async function offline(page: Page): Promise<string[]> {
  const external: string[] = [];
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => {
    external.push(route.request().url());
    return route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><title>Video</title><p>Video player (offline)</p>',
    });
  });
  return external;
}

function chunksLoaded(page: Page): string[] {
  const chunks: string[] = [];
  page.on('request', (r) => {
    const m = HANDLER.exec(new URL(r.url()).pathname);
    if (m) chunks.push(m[1]);
  });
  return chunks;
}

async function ready(page: Page, path = '/showcase'): Promise<void> {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
}

/** Swiper ignores a key press while a looped carousel is still sliding: wait for the transition to end. */
const settled = (page: Page) =>
  page.waitForFunction(() => {
    const el = document.querySelector('[data-widget_type="image-carousel.default"] .swiper') as
      | (Element & { swiper?: { animating: boolean } })
      | null;
    return !!el?.swiper && !el.swiper.animating;
  });

const activeIndex = (page: Page, widget: string) =>
  page.locator(`[data-widget_type="${widget}.default"] .swiper-slide-active`).first().getAttribute('data-swiper-slide-index');

// One visit for the behaviours that need no setup of their own (no page clock, no reduced motion, a fresh page
// for nothing): a new context and a load of this page with every widget cost the browser lane about a CPU-second
// each (docs/testing.md). Each behaviour is a step named after it, in an order where none leans on another's state;
// the alert's step reloads the page, so it comes last.
test('one visit: every widget attaches its handler (axe clean); lightboxes, inline video, ARIA keyboard patterns, alert, off-canvas, contact buttons, floating bar; no console errors', async ({
  page,
}) => {
  test.slow(); // eight tests' work in one: three times the limit, for a loaded machine
  const console = watchConsole(page);
  const external = await offline(page);
  const apiLoads: string[] = [];
  // (registered last, so it wins over the offline catch-all) The provider's API, answered locally: it becomes ready a little later, as the real one does.
  await page.route('https://www.youtube.com/iframe_api', (route) => {
    apiLoads.push(route.request().url());
    return route.fulfill({
      contentType: 'text/javascript',
      body: `setTimeout(function () { window.YT = { loaded: 1, Player: function (el, o) { var f = document.createElement('iframe'); f.title = 'YouTube video player'; f.src = 'https://www.youtube.com/embed/' + o.videoId + '?autoplay=' + o.playerVars.autoplay + '&mute=' + o.playerVars.mute; el.replaceWith(f); } }; }, 500);`,
    });
  });
  const chunks = chunksLoaded(page);
  await ready(page);
  await test.step('every widget renders and attaches its handler; axe clean', async () => {
    for (const chunk of [
      'carousel',
      'slides',
      'lightbox',
      'gallery',
      'video',
      'audio',
      'accordion',
      'toggle',
      'nested-accordion',
      'tabs',
      'nested-tabs',
      'counter',
      'progress',
      'alert',
      'countdown',
      'text-path',
      'contact-buttons',
      'floating-bars',
      'off-canvas',
      'sticky',
      'anchors',
      'stretch',
      'motion',
      'link-actions',
    ]) {
      expect(chunks, chunk).toContain(chunk);
    }
    // Captions from image titles in the gallery (it starts as it comes near the viewport).
    await page.locator('[data-widget_type="gallery.default"]').scrollIntoViewIfNeeded();
    await expect(page.locator('.e-gallery-caption').first()).toHaveText('Recipe of the week #1');
    // The stretched section spans the viewport.
    const stretched = await page.locator('.elementor-section-stretched').boundingBox();
    expect(Math.round(stretched!.x)).toBe(0);
    expect(Math.round(stretched!.width)).toBe(await page.evaluate(() => document.documentElement.clientWidth));
    await keepScreenshot(page, 'showcase');
    // Every widget started (the first-render sweep sees the page before those below the fold start).
    await expectNoAxeViolations(page);
  });
  await test.step('an image opens in the lightbox and closes with Esc', async () => {
    const link = page.locator('[data-widget_type="image.default"] a');
    await link.click();
    const pswp = page.locator('.pswp');
    await expect(pswp).toBeVisible();
    await expect(pswp.locator('img.pswp__img').first()).toHaveAttribute('src', /\/media\/banners\/produce\.svg$/);
    await expect(pswp).toHaveClass(/e-lightbox-ready/);
    await keepScreenshot(page, 'showcase-lightbox');
    await page.keyboard.press('Escape');
    await expect(pswp).toHaveCount(0);
    // Gallery images open as one slideshow.
    await page.locator('.e-gallery-item a').nth(1).click();
    await expect(page.locator('.pswp__counter')).toHaveText('2 / 6');
    await expect(page.locator('.pswp')).toHaveClass(/e-lightbox-ready/);
    await page.keyboard.press('Escape');
    await expect(page.locator('.pswp')).toHaveCount(0);
  });
  await test.step('video links open a lightbox with the provider embed URL, without the internet', async () => {
    await page.getByRole('link', { name: 'Play video: How we pick peaches' }).click();
    const frame = page.locator('.pswp iframe');
    await expect(frame).toHaveAttribute('src', 'https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed&autoplay=1&rel=0&controls=1');
    await expect(frame).toHaveAttribute('title', 'Play video: How we pick peaches');
    await expect(page.locator('.pswp')).toHaveClass(/e-lightbox-ready/);
    await keepScreenshot(page, 'showcase-video');
    await page.keyboard.press('Escape');
    await expect(page.locator('.pswp')).toHaveCount(0);
    await page.getByRole('link', { name: 'Play video: A day at the farm' }).click();
    await expect(page.locator('.pswp iframe')).toHaveAttribute('src', 'https://player.vimeo.com/video/235215203?autoplay=1&dnt=1');
    // Anything external was answered locally (the test never needed the network).
    expect(external.every((u) => /youtube\.com|vimeo\.com/.test(u))).toBe(true);
    // Closed, so that the next step's button is not behind it.
    await page.keyboard.press('Escape');
    await expect(page.locator('.pswp')).toHaveCount(0);
  });
  await test.step('an inline YouTube video loads the provider API once, polls until ready, then plays in place', async () => {
    const play = page.getByRole('button', { name: 'Play video: Inside our bakery' });
    await play.click();
    const frame = page.locator('[data-id="c5f047"] iframe');
    await expect(frame).toHaveAttribute('src', 'https://www.youtube.com/embed/aqz-KE-bpKQ?autoplay=1&mute=0');
    await expect(page.locator('script[src="https://www.youtube.com/iframe_api"]')).toHaveCount(1);
    expect(apiLoads).toHaveLength(1);
  });
  await test.step('accordion, tabs and toggle follow the WAI-ARIA keyboard patterns', async () => {
    const acc = page.locator('[data-widget_type="accordion.default"]');
    const first = acc.getByRole('button', { name: 'Can I change my pickup time?' });
    const second = acc.getByRole('button', { name: 'Do you substitute items?' });
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await first.focus();
    await page.keyboard.press('ArrowDown');
    await expect(second).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(acc.getByText('We never substitute allergens.')).toBeVisible();
    await page.keyboard.press('End');
    await expect(acc.getByRole('button', { name: 'Is there a minimum order?' })).toBeFocused();

    // Toggle: several open at once.
    const toggle = page.locator('[data-widget_type="toggle.default"]');
    await toggle.getByRole('button', { name: 'Allergen information' }).click();
    await toggle.getByRole('button', { name: 'Returns' }).click();
    await expect(toggle.locator('[aria-expanded="true"]')).toHaveCount(2);

    const tabs = page.locator('[data-widget_type="tabs.default"]');
    await tabs.getByRole('tab', { name: 'Bakery' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(tabs.getByRole('tab', { name: 'Deli' })).toBeFocused();
    await expect(tabs.getByRole('tab', { name: 'Deli' })).toHaveAttribute('aria-selected', 'true');
    await expect(tabs.getByRole('tabpanel')).toHaveText('Sliced to order.');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(tabs.getByRole('tab', { name: 'Seafood' })).toHaveAttribute('aria-selected', 'true');

    const nested = page.locator('[data-widget_type="nested-tabs.default"]');
    await nested.getByRole('tab', { name: 'Online' }).click();
    await expect(nested.getByRole('tabpanel')).toContainText('Choose a pickup window');
  });
  await test.step('a plain image link in rich text opens the named lightbox; an Esc during its opening closes it (docs/behaviour.md)', async () => {
    const link = page.locator('[data-id="c5f022"] a[href$="5044.svg"]');
    await link.click();
    const dialog = page.getByRole('dialog', { name: 'Image viewer' });
    await expect(dialog).toBeVisible();
    await expect(page.locator('.pswp')).toHaveClass(/e-lightbox-ready/);
    await page.keyboard.press('Escape');
    await expect(page.locator('.pswp')).toHaveCount(0);
    await expect(link).toBeFocused();

    // Esc pressed at once, while PhotoSwipe still animates open: it closes as soon as the animation ends.
    for (let i = 0; i < 4; i++) {
      await link.click();
      await page.keyboard.press('Escape');
      await expect(page.locator('.pswp')).toHaveCount(0);
    }
  });
  await test.step('off-canvas: the close × is dark on the white panel; focus moves in after the modal delay and comes back (docs/behaviour.md)', async () => {
    const opener = page.getByRole('link', { name: 'Store services' });
    // Timestamps of the click and of focus arriving in the panel (docs/behaviour.md: 100 ms for modals).
    await page.evaluate(() => {
      const w = window as unknown as { clickedAt?: number; focusedAt?: number };
      document.addEventListener('click', () => (w.clickedAt ??= performance.now()), true);
      document.addEventListener('focusin', (e) => {
        if ((e.target as Element).closest('.e-off-canvas')) w.focusedAt ??= performance.now();
      });
    });
    await opener.click();
    const panel = page.getByRole('dialog', { name: 'Store services' });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Catering' })).toBeFocused();
    const delay = await page.evaluate(() => {
      const w = window as unknown as { clickedAt: number; focusedAt: number };
      return w.focusedAt - w.clickedAt;
    });
    expect(delay).toBeGreaterThanOrEqual(95);
    const close = panel.getByRole('button', { name: 'Close' });
    const [color, background] = await close.evaluate((el) => {
      const main = el.closest('.e-off-canvas__main')!;
      return [getComputedStyle(el).color, getComputedStyle(main).backgroundColor];
    });
    expect(background).toBe('rgb(255, 255, 255)');
    expect(color).not.toBe('rgb(255, 255, 255)');
    await keepScreenshot(page, 'conformance-off-canvas');
    await close.click();
    await expect(panel).toBeHidden();
    await expect(opener).toBeFocused();
  });
  await test.step('alert dismiss, off-canvas link action, contact buttons and floating bar', async () => {
    await page.getByRole('button', { name: 'Dismiss this alert.' }).click();
    await expect(page.getByText('Store hours change on holidays.')).toBeHidden();

    const opener = page.getByRole('link', { name: 'Store services' });
    await opener.click();
    const panel = page.getByRole('dialog', { name: 'Store services' });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Catering' })).toBeFocused();
    await expect(opener).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(opener).toBeFocused();

    // popup:open / popup:close link actions, answered by the popups module.
    await page.getByRole('link', { name: 'The new weekly ad, every Wednesday' }).click();
    const popup = page.getByRole('dialog', { name: 'The weekly ad, by email' });
    await expect(popup).toBeVisible();
    await popup.getByRole('link', { name: 'No thanks' }).click();
    await expect(popup).toBeHidden();

    const chat = page.getByRole('button', { name: 'Open contact options' });
    await chat.click();
    await expect(page.getByRole('link', { name: 'Call the store' })).toHaveAttribute('href', 'tel:+14125550100');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('link', { name: 'Call the store' })).toBeHidden();

    // reload_page link action.
    await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
    await Promise.all([page.waitForEvent('load'), page.getByRole('link', { name: 'Reload this page' }).click()]);
    expect(await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload)).toBeUndefined();
    await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');

    await page.getByRole('button', { name: 'Close this bar' }).click();
    await expect(page.getByText('Pickup is free from $35 at every store.')).toBeHidden();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
    await expect(page.getByText('Pickup is free from $35 at every store.')).toBeHidden();
  });
  expect(console.errors).toEqual([]);
});

test('carousel autoplays, pauses on hover, and its arrows and dots work by keyboard', async ({ page }) => {
  const console = watchConsole(page);
  await page.clock.install(); // autoplay moves when the test moves the page's clock
  await ready(page);
  const carousel = page.locator('[data-widget_type="image-carousel.default"]');
  await carousel.scrollIntoViewIfNeeded();
  await expect(carousel.locator('.swiper')).toHaveClass(/swiper-initialized/);
  const first = await activeIndex(page, 'image-carousel');
  await page.clock.runFor(1600); // one autoplay delay (1500 ms)
  await expect.poll(() => activeIndex(page, 'image-carousel')).not.toBe(first);

  await carousel.locator('.swiper').hover();
  await expect(carousel).toHaveClass(/e-carousel-paused/);
  const held = await activeIndex(page, 'image-carousel');
  await page.clock.runFor(3200); // more than two autoplay delays (1500 ms), whatever the machine's speed
  expect(await activeIndex(page, 'image-carousel')).toBe(held);
  await page.mouse.move(5, 5);
  await expect(carousel).not.toHaveClass(/e-carousel-paused/);

  // Arrows by keyboard, with the pointer resting on the carousel so autoplay cannot race the keys
  // (the interaction then stops autoplay: pause_on_interaction).
  await carousel.locator('.swiper').hover();
  await expect(carousel).toHaveClass(/e-carousel-paused/);
  const next = carousel.locator('.elementor-swiper-button-next');
  await expect(next).toHaveAttribute('aria-label', 'Next slide');
  await settled(page);
  const before = Number(await activeIndex(page, 'image-carousel'));
  await next.focus();
  await page.keyboard.press('Enter');
  await expect.poll(async () => Number(await activeIndex(page, 'image-carousel'))).toBe((before + 1) % 6);
  await settled(page);
  await carousel.locator('.elementor-swiper-button-prev').focus();
  await page.keyboard.press('Enter');
  await expect.poll(async () => Number(await activeIndex(page, 'image-carousel'))).toBe(before);
  await settled(page);

  // Dots by keyboard, labelled from the config's accessibility strings.
  const dot = carousel.locator('.swiper-pagination-bullet').nth(4);
  await expect(dot).toHaveAttribute('aria-label', 'Go to slide 5');
  await dot.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => activeIndex(page, 'image-carousel')).toBe('4');
  expect(console.errors).toEqual([]);
});

test('an anchor link lands below the sticky header', async ({ page }) => {
  const console = watchConsole(page);
  await ready(page);
  const header = page.locator('.showcase-header');
  for (const target of ['questions', 'numbers']) {
    // The anchor offset (96) plus the site header the sticky menu sticks below (core/handlers/anchors).
    await expect.poll(() => page.locator(`#${target}`).evaluate((el) => parseFloat(el.style.scrollMarginTop))).toBeGreaterThan(96);
    await header.getByRole('link', { name: target === 'questions' ? 'Questions' : 'Numbers' }).click();
    await expect(header).toHaveClass(/elementor-sticky--active/);
    await expect
      .poll(async () => {
        const h = await header.boundingBox();
        const t = await page.locator(`#${target}`).boundingBox();
        return Math.round(t!.y) >= Math.round(h!.y + h!.height) && t!.y < 200;
      })
      .toBe(true);
  }
  await keepScreenshot(page, 'showcase-anchor');
  expect(console.errors).toEqual([]);
});

test('with reduced motion nothing animates', async ({ page }) => {
  const console = watchConsole(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // The page's clock is ours: "nothing happens in 5 s" is then a fact, not a sleep that a busy machine stretches.
  await page.clock.install();
  await ready(page);
  // Scroll every animated element into view, one viewport at a time, each position rendered (two frames) so the
  // observers see it. The page may grow as images load, and scroll anchoring may move a position: the loop reads
  // the height each time and waits for frames, not for an exact scroll offset.
  for (let y = 0; y < (await page.evaluate(() => document.documentElement.scrollHeight)); y += 800) {
    await page.evaluate(
      (top) =>
        new Promise((resolve) => {
          window.scrollTo({ top, behavior: 'instant' });
          requestAnimationFrame(() => requestAnimationFrame(resolve));
        }),
      y,
    );
  }
  await expect(page.locator('.elementor-invisible')).toHaveCount(0);
  await expect(page.locator('.animated')).toHaveCount(0);
  await expect(page.locator('.elementor-counter-number')).toHaveText('1,250');
  const before = await activeIndex(page, 'image-carousel');
  await page.clock.runFor(5000); // more than the autoplay delay
  expect(await activeIndex(page, 'image-carousel')).toBe(before); // no autoplay
  // Reduced motion shortens transitions to 0.01 ms (site.css), so transitionend still fires: such a transition
  // may be caught mid-frame (back-to-top hiding after 3 s); anything longer is an animation that should not be.
  const running = () =>
    document.getAnimations().filter((a) => a.playState === 'running' && Number(a.effect?.getComputedTiming().duration ?? 0) > 1).length;
  expect(await page.evaluate(running)).toBe(0);
  expect(console.errors).toEqual([]);
});

test('entrance animations play once on entering the viewport', async ({ page }) => {
  await ready(page);
  const numbers = page.locator('#numbers');
  await expect(numbers).toHaveClass(/elementor-invisible/);
  await numbers.scrollIntoViewIfNeeded();
  await expect(numbers).toHaveClass(/animated fadeInUp/);
  await expect(numbers).not.toHaveClass(/elementor-invisible/);
});

test('no chunk loads on a page without its widget (network log)', async ({ page }) => {
  // The site header's chunks (store layer, header cart) and the field-vitals beacon load on every page: leave them out.
  // cart-attribution goes with the header cart (an add to cart after a click on measured content counts for it);
  // the header's held pickup window and its search suggestions load once the browser is idle.
  const SITE_WIDE = ['header', 'store-layer', 'vitals', 'header-cart', 'cart-attribution', 'header-pickup', 'search-suggest'];
  const chunks = chunksLoaded(page);
  await ready(page, '/');
  // The home page's slider and content blocks are measured (block-measure); nothing else beyond its carousel.
  expect(chunks.filter((c) => !SITE_WIDE.includes(c)).sort()).toEqual(['block-measure', 'carousel']);
  chunks.length = 0;
  await ready(page, '/showcase/500-elements');
  expect([...new Set(chunks)].filter((c) => !SITE_WIDE.includes(c)).sort()).toEqual(['accordion', 'counter', 'motion']);
});
