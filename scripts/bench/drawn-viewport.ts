import type { Browser, BrowserContext, Page } from '@playwright/test';

/**
 * A page whose whole viewport the browser draws, at `width` × `height` CSS pixels. The full browser in headless mode
 * keeps a window frame it does not show (87 px high in Chromium 156): with Playwright's emulated viewport the window
 * is sized to the viewport, so the page's bottom band is laid out but never drawn, and Event Timing dates a key typed
 * there by the next frame drawn elsewhere (docs/performance.md, "Editor typing"). Here the page takes the window's
 * own viewport, and the window is grown by its frame.
 */
export async function pageWithDrawnViewport(
  browser: Browser,
  width: number,
  height: number,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: null });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const { windowId } = await cdp.send('Browser.getWindowForTarget');
  const inner = () => page.evaluate(() => [innerWidth, innerHeight] as const);
  await cdp.send('Browser.setWindowBounds', { windowId, bounds: { windowState: 'normal', width, height } });
  const [w, h] = await inner();
  await cdp.send('Browser.setWindowBounds', { windowId, bounds: { width: 2 * width - w, height: 2 * height - h } });
  const [w2, h2] = await inner();
  if (w2 !== width || h2 !== height) throw new Error(`drawn viewport: asked ${width} × ${height}, the window gives ${w2} × ${h2}`);
  await cdp.detach();
  return { context, page };
}
