import { chromium, type BrowserContextOptions, type Page } from '@playwright/test';
import { type ChromiumBuild, chromiumLaunchOptions } from '../chromium.mjs';
import { PHONE_CONTEXT } from './cases/vitals';
import { drawWholeViewport, pageWithDrawnViewport } from './drawn-viewport';

// Which part of a bench's viewport its browser draws (docs/performance.md, "Editor typing": why the counter's keys
// read late). Per chosen top, a bare page: first a paint, then keys. Paint: a text block with `elementtiming` is
// added at that top, and 1 s later a change at the page's top; its Element Timing render time and its LCP entry's
// start, from when it was added (a frame or two when drawn; 1 s or more when only the next frame drawn elsewhere
// dates it). Keys: 20 keys typed into an <input> there at 100 ms, then a change at the page's top; how many keys
// Event Timing reported at 16 ms or more, and the longest. Not a bench case:
// `npx tsx --tsconfig tsconfig.base.json scripts/bench/display-band.ts [full|headless-shell] [size] [tops] [flags]`:
// size is a height (1440 wide) or WxH; tops comma-separated; flags: --phone (the vitals bench's phone: device scale
// factor 3, touch, mobile), --mobile (the wire-bytes bench's: touch, mobile), --drawn (the emulated viewport's window
// grown by its frame: `drawWholeViewport`), --own-viewport (no emulation, the window's own viewport at that size:
// `pageWithDrawnViewport`, the editor-typing bench's).

const positional = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const flags = new Set(process.argv.slice(2).filter((a) => a.startsWith('--')));
const build = (positional[0] ?? 'full') as ChromiumBuild;
const [width, height] = (positional[1] ?? '900').includes('x')
  ? positional[1].split('x').map(Number)
  : [1440, Number(positional[1] ?? 900)];
const tops = (positional[2] ?? '700,780,800,810,820,840,870').split(',').map(Number);
const drawn = flags.has('--drawn');
const ownViewport = flags.has('--own-viewport');
const emulation: BrowserContextOptions = flags.has('--phone')
  ? { ...PHONE_CONTEXT, viewport: { width, height } }
  : flags.has('--mobile')
    ? { viewport: { width, height }, isMobile: true, hasTouch: true }
    : { viewport: { width, height } };
const KEYS = 20;
const PAINT_WAIT_MS = 1000;
const left = Math.max(0, width - 340);
const late = (ms: number) => `${Math.round(ms)} ms`;

async function probe(page: Page, top: number): Promise<string> {
  // A phone lays out a page without a viewport meta at 980 px wide, which would move the tops.
  await page.setContent(
    '<meta name="viewport" content="width=device-width,initial-scale=1"><p style="margin:0;font:10px sans-serif">.</p>',
  );
  await page.waitForTimeout(300);
  const mark = () =>
    page.evaluate(() => {
      const mark = document.createElement('div');
      mark.textContent = 'drawn';
      mark.style.cssText = 'position:absolute;top:10px;left:10px';
      document.body.append(mark);
    });
  // The paint: a text block where the input will be. Both stay inside the viewport: an element reaching past its
  // bottom would make the page scrollable, and the scrollbar's change is drawn at once.
  await page.evaluate(
    ([top, left]) => {
      const w = window as unknown as { added: number };
      const block = document.createElement('div');
      block.setAttribute('elementtiming', 'band');
      block.textContent = 'Fresh peaches and plums this week';
      block.style.cssText = `position:absolute;left:${left}px;top:${top}px;width:300px;font:16px sans-serif`;
      document.body.append(block);
      w.added = performance.now();
    },
    [top, left] as const,
  );
  await page.waitForTimeout(PAINT_WAIT_MS);
  await mark();
  await page.waitForTimeout(300);
  const paint = await page.evaluate(async () => {
    const added = (window as unknown as { added: number }).added;
    const [elements, lcps] = await Promise.all(
      ['element', 'largest-contentful-paint'].map(
        (type) =>
          new Promise<PerformanceEntry[]>((resolve) => {
            new PerformanceObserver((list, observer) => {
              observer.disconnect();
              resolve(list.getEntries());
            }).observe({ type, buffered: true });
            setTimeout(() => resolve([]), 500);
          }),
      ),
    );
    const element = elements.find((e) => (e as unknown as { identifier: string }).identifier === 'band');
    const lcp = lcps.at(-1);
    return {
      element: element ? (element as unknown as { renderTime: number }).renderTime - added : NaN,
      lcp: lcp ? lcp.startTime - added : NaN,
      lcpIsBlock: (lcp as unknown as { element?: Element } | undefined)?.element?.getAttribute('elementtiming') === 'band',
    };
  });
  await page.evaluate(
    ([top, left]) => {
      document.querySelector('[elementtiming]')?.remove();
      const input = document.createElement('input');
      input.id = 'f';
      input.style.cssText = `position:absolute;left:${left}px;top:${top}px;width:300px;font:14px sans-serif`;
      document.body.append(input);
    },
    [top, left] as const,
  );
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
  await mark();
  await page.waitForTimeout(300);
  const keys = await page.evaluate(() => (window as unknown as { keys: number[] }).keys);
  const box = await page.locator('#f').boundingBox();
  return (
    `input at y ${box?.y}–${(box?.y ?? 0) + (box?.height ?? 0)}: ${keys.length} of ${KEYS} keys reported ≥ 16 ms, ` +
    `longest ${late(Math.max(0, ...keys))}; text there rendered ${late(paint.element)} after it was added, ` +
    `LCP ${late(paint.lcp)}${paint.lcpIsBlock ? '' : ' (not the text)'}`
  );
}

const browser = await chromium.launch(chromiumLaunchOptions({ build }));
try {
  const label =
    `${build}, viewport ${width} × ${height}${flags.has('--phone') ? ' phone' : flags.has('--mobile') ? ' mobile' : ''}` +
    (ownViewport ? ", the window's own viewport" : drawn ? ', window grown by its frame' : '');
  const shared = ownViewport ? null : await browser.newContext(emulation);
  for (const top of tops) {
    if (shared) {
      const page = await shared.newPage();
      if (drawn) await drawWholeViewport(page);
      console.log(`${label}: ${await probe(page, top)}`);
      await page.close();
    } else {
      const { context, page } = await pageWithDrawnViewport(browser, width, height);
      console.log(`${label}: ${await probe(page, top)}`);
      await context.close();
    }
  }
} finally {
  await browser.close();
}
