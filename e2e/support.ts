import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Collects console errors and failed requests for the page so each test can assert there were none. */
export function watchConsole(page: Page): { errors: string[] } {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(String(err)));
  return { errors };
}

/** Waits for running finite animations (an entrance fade, a slide): axe judges contrast on a still frame. */
async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * axe as every check here runs it. Legacy mode runs axe in the page itself instead of finishing each run in a
 * new blank tab (a tab and a renderer per check); it skips cross-origin frames, which a closed test network
 * cannot load anyway. Only violations are asserted, so passes and incompletes are not collected node by node.
 * Together they make a check 2-3x cheaper in CPU, the budget of a 2-core test run.
 */
function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
}

export async function expectNoAxeViolations(page: Page, options: { exclude?: string[] } = {}): Promise<void> {
  await animationsSettled(page);
  let builder = axe(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  for (const sel of options.exclude ?? []) builder = builder.exclude(sel);
  const results = await builder.analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')})`,
  );
  expect(summary).toEqual([]);
}

/**
 * axe with every rule and every impact (best practices such as region, landmark-unique and heading-order
 * included), failing on any violation. `state` names what is open, for the message.
 */
export async function expectAxeClean(page: Page, state = ''): Promise<void> {
  await animationsSettled(page);
  const results = await axe(page).analyze();
  const summary = results.violations.map(
    (v) =>
      `${state} ${v.id} (${v.impact}): ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(', ')}`,
  );
  expect(summary).toEqual([]);
}

/**
 * Installs the page clock paused at `at`, before any page loads: page timers then run only when the test moves
 * the clock. The clock runs from its install until the pause, so it starts a minute early: a loaded machine
 * that stalls between the two calls would otherwise pause at a moment already past, which Playwright refuses.
 */
export async function installPausedClock(page: Page, at: Date): Promise<void> {
  await page.clock.install({ time: new Date(at.getTime() - 60_000) });
  await page.clock.pauseAt(at);
}

/**
 * Pauses a running page clock `aheadMs` after its current time. Reading the time and pausing are two calls; if
 * the machine stalls longer than `aheadMs` between them, the moment has passed: read the time again.
 */
export async function pauseClockSoon(page: Page, aheadMs = 1_000): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + aheadMs);
      return;
    } catch (error) {
      if (attempt >= 5 || !String(error).includes('Cannot fast-forward to the past')) throw error;
    }
  }
}

/**
 * Runs in the page: sums its layout shifts not caused by input into `window.__shift` (read it with `layoutShift`).
 * `buffered` also counts the shifts before the call (pass it to addInitScript for a whole load; to evaluate with
 * false to count from now on).
 */
export function countLayoutShifts(buffered: boolean): void {
  const w = window as unknown as { __shift: number };
  w.__shift = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>)
      if (!e.hadRecentInput) w.__shift += e.value;
  }).observe({ type: 'layout-shift', buffered });
}

/** The layout shift counted since `countLayoutShifts`. */
export const layoutShift = (page: Page): Promise<number> => page.evaluate(() => (window as unknown as { __shift: number }).__shift);
