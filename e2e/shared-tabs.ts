import { test as base, type Browser, type BrowserContextOptions, type Page, type TestInfo } from '@playwright/test';
import { type Role, sessionOf } from './sessions';

// Tabs a worker's tests take turns on instead of a new context and renderer each (docs/testing.md, "What keeps it
// cheap"): the fixtures' (`firstVisitPage`, `signedInPage`, e2e/support.ts) and the sweeps' (`reusedTab`).

const kept = new WeakMap<Browser, Map<string, Page>>();

/** The worker's tab `key` of this browser, put back by `reset` when it is reused, opened by `open` the first time. */
async function keptTab(browser: Browser, key: string, reset: (page: Page) => Promise<void>, open: () => Promise<Page>): Promise<Page> {
  let tabs = kept.get(browser);
  if (!tabs) kept.set(browser, (tabs = new Map()));
  const page = tabs.get(key);
  if (page && !page.isClosed()) {
    await reset(page);
    return page;
  }
  const opened = await open();
  tabs.set(key, opened);
  return opened;
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
export function reusedTab(browser: Browser, key: string, options: BrowserContextOptions = {}): Promise<Page> {
  return keptTab(browser, `reused ${key}`, resetToFirstVisit, async () =>
    (await browser.newContext({ baseURL: base.info().project.use.baseURL, ...options })).newPage(),
  );
}

/**
 * The `firstVisitPage` fixture's tab: one per worker's browser, on the project's device, put back to a first visit
 * before each test (`resetToFirstVisit`) with the HTTP cache off (every response comes from the server, as on a new
 * context's first load). A new context and page per test cost about 0.3 CPU-s (Playwright's side, the browser's,
 * a new renderer; docs/testing.md, "What keeps it cheap"), so tests that read anonymous pages share this tab. A test
 * that installs the page clock, changes the viewport, the media or the context's options takes `page`; one that signs
 * in, `signedInPage`.
 */
export function firstVisitTab(browser: Browser): Promise<Page> {
  return keptTab(browser, 'first visit', resetToFirstVisit, async () => {
    const context = await browser.newContext({ baseURL: base.info().project.use.baseURL });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    return page;
  });
}

/**
 * Lends a worker's shared tab to one test (`firstVisitPage`, `signedInPage`): what the test adds to the tab goes with
 * it when it ends (its listeners, routes and init scripts, and any other tab it opened in the tab's context), and a
 * failing test keeps its screenshot, as Playwright's `page` does.
 */
export async function lendTab(page: Page, use: (page: Page) => Promise<void>, testInfo: TestInfo): Promise<void> {
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
export function signedInTab(browser: Browser, role: Role, baseURL: string): Promise<Page> {
  return keptTab(
    browser,
    `signed in ${role}`,
    (page) => resetToSignedIn(page, role, baseURL),
    async () => (await browser.newContext({ baseURL, storageState: await sessionOf(role, baseURL) })).newPage(),
  );
}

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
