import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { AxeResults, ElementContext, RunOptions } from 'axe-core';
import {
  expect,
  test as base,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from '@playwright/test';

import type { Device } from './devices';

import { type Role, sessionOf } from './sessions';
import { firstVisitTab, lendTab, signedInTab } from './shared-tabs';

export { DESKTOP, DEVICES, PHONE, type Device } from './devices';
export { ACCOUNTS, type Role, sessionOf, signIn } from './sessions';
export { resetToFirstVisit, resetToSignedIn, reusedTab } from './shared-tabs';

/**
 * The tags that place a browser test (playwright.config.ts). Every test runs on the `desktop` project; a test tagged
 * `@phone` runs on the `phone` project too, and one tagged `@phone-only` there alone. `npm test` (the gate) runs the
 * desktop project less the journeys and the sweep; `npm run test:matrix` runs the phone project, the journeys (one long
 * test across several features, each of which has tests of its own in the gate: the every-widget editor journey, the
 * keyboard-only visit, the shop journeys) and the axe sweep on the desktop. CI runs both commands (.ci/run).
 */
export const PHONE_TAG = '@phone';
export const PHONE_ONLY_TAG = '@phone-only';
export const JOURNEY_TAG = '@journey';
/** A journey across features (see JOURNEY_TAG). */
export const JOURNEY = { tag: [JOURNEY_TAG] };
/**
 * The exhaustive axe sweep (e2e/axe-sweep.spec.ts, the costliest spec): the matrix runs it on both devices, as it runs
 * the journeys; the gate keeps the axe checks of the seeded pages' first view and of each feature's own states.
 */
export const SWEEP_TAG = '@sweep';
/** A test written for the phone alone: the phone project runs it. */
export const ON_PHONE = { tag: [PHONE_ONLY_TAG] };
/** A test written for every device: the desktop project runs it, and the phone project in the matrix. */
export const ON_EVERY_DEVICE = { tag: [PHONE_TAG] };
/** For a test written once per device in a loop: its phone copy runs on the phone project alone. */
export const rerunOnPhone = (device: string): { tag: string[] } => (device === 'phone' ? ON_PHONE : { tag: [] });

/**
 * A new tab of its own (a second visitor beside the test's `page`), signed in as `as` if given. Contexts a test opens
 * take the project's options (its device, the worker's server), as Playwright gives them; this one closes at the end
 * of the test.
 */
export async function newTab(browser: Browser, options: BrowserContextOptions & { as?: Role } = {}): Promise<Page> {
  const { as, ...rest } = options;
  const context = await browser.newContext({ ...(as ? { storageState: await sessionOf(as) } : {}), ...rest });
  opened.push(context);
  return context.newPage();
}
const opened: BrowserContext[] = [];

/**
 * The browser tests' `test`: Playwright's, plus `device` (the project's: 'desktop' or 'phone') and `signedInAs`, a
 * role whose session the test's `page` starts with (`test.use({ signedInAs: 'editor' })`). The session goes into the
 * page's context alone, not into the options every context of the test inherits: another visitor the test opens
 * (`browser.newContext()`, the `request` fixture) stays anonymous. Two shared tabs save a test its own context and
 * renderer: `firstVisitPage` for anonymous pages (`firstVisitTab`), `signedInPage` for the `signedInAs` role's
 * (`signedInTab`: `async ({ signedInPage: page }) => …`).
 */
export const test = base.extend<{
  device: Device;
  signedInAs: Role | undefined;
  closeNewTabs: void;
  firstVisitPage: Page;
  signedInPage: Page;
}>({
  device: ['desktop', { option: true }],
  signedInAs: [undefined, { option: true }],
  firstVisitPage: async ({ browser }, use, testInfo) => {
    await lendTab(await firstVisitTab(browser), use, testInfo);
  },
  signedInPage: async ({ browser, signedInAs, baseURL }, use, testInfo) => {
    if (!signedInAs) throw new Error("signedInPage needs the test's role: test.use({ signedInAs: 'editor' })");
    await lendTab(await signedInTab(browser, signedInAs, String(baseURL)), use, testInfo);
  },
  context: async ({ context, signedInAs, baseURL }, use) => {
    if (signedInAs) await context.addCookies((await sessionOf(signedInAs, baseURL)).cookies);
    await use(context);
  },
  closeNewTabs: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from its first parameter.
    async ({}, use) => {
      await use();
      for (const context of opened.splice(0)) await context.close();
    },
    { auto: true },
  ],
});
export { expect };

/**
 * The editor's "Published" status, and only it. A string in `hasText` is a case-insensitive substring: "Published"
 * also matched the autosave's "Draft saved. Visitors still see the published version.", so a test went on to the
 * visitor's page before the publish had committed (a gate failure under load, theme-builder.spec.ts).
 */
