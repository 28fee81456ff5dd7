import type { Browser, BrowserContext, Page } from '@playwright/test';

// The full browser in headless mode keeps a window frame it does not show (87 px high in Chromium 156; the headless
// shell has none). With Playwright's emulated viewport the window is sized to the viewport, so the page's bottom band
// is laid out but never drawn: Event Timing dates a key typed there, and paint timing an element painted there, by
// the next frame drawn elsewhere (docs/performance.md, "Editor typing"; `display-band.ts` shows the band). The cure
// is a window grown by its frame, whichever way the page gets its viewport.

interface Size {
  width: number;
  height: number;
}

const frames = new WeakMap<Browser, Promise<Size>>();

async function setWindowSize(page: Page, { width, height }: Size): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const { windowId } = await cdp.send('Browser.getWindowForTarget');
  await cdp.send('Browser.setWindowBounds', { windowId, bounds: { windowState: 'normal', width, height } });
  const { bounds } = await cdp.send('Browser.getWindowBounds', { windowId });
  await cdp.detach();
  if (bounds.width !== width || bounds.height !== height)
    throw new Error(`drawn viewport: asked a ${width} × ${height} window, got ${bounds.width} × ${bounds.height}`);
}

/**
 * The browser's window frame: a window's size less its page's viewport, read once per browser on a page of its own
 * (a page with an emulated viewport reports the emulated size, not what its window holds).
 */
export function windowFrame(browser: Browser): Promise<Size> {
  let frame = frames.get(browser);
  if (!frame) {
    frame = (async () => {
      const context = await browser.newContext({ viewport: null });
      try {
        const page = await context.newPage();
        const window = { width: 800, height: 600 };
        await setWindowSize(page, window);
        const [w, h] = await page.evaluate(() => [innerWidth, innerHeight] as const);
        return { width: window.width - w, height: window.height - h };
      } finally {
        await context.close();
      }
    })();
    frames.set(browser, frame);
  }
  return frame;
}

/** A page whose whole viewport the browser draws, at `width` × `height` CSS pixels: the window's own viewport. */
export async function pageWithDrawnViewport(
  browser: Browser,
  width: number,
  height: number,
): Promise<{ context: BrowserContext; page: Page }> {
  const frame = await windowFrame(browser);
  const context = await browser.newContext({ viewport: null });
  const page = await context.newPage();
  await setWindowSize(page, { width: width + frame.width, height: height + frame.height });
  const [w, h] = await page.evaluate(() => [innerWidth, innerHeight] as const);
  if (w !== width || h !== height) throw new Error(`drawn viewport: asked ${width} × ${height}, the window gives ${w} × ${h}`);
  return { context, page };
}

/**
 * Grows the window of a page with an emulated viewport by the frame, so that the browser draws the whole viewport.
 * The emulation stays as the context set it (a phone's device scale factor, touch and mobile layout, which
 * `viewport: null` cannot have). Call it before the page is navigated.
 */
export async function drawWholeViewport(page: Page): Promise<void> {
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('drawWholeViewport: the page has no emulated viewport (use pageWithDrawnViewport)');
  const browser = page.context().browser();
  if (!browser) throw new Error('drawWholeViewport: the page has no browser');
  const frame = await windowFrame(browser);
  await setWindowSize(page, { width: viewport.width + frame.width, height: viewport.height + frame.height });
}
