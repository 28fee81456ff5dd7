import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../../chromium.mjs';
import { drawWholeViewport } from '../drawn-viewport';
import { printTable, type BenchCase } from '../harness';

// (a) Runtime boot on a 500-element page in Chromium: from navigation start to data-runtime="ready"
// (config read, 500 elements scanned, their chunks loaded and handlers attached; core/boot.ts marks
// 'runtime-ready'), against DOMContentLoaded, and from the start of boot ('runtime-boot'), which runs before
// DOMContentLoaded. (b) gzip bytes of each lazily loaded handler chunk (and its shared imports).

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const quantile = (xs: number[], q: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))];
const median = (xs: number[]): number => quantile(xs, 0.5);

interface BootRun {
  ready: number;
  dcl: number;
  /** 'runtime-ready' minus domContentLoadedEventEnd, of the same load. */
  afterDcl: number;
  /** 'runtime-ready' minus 'runtime-boot' (the start of boot), of the same load. */
  boot: number;
}

async function bootTimes(base: string, path: string): Promise<{ runs: BootRun[]; elements: number }> {
  const browser = await chromium.launch(chromiumLaunchOptions());
  const runs: BootRun[] = [];
  let elements = 0;
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    for (let i = 0; i <= RUNS; i++) {
      const page = await context.newPage();
      // The whole viewport drawn, its bottom band too, as in a visitor's window (drawn-viewport.ts).
      await drawWholeViewport(page);
      await page.goto(base + path);
      await page.waitForFunction(() => performance.getEntriesByName('runtime-ready').length > 0);
      const r = await page.evaluate(() => ({
        ready: performance.getEntriesByName('runtime-ready')[0].startTime,
        boot: performance.getEntriesByName('runtime-boot')[0]?.startTime ?? NaN,
        dcl: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domContentLoadedEventEnd,
        elements: document.querySelectorAll('[data-element_type]').length,
      }));
      // The first run warms the HTTP cache, like a visitor's second page.
      if (i > 0) runs.push({ ready: r.ready, dcl: r.dcl, afterDcl: r.ready - r.dcl, boot: r.ready - r.boot });
      elements = r.elements;
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return { runs, elements };
}

async function chunkSizes(base: string): Promise<Array<{ chunk: string; raw: number; gzip: number }>> {
  // The build manifest is read from disk: production does not serve it (it maps the whole front end).
  const manifest = JSON.parse(readFileSync('dist/runtime/manifest.json', 'utf8')) as { boot: string; chunks: Record<string, string> };
  const importsOf = async (name: string): Promise<string[]> => {
    const text = await (await fetch(`${base}/assets/runtime/${name}`)).text();
    return [...text.matchAll(/(?:from|import)\s*"\.\/([\w-]+\.js)"/g)].map((m) => m[1]);
  };
  // What every page already has (boot and its shared core file) is not counted against a chunk.
  const preloaded = new Set([manifest.boot, ...(await importsOf(manifest.boot))]);
  const rows = [];
  for (const [chunk, file] of Object.entries(manifest.chunks).sort()) {
    // The chunk plus every file it imports statically (shared code, other entries), each counted once.
    const queue = [file];
    const seen = new Set<string>();
    let raw = 0;
    let gzip = 0;
    while (queue.length) {
      const name = queue.shift()!;
      if (seen.has(name) || preloaded.has(name)) continue;
      seen.add(name);
      const body = Buffer.from(await (await fetch(`${base}/assets/runtime/${name}`)).arrayBuffer());
      raw += body.length;
      gzip += gzipSync(body, { level: 9 }).length;
      for (const m of body.toString('utf8').matchAll(/(?:from|import)\s*"\.\/([\w-]+\.js)"/g)) queue.push(m[1]);
    }
    rows.push({ chunk, raw, gzip });
  }
  return rows;
}

export const runtimeBoot: BenchCase = {
  name: 'runtime',
  async run(server) {
    const rows = [];
    for (const path of ['/showcase/500-elements', '/showcase']) {
      const { runs, elements } = await bootTimes(server.url, path);
      const after = runs.map((r) => r.afterDcl);
      rows.push({
        page: path,
        elements,
        'DOMContentLoaded ms': median(runs.map((r) => r.dcl)).toFixed(1),
        'runtime ready ms': median(runs.map((r) => r.ready)).toFixed(1),
        // The median of each load's own difference. The difference of the two medians above mixes loads (a slow
        // DOMContentLoaded in one, a slow ready in another): on a busy machine it read 82.6 ms for loads whose
        // own median was 21.2.
        'boot after DCL ms': median(after).toFixed(1),
        'after DCL p25–p75': `${quantile(after, 0.25).toFixed(1)}–${quantile(after, 0.75).toFixed(1)}`,
        'boot start → ready ms': median(runs.map((r) => r.boot)).toFixed(1),
        runs: runs.length,
      });
    }
    printTable('Runtime boot in Chromium (median, warm cache)', rows);
    const sizes = await chunkSizes(server.url);
    printTable(
      'Handler chunks (gzip of the chunk and what it imports statically beyond boot + core, which every page has)',
      sizes.map((s) => ({ chunk: s.chunk, 'raw KB': (s.raw / 1024).toFixed(1), 'gzip KB': (s.gzip / 1024).toFixed(2) })),
    );
  },
};