export const publishedStatus = (page: Page): Locator =>
  page.getByRole('status').filter({ hasText: /^Published\. Visitors now see this version\./ });

/**
 * A name of this run's own, for what a test creates in a worker's database (a list, a title): the database outlives
 * the test, so a second run (--repeat-each, or another test on the same seeded account) would find the first run's.
 */
export const ownName = (name: string): string => `${name} ${Date.now().toString(36).slice(-5)}`;

/** Collects console errors and failed requests for the page so each test can assert there were none. */
export function watchConsole(page: Page): { errors: string[] } {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    // "Failed to load resource" names no address; the location does, so a failure says which call it was.
    const url = msg.location().url;
    errors.push(url && msg.text().startsWith('Failed to load resource') ? `${msg.text()} ${url}` : msg.text());
  });
  page.on('pageerror', (err) => errors.push(String(err)));
  return { errors };
}

/**
 * Saves a screenshot for a person to look at, under `test-results/screens/`, when E2E_SCREENSHOTS=1. `npm test` takes
 * none: no test asserts on them, and a full-page capture costs the browser 0.2–0.6 CPU-seconds (PNG encoding of a
 * tall page), about 20 of the suite's CPU-seconds in all. A failing test keeps its screenshot either way.
 */
export async function keepScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!process.env.E2E_SCREENSHOTS) return;
  await page.screenshot({ path: `test-results/screens/${name}.png`, ...options });
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

/** What a check reports of one violation: enough to find it, small enough to cross the protocol. */
interface Violation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe as every check here runs it. On a page without frames, axe runs in the page itself, injected once per
 * document, and only the violations' ids and first targets come back: about a third less CPU per check than
 * AxeBuilder, which injects it again and returns every node of every result (the budget of a 2-core test run).
 * A page with frames (TinyMCE's) goes through AxeBuilder, which puts axe in each frame. Legacy mode runs it in the
 * page instead of a new tab per check; it skips cross-origin frames, which a closed test network cannot load.
 */
async function axeViolations(
  page: Page,
  options: { tags?: string[]; exclude?: string[]; rules?: Record<string, { enabled: boolean }> } = {},
): Promise<Violation[]> {
  await animationsSettled(page);
  if ((await page.locator('iframe').count()) > 0) {
    let builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
    if (options.tags) builder = builder.withTags(options.tags);
    if (options.rules) builder = builder.options({ resultTypes: ['violations'], rules: options.rules });
    for (const sel of options.exclude ?? []) builder = builder.exclude(sel);
    const results = await builder.analyze();
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
  }
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async ({ tags, exclude, rules }) => {
    const axe = (window as unknown as { axe: { run: (context: ElementContext, options: RunOptions) => Promise<AxeResults> } }).axe;
    const context = exclude?.length ? { exclude: exclude.map((sel) => [sel]) } : document;
    const results = await axe.run(context, {
      resultTypes: ['violations'],
      ...(tags ? { runOnly: { type: 'tag' as const, values: tags } } : {}),
      ...(rules ? { rules } : {}),
    });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
  }, options);
}

/** The WCAG 2.1 A and AA rules only (the widget and journey checks); `exclude` leaves parts of the page out. */
export async function expectNoAxeViolations(page: Page, options: { exclude?: string[] } = {}): Promise<void> {
  const violations = await axeViolations(page, { tags: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'], exclude: options.exclude });
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.targets.join(', ')})`)).toEqual([]);
}

/**
 * axe with every rule and every impact (best practices such as region, landmark-unique and heading-order
 * included), failing on any violation. `state` names what is open, for the message.
 */
export async function expectAxeClean(page: Page, state = ''): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations.map((v) => `${state} ${v.id} (${v.impact}): ${v.targets.join(', ')}`)).toEqual([]);
}

/** expectAxeClean with WCAG 2.2 AA's target-size (24 × 24 px), a rule axe leaves off unless asked. */
export async function expectAxeClean22(page: Page, state = ''): Promise<void> {
  const violations = await axeViolations(page, { rules: { 'target-size': { enabled: true } } });
  expect(violations.map((v) => `${state} ${v.id} (${v.impact}): ${v.targets.join(', ')}`)).toEqual([]);
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

/** Hydrates an island that waits for the visitor (react-app/islands/hydration.ts) as a pointer over it does. */
export async function reachIsland(island: Locator): Promise<void> {
  // Once the islands' loader watches it ('false'; 'true' once hydrated): before, nothing hears the pointer.
  await expect(island).toHaveAttribute('data-hydrated', /^(false|true)$/);
  await island.dispatchEvent('pointerover');
  await expect(island).toHaveAttribute('data-hydrated', 'true');
}
