import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { AxeResults, ElementContext, RunOptions } from 'axe-core';
import {
  expect,
  request as apiRequest,
  test as base,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';

import type { Device } from './devices';

export { DESKTOP, DEVICES, PHONE, type Device } from './devices';

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

/** The seeded accounts the tests sign in as (fixtures/users.ts; docs/operations.md lists them). */
export const ACCOUNTS = {
  admin: { email: 'admin@harvestlane.test', password: 'admin-password' },
  editor: { email: 'editor@harvestlane.test', password: 'editor-password' },
  merchandiser: { email: 'merchandiser@harvestlane.test', password: 'merchandiser-password' },
  contributor: { email: 'contributor@harvestlane.test', password: 'contributor-password' },
  staff: { email: 'staff@harvestlane.test', password: 'staff-password' },
  casey: { email: 'casey@example.test', password: 'casey-password' },
  jordan: { email: 'jordan@example.test', password: 'jordan-password' },
} as const;
export type Role = keyof typeof ACCOUNTS;
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

// One session per role and worker server, signed in through POST /login the first time a test needs it: a test
// starts signed in without a trip through the form (the specs of the sign-in form itself still fill it in). Tests
// share the role's session as a user's tabs do; none of them signs it out.
const sessions = new Map<string, Promise<StorageState>>();

/** The signed-in browser state of `role` on the worker's server (`baseURL`). */
export function sessionOf(role: Role, baseURL = String(base.info().project.use.baseURL)): Promise<StorageState> {
  const key = `${baseURL} ${role}`;
  let state = sessions.get(key);
  if (!state) {
    state = signInThroughApi(baseURL, role);
    sessions.set(key, state);
    state.catch(() => sessions.delete(key));
  }
  return state;
}

async function signInThroughApi(baseURL: string, role: Role): Promise<StorageState> {
  const context = await apiRequest.newContext({ baseURL });
  try {
    const form = await (await context.get('/login')).text();
    const nonce = /name="_wpnonce" value="([^"]+)"/.exec(form)?.[1];
    if (!nonce) throw new Error('the sign-in form has no nonce');
    const signedIn = await context.post('/login', { form: { _wpnonce: nonce, ...ACCOUNTS[role], redirect_to: '' }, maxRedirects: 0 });
    if (signedIn.status() !== 303) throw new Error(`signing in as ${role} answered ${signedIn.status()}`);
    return await context.storageState();
  } finally {
    await context.dispose();
  }
}

/** Gives the page's context the session of `role` (see `sessionOf`): its next navigation is signed in. */
export async function signIn(page: Page, role: Role): Promise<void> {
  await page.context().addCookies((await sessionOf(role)).cookies);
}

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
 * Puts a reused tab back to a first visit: no cookies, no local or session storage, and a blank document, so the
 * next `goto` starts a new document even when only its hash differs. What a new context gives, without a new
 * renderer and a cold cache (about half a CPU-second a page).
 */
export async function resetToFirstVisit(page: Page): Promise<void> {
  if (page.url().startsWith('http')) await page.evaluate(() => (localStorage.clear(), sessionStorage.clear()));
  // Cookies last, once the page is gone: a page whose session vanished under it renews its nonce (a 403 first).
  await page.goto('about:blank');
  await page.context().clearCookies();
}

/**
 * A tab on the project's device that a worker's tests take turns on, one per browser and `key`, reset to a first visit before
 * each use (see `resetToFirstVisit`); it closes with the worker's browser. Kept here rather than in a worker
 * fixture: tests of a `test.extend` with worker fixtures need workers of their own, so Playwright stopped a worker
 * (its process and its browser) and started another each time those files and the others took turns.
 */
export async function reusedTab(browser: Browser, key: string, options: BrowserContextOptions = {}): Promise<Page> {
  let tabs = reusedTabs.get(browser);
  if (!tabs) reusedTabs.set(browser, (tabs = new Map()));
  const kept = tabs.get(key);
  if (kept && !kept.isClosed()) {
    await resetToFirstVisit(kept);
    return kept;
  }
  const context = await browser.newContext({ baseURL: base.info().project.use.baseURL, ...options });
  const page = await context.newPage();
  tabs.set(key, page);
  return page;
}
const reusedTabs = new WeakMap<Browser, Map<string, Page>>();

/**
 * The `firstVisitPage` fixture's tab: one per worker's browser, on the project's device, put back to a first visit
 * before each test (`resetToFirstVisit`) with the HTTP cache off (every response comes from the server, as on a new
 * context's first load). A new context and page per test cost about 0.3 CPU-s (Playwright's side, the browser's,
 * a new renderer; docs/testing.md, "What keeps it cheap"), so tests that read anonymous pages share this tab. A test
 * that installs the page clock, changes the viewport, the media or the context's options takes `page`; one that signs
 * in, `signedInPage`.
 */
