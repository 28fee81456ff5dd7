import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Response } from '@playwright/test';
import { chromiumLaunchOptions } from '../../chromium.mjs';
import { drawWholeViewport } from '../drawn-viewport';
import { printTable, type BenchCase, type Row } from '../harness';
import { SEEDED_PAGES } from '../seeded-pages';
import { VITALS_GOALS, vitalsMisses, type CellMedians } from '../vitals-goals';
import { installProbe, readVitals, type PageVitals } from '../vitals-probe';

// `npm run bench vitals`: every seeded page as a new visitor on a phone would see it (390x844, touch, a
// mobile user agent, 4x CPU throttling through CDP, cold cache, loopback), median of VITALS_RUNS (3) runs:
// requests, JS (gzip), FCP, LCP, CLS, total blocking time, sequential request rounds before LCP, content
// calls, and the largest layout-shift sources. Three visitors: no store chosen, a store (1001, Columbus),
// and a store whose group has its own home page (1006, Pittsburgh). VITALS_PAGES / VITALS_STORES narrow
// the run (comma-separated). A page whose median misses a goal (scripts/bench/vitals-goals.ts) fails the run.

export const VITALS_PAGES = SEEDED_PAGES;

const STORES: Array<{ label: string; storeId: number | null }> = [
  { label: 'no store', storeId: null },
  { label: 'store 1001', storeId: 1001 },
  { label: 'store 1006 (own home)', storeId: 1006 },
];

const RUNS = Number(process.env.VITALS_RUNS ?? 3);
const CPU_THROTTLE = 4;
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';

interface Run extends PageVitals {
  requests: number;
  jsGzip: number;
  rounds: number;
  contentCalls: number;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Sets the visitor's store in the context's session (cookies are shared with the pages it opens). */
export async function chooseStore(context: BrowserContext, base: string, storeId: number): Promise<void> {
  const html = await (await context.request.get(`${base}/contact`)).text();
  const nonce = /"nonce":"([^"]+)"/.exec(html)?.[1] ?? '';
  const res = await context.request.put(`${base}/api/shop/v1/current-store`, {
    headers: { 'x-wp-nonce': nonce },
    data: { store_id: storeId },
  });
  if (!res.ok()) throw new Error(`setting store ${storeId} failed: ${res.status()}`);
}

/** The phone the vitals are measured on. */
export const PHONE_CONTEXT = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  userAgent: PHONE_UA,
};

