import { chromium } from '@playwright/test';
import { type ChromiumBuild, chromiumLaunchOptions } from '../chromium.mjs';

// Which part of the editor-typing bench's viewport its browser draws (docs/performance.md, "Editor typing": why
// the counter's keys read late). A bare page holds one <input> at a chosen top; 20 keys are typed at 100 ms, then
// one change is made at the page's top. Per position: how many keys Event Timing reported at 16 ms or more, and the
// longest. A key whose frame is not drawn is reported only with the next drawn frame (here the change at the top,
// seconds later). Not a bench case: `npx tsx --tsconfig tsconfig.base.json scripts/bench/display-band.ts`
// [full|headless-shell] [viewport height] [tops, comma-separated].

const build = (process.argv[2] ?? 'full') as ChromiumBuild;
const height = Number(process.argv[3] ?? 900);
const tops = (process.argv[4] ?? '700,780,800,810,820,840,870').split(',').map(Number);
const KEYS = 20;

const browser = await chromium.launch(chromiumLaunchOptions({ build }));
try {
  const context = await browser.newContext({ viewport: { width: 1440, height } });
  for (const top of tops) {
    const page = await context.newPage();
    await page.setContent(`<input id="f" style="position:absolute;left:1100px;top:${top}px;width:300px;font:14px sans-serif">`);
    await page.focus('#f');
    await page.evaluate(() => {
      const w = window as unknown as { keys: number[] };
      w.keys = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (e.name === 'keydown') w.keys.push(e.duration);
      }).observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit);
    });
    for (let i = 0; i < KEYS; i++) {
      await page.keyboard.press('a');
      await page.waitForTimeout(100);
    }
    await page.waitForTimeout(300);
    await page.evaluate(() => {
      const mark = document.createElement('div');
      mark.textContent = 'drawn';
      mark.style.cssText = 'position:absolute;top:10px;left:10px';
      document.body.append(mark);
    });
    await page.waitForTimeout(300);
    const keys = await page.evaluate(() => (window as unknown as { keys: number[] }).keys);
    const box = await page.locator('#f').boundingBox();
    console.log(
      `${build}, viewport 1440 × ${height}: input at y ${box?.y}–${(box?.y ?? 0) + (box?.height ?? 0)}: ` +
        `${keys.length} of ${KEYS} keys reported ≥ 16 ms, longest ${Math.max(0, ...keys).toFixed(0)} ms`,
    );
    await page.close();
  }
} finally {
  await browser.close();
}