async function firstVisitTab(browser: Browser): Promise<Page> {
  const kept = firstVisitTabs.get(browser);
  if (kept && !kept.isClosed()) {
    await resetToFirstVisit(kept);
    return kept;
  }
  const context = await browser.newContext({ baseURL: base.info().project.use.baseURL });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  firstVisitTabs.set(browser, page);
  return page;
}
const firstVisitTabs = new WeakMap<Browser, Page>();

/**
 * Lends a worker's shared tab to one test (`firstVisitPage`, `signedInPage`): what the test adds to the tab goes with
 * it when it ends (its listeners, routes and init scripts, and any other tab it opened in the tab's context), and a
 * failing test keeps its screenshot, as Playwright's `page` does.
 */
async function lendTab(page: Page, use: (page: Page) => Promise<void>, testInfo: TestInfo): Promise<void> {
  const listeners: Array<[string, (...args: unknown[]) => void]> = [];
  const scripts: Array<{ dispose(): Promise<void> }> = [];
  const on = page.on;
  const once = page.once;
  const addInitScript = page.addInitScript;
  type Listen = (event: string, listener: (...args: unknown[]) => void) => Page;
  page.on = ((event, listener) => {
    listeners.push([event, listener]);
    return (on as unknown as Listen).call(page, event, listener);
  }) as Listen as Page['on'];
  page.once = ((event, listener) => {
    listeners.push([event, listener]);
    return (once as unknown as Listen).call(page, event, listener);
  }) as Listen as Page['once'];
  page.addInitScript = (async (...args: Parameters<Page['addInitScript']>) => {
    const script = await addInitScript.apply(page, args);
    scripts.push(script);
    return script;
  }) as Page['addInitScript'];
  try {
    await use(page);
  } finally {
    page.on = on;
    page.once = once;
    page.addInitScript = addInitScript;
    if (testInfo.status !== testInfo.expectedStatus && !page.isClosed())
      await testInfo.attach('screenshot', { body: await page.screenshot().catch(() => Buffer.alloc(0)), contentType: 'image/png' });
    for (const [event, listener] of listeners) (page.off as unknown as Listen).call(page, event, listener);
    for (const script of scripts) await script.dispose().catch(() => undefined);
    await page.unrouteAll({ behavior: 'ignoreErrors' }).catch(() => undefined);
    for (const other of page.context().pages()) if (other !== page) await other.close().catch(() => undefined);
  }
}

/**
 * The `signedInPage` fixture's tab: one per worker's browser and role, on the project's device, signed in as the role
 * with the HTTP cache on, as a user's browser keeps it: the editor's and admin's bundles come from the cache, and
 * Chromium reuses the code it compiled for them (V8's code cache, from a script's second or third load). Before each
 * test it is put back to what the role's user would have after signing in (`resetToSignedIn`): the session and the
 * cache, nothing else. A new context per signed-in test paid a new renderer and every bundle's download, parse and
 * compile again (docs/testing.md, "What keeps it cheap"). A test that installs the page clock, changes the viewport,
 * the media or the context's options, signs in as a second role, or needs a first visit (an empty cache, a first-time
 * hint) takes `page`.
 */
async function signedInTab(browser: Browser, role: Role, baseURL: string): Promise<Page> {
  let tabs = signedInTabs.get(browser);
  if (!tabs) signedInTabs.set(browser, (tabs = new Map()));
  const kept = tabs.get(role);
  if (kept && !kept.isClosed()) {
    await resetToSignedIn(kept, role, baseURL);
    return kept;
  }
  const context = await browser.newContext({ baseURL, storageState: await sessionOf(role, baseURL) });
  const page = await context.newPage();
  tabs.set(role, page);
  return page;
}
const signedInTabs = new WeakMap<Browser, Map<Role, Page>>();

/**
 * Puts a role's reused tab back to "just signed in": a blank document, no cookies but the session's, no local or
 * session storage, IndexedDB, Cache Storage or service worker for the site (the editor keeps its preferences and
 * its element clipboard in local storage). The HTTP cache stays, as it does in a user's browser.
 */
export async function resetToSignedIn(page: Page, role: Role, baseURL: string): Promise<void> {
  if (page.url().startsWith('http')) await page.evaluate(() => sessionStorage.clear()).catch(() => undefined);
  await page.goto('about:blank');
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Storage.clearDataForOrigin', {
      origin: new URL(baseURL).origin,
      storageTypes: 'local_storage,indexeddb,cache_storage,service_workers,file_systems,websql',
    });
  } finally {
    await cdp.detach().catch(() => undefined);
  }
  const context = page.context();
  await context.clearCookies();
  await context.addCookies((await sessionOf(role, baseURL)).cookies);
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
