import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ensureNodeLine } from '../../node-lines.mjs';
import { printTable, type BenchCase } from '../harness';

// `npm run bench lighthouse`: Lighthouse 13 (mobile preset: simulated slow 4G and a 4x slower CPU) with Debian's
// Chromium, no store chosen, LIGHTHOUSE_RUNS (3) runs per page, the median run by performance score; the four
// category scores and the vitals behind the performance one. Lighthouse 13 needs Node 22.19 or later: it runs on the
// registry's Node 24 in .tools/ (scripts/node-lines.mjs) and is installed there too (.tools/lighthouse), not in
// package.json. Targets (docs/performance.md): performance >= 95 on the content pages, >= 90 on /shop and /search,
// accessibility 100 everywhere.

const LIGHTHOUSE = '13.5.0';
// [path, performance target]; every page is also held to SEO 100 and Best Practices 100 (docs/seo.md), the
// pages without a performance target (0) only to those. A product page's path is read from the products sitemap.
const PAGES: Array<[string, number]> = [
  ['/', 95],
  ['/recipes', 95],
  ['/recipes/shakshuka', 95],
  ['/stores/columbus-short-north', 95],
  ['/circulars/weekly-ad', 95],
  ['/contact', 95],
  ['/shop', 90],
  ['/search', 90],
  ['/store/store-locator', 0],
  ['/catering', 0],
  ['/wine', 0],
  ['product', 0],
];

/** The first product page the products sitemap lists. */
async function productPath(base: string): Promise<string> {
  const xml = await (await fetch(`${base}/sitemaps/products-1.xml`)).text();
  const loc = /<loc>([^<]+)<\/loc>/.exec(xml)?.[1];
  if (!loc) throw new Error('the products sitemap lists no product page');
  return new URL(loc).pathname;
}
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

function ensureLighthouse(line: { env: Record<string, string> }): string {
  const dir = resolve('.tools/lighthouse');
  const cli = join(dir, 'node_modules/lighthouse/cli/index.js');
  if (!existsSync(cli)) {
    const r = spawnSync(
      'npm',
      ['install', '--prefix', dir, `lighthouse@${LIGHTHOUSE}`, '--no-save', '--no-audit', '--no-fund', '--silent'],
      {
        stdio: 'inherit',
        env: { ...process.env, ...line.env },
      },
    );
    if (r.status !== 0) throw new Error('installing Lighthouse into .tools/lighthouse failed');
  }
  return cli;
}

interface Report {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
}

export const lighthouse: BenchCase = {
  name: 'lighthouse',
  async run(server) {
    const line = ensureNodeLine('24.9.0');
    const cli = ensureLighthouse(line);
    const only = process.env.LIGHTHOUSE_PAGES?.split(',');
    const rows = [];
    // LIGHTHOUSE_OUT=<dir> keeps every run's JSON report there (the failing audits, the trace's main-thread times).
    const keep = process.env.LIGHTHOUSE_OUT;
    const out = keep ? resolve(keep) : mkdtempSync(join(tmpdir(), 'hl-lighthouse-'));
    if (keep) mkdirSync(out, { recursive: true });
    try {
      for (const [page, target] of PAGES.filter(([p]) => !only || only.includes(p))) {
        const path = page === 'product' ? await productPath(server.url) : page;
        const reports: Report[] = [];
        for (let i = 0; i < RUNS; i++) {
          const file = join(out, `${path.replace(/[^a-z0-9]+/gi, '_')}-${i}.json`);
          const r = spawnSync(
            line.node,
            [
              cli,
              server.url + path,
              '--output=json',
              `--output-path=${file}`,
              '--quiet',
              '--chrome-path=/usr/bin/chromium',
              '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
              '--only-categories=performance,accessibility,best-practices,seo',
            ],
            { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...line.env } },
          );
          if (r.status !== 0) throw new Error(`Lighthouse failed on ${path}`);
          reports.push(JSON.parse(readFileSync(file, 'utf8')) as Report);
        }
        const score = (r: Report, c: string) => Math.round(100 * (r.categories[c]?.score ?? 0));
        const median = [...reports].sort((a, b) => score(a, 'performance') - score(b, 'performance'))[Math.floor(reports.length / 2)];
        const perf = score(median, 'performance');
        rows.push({
          page: path,
          performance: perf,
          accessibility: score(median, 'accessibility'),
          'best practices': score(median, 'best-practices'),
          SEO: score(median, 'seo'),
          'LCP s': ((median.audits['largest-contentful-paint']?.numericValue ?? 0) / 1000).toFixed(2),
          'TBT ms': Math.round(median.audits['total-blocking-time']?.numericValue ?? 0),
          CLS: (median.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3),
          'all runs (perf)': reports.map((r) => score(r, 'performance')).join(' / '),
          target: `${target === 0 || perf >= target ? 'meets' : 'BELOW'} ${target || '-'}; SEO/BP ${score(median, 'seo') === 100 && score(median, 'best-practices') === 100 ? 'meet' : 'BELOW'} 100`,
        });
      }
    } finally {
      if (!keep) rmSync(out, { recursive: true, force: true });
    }
    printTable(`Lighthouse ${LIGHTHOUSE}, mobile preset, Node ${line.version}, Debian's Chromium, no store, median of ${RUNS}`, rows);
  },
};
