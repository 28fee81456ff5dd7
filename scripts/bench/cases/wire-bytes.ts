import { chromium, type Browser } from '@playwright/test';
import { chromiumLaunchOptions } from '../../chromium.mjs';
import { drawWholeViewport } from '../drawn-viewport';
import { printTable, type BenchCase } from '../harness';

// `npm run bench wire-bytes`: the bytes a first visit transfers (Chromium's count of what came over the network,
// headers included), a new visitor on a phone with no store chosen and a cold cache, until the network is idle;
// by resource type, once as Chromium asks (Brotli) and once refusing every encoding, to show what compression
// saves. Budget: 140 KB for `/` (docs/operations.md, Compression): over it, the run fails after the table.
// WIRE_BUDGET_KB sets another budget (a probe: a budget below what `/` ships must fail the run).

const PAGES = (process.env.WIRE_PAGES ?? '/,/shop,/recipes').split(',');
const BUDGET_KB = Number(process.env.WIRE_BUDGET_KB ?? 140);

interface Visit {
  total: number;
  byType: Map<string, number>;
  requests: number;
}

async function visit(browser: Browser, url: string, identity: boolean): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    // The whole phone viewport drawn, as the vitals bench's (drawn-viewport.ts).
    await drawWholeViewport(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (identity) await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'identity' } });
    const types = new Map<string, string>();
    const byType = new Map<string, number>();
    let total = 0;
    let requests = 0;
    cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
    cdp.on('Network.loadingFinished', (e) => {
      const type = types.get(e.requestId) ?? 'Other';
      byType.set(type, (byType.get(type) ?? 0) + e.encodedDataLength);
      total += e.encodedDataLength;
      requests++;
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    return { total, byType, requests };
  } finally {
    await context.close();
  }
}

const kb = (n: number | undefined) => ((n ?? 0) / 1024).toFixed(1);

export const wireBytes: BenchCase = {
  name: 'wire-bytes',
  async run(server) {
    const browser = await chromium.launch(chromiumLaunchOptions());
    try {
      const rows = [];
      let over: number | null = null;
      for (const path of PAGES) {
        for (const identity of [false, true]) {
          const v = await visit(browser, server.url + path, identity);
          if (path === '/' && !identity && !(v.total <= BUDGET_KB * 1024)) over = v.total;
          rows.push({
            page: path,
            encoding: identity ? 'identity' : 'br (as Chromium asks)',
            requests: v.requests,
            'total KB': kb(v.total),
            'HTML KB': kb(v.byType.get('Document')),
            'CSS KB': kb(v.byType.get('Stylesheet')),
            'JS KB': kb(v.byType.get('Script')),
            'images KB': kb(v.byType.get('Image')),
            'other KB': kb(v.total - ['Document', 'Stylesheet', 'Script', 'Image'].reduce((n, t) => n + (v.byType.get(t) ?? 0), 0)),
            [`budget (${BUDGET_KB} KB, /)`]: path !== '/' || identity ? '' : v.total <= BUDGET_KB * 1024 ? 'within' : 'OVER',
          });
        }
      }
      printTable('Bytes on the wire, first visit (phone viewport, no store, cold cache, until the network is idle)', rows);
      if (over !== null) throw new Error(`wire-bytes: a first visit to / transfers ${kb(over)} KB, over the ${BUDGET_KB} KB budget`);
    } finally {
      await browser.close();
    }
  },
};