async function measure(browser: Browser, base: string, path: string, storeId: number | null): Promise<Run> {
  const context = await browser.newContext(PHONE_CONTEXT);
  try {
    if (storeId !== null) await chooseStore(context, base, storeId);
    // tsx keeps function names through a __name helper the page does not have: define it first.
    await context.addInitScript({ content: `var __name = (f) => f; (${installProbe.toString()})();` });
    const page = await context.newPage();
    // The window grown by the frame the full browser keeps and does not draw: in a window the viewport's size, the
    // phone's bottom 87 px were laid out but not drawn, and a paint there was timed by the next frame drawn elsewhere.
    await drawWholeViewport(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
    await cdp.send('Network.enable');
    // Request rounds: the document is round 1; a request started by a file of round n is round n + 1.
    const depth = new Map<string, number>();
    const started: Array<{ url: string; round: number; at: number }> = [];
    cdp.on('Network.requestWillBeSent', (e) => {
      const frames = e.initiator.stack?.callFrames ?? e.initiator.stack?.parent?.callFrames ?? [];
      const by = e.initiator.url ?? frames.find((f) => f.url)?.url;
      const round = e.type === 'Document' ? 1 : (by ? (depth.get(by.split('#')[0]) ?? 1) : 1) + 1;
      depth.set(e.request.url.split('#')[0], round);
      started.push({ url: e.request.url, round, at: e.timestamp });
    });
    // Script bodies are read and compressed once the page is measured: done during the load, that work took
    // the CPU the throttled page was measured on.
    const scripts: Response[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(r);
    });
    let navStart = 0;
    cdp.on('Network.requestWillBeSent', (e) => {
      if (e.type === 'Document' && !navStart) navStart = e.timestamp;
    });
    await page.goto(base + path, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    // Ready, then two frames so the last layout after the runtime settled is observed (without Playwright's
    // injected script, whose compile was a long task of its own: scripts/bench/vitals-probe.ts).
    const vitals = await readVitals(cdp);
    let jsGzip = 0;
    for (const r of scripts)
      jsGzip += await r.body().then(
        (b) => gzipSync(b, { level: 6 }).length,
        () => 0,
      );
    const lcpAt = navStart + vitals.lcp / 1000;
    const beforeLcp = started.filter((s) => s.at <= lcpAt);
    return {
      ...vitals,
      requests: started.length,
      jsGzip,
      rounds: Math.max(1, ...beforeLcp.map((s) => s.round)),
      contentCalls: started.filter((s) => s.url.includes('/wp-json/freshop/v1/content/')).length,
    };
  } finally {
    await context.close();
  }
}

/** The table's rows and each page's medians for the goals. */
export async function vitalsCells(base: string, pages: string[], stores: typeof STORES): Promise<{ rows: Row[]; medians: CellMedians[] }> {
  const browser = await chromium.launch(chromiumLaunchOptions());
  const rows: Row[] = [];
  const medians: CellMedians[] = [];
  try {
    // Round by round over every page, not page by page: a shared machine slows down and speeds up for minutes
    // at a time, and so a slow spell spreads over the pages instead of deciding one page's median.
    const cells = stores.flatMap(({ label, storeId }) => pages.map((path) => ({ label, storeId, path, runs: [] as Run[] })));
    for (let i = 0; i < RUNS; i++) for (const cell of cells) cell.runs.push(await measure(browser, base, cell.path, cell.storeId));
    for (const { label, path, runs } of cells) {
      // VITALS_RAW=1: each run's blocking time and LCP, to see the spread behind a median.
      if (process.env.VITALS_RAW)
        console.error(
          `${label} ${path}: blocking ${runs.map((r) => Math.round(r.blocking)).join(' ')}; LCP ${runs.map((r) => Math.round(r.lcp)).join(' ')}`,
        );
      const m = (f: (r: Run) => number) => median(runs.map(f));
      const typical = runs.find((r) => r.cls === m((r) => r.cls)) ?? runs[0];
      medians.push({ visitor: label, page: path, cls: m((r) => r.cls), lcp: m((r) => r.lcp), blocking: m((r) => r.blocking) });
      rows.push({
        visitor: label,
        page: path,
        requests: m((r) => r.requests),
        'JS gzip KB': (m((r) => r.jsGzip) / 1024).toFixed(1),
        'FCP ms': Math.round(m((r) => r.fcp)),
        'LCP ms': Math.round(m((r) => r.lcp)),
        CLS: m((r) => r.cls).toFixed(4),
        'blocking ms': Math.round(m((r) => r.blocking)),
        'rounds before LCP': m((r) => r.rounds),
        'content calls': m((r) => r.contentCalls),
        'largest shift sources': typical.shiftSources
          .slice(0, 2)
          .map((s) => `${s.node} ${s.value.toFixed(3)}`)
          .join(', '),
      });
    }
  } finally {
    await browser.close();
  }
  return { rows, medians };
}

const pick = <T>(all: T[], env: string | undefined, key: (t: T) => string): T[] =>
  env ? all.filter((t) => env.split(',').some((w) => key(t) === w || key(t).startsWith(`${w} `))) : all;

export const vitals: BenchCase = {
  name: 'vitals',
  async run(server) {
    const pages = pick(VITALS_PAGES, process.env.VITALS_PAGES, (p) => p);
    const stores = pick(STORES, process.env.VITALS_STORES, (s) => s.label);
    const { rows, medians } = await vitalsCells(server.url, pages, stores);
    const g = VITALS_GOALS;
    printTable(
      `Vitals: phone 390x844, ${CPU_THROTTLE}x CPU throttle, cold cache, median of ${RUNS} (goals: CLS ≤ ${g.cls}, \`/\` LCP ≤ ${g.homeLcpMs} ms, blocking ≤ ${g.blockingMs} ms)`,
      rows,
    );
    const misses = vitalsMisses(medians);
    if (misses.length) throw new Error(`vitals: ${misses.length} goal(s) missed:\n${misses.join('\n')}`);
  },
};
