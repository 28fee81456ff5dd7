import { spawn } from 'node:child_process';
import { ownTempDir } from '../../own-temp-dir.mjs';
import type { KindResult } from '../fixed-rate';
import { printTable, type BenchCase } from '../harness';

// Catalogue feed imports at a grocer's scale (docs/imports.md, docs/performance.md): 40,000 products and
// 100 stores × 40,000 prices (4 million rows) from CSV through the command line, on SQLite and on PostgreSQL
// (a throwaway cluster from scripts/with-postgres.mjs), with a 50 req/s shopper load on a server meanwhile;
// the same files again; and a server applying an uploaded price file. Each database runs in
// scripts/bench/catalogue-run.ts; BENCH_PRODUCTS and BENCH_STORES scale the files down (on a loaded machine).

interface CliRun {
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  peakRssMb: number;
  cpuSeconds: number;
  phases?: Record<string, number>;
  phasesCpu?: Record<string, number>;
  dbCpuSeconds?: number | null;
}
interface Loaded {
  result: CliRun;
  requests: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** p50 and p99 of all the requests made while the import ran (the baseline: its one window's). */
  allP50?: number;
  allP99?: number;
  /** Per kind of request (method and path): worst window's p50 and p99, all errors. */
  kinds?: Record<string, KindResult>;
}
/** What scripts/bench/catalogue-run.ts prints for one database. */
interface RunResult {
  dialect: string;
  products1: CliRun;
  products2: CliRun;
  prices1: Loaded;
  prices2: Loaded;
  /** The command line applying the changed file (10 % of prices), as the server's upload does below. */
  prices3?: Loaded;
  priceFileMb: number;
  baseline: Omit<Loaded, 'result'> & { serverCpuPerSecond?: number; dbCpuPerSecond?: number | null };
  upload: {
    status: string;
    counts: Record<string, number>;
    seconds: number;
    serverPeakRssMb: number;
    serverSampledPeakRssMb?: number;
    serverIdleRssMb?: number;
    /** MB by kind (scripts/bench/catalogue-run.ts, memorySplit), before the upload and at its sampled peak. */
    memory?: { idle: Record<string, number>; peak: Record<string, number> };
    serverCpuSeconds?: number;
    importCpuSeconds?: number;
    dbCpuSeconds?: number | null;
    load?: Omit<Loaded, 'result'>;
  };
  load?: { min: number; max: number };
}

function runOne(dialect: 'sqlite' | 'postgres', dir: string): Promise<RunResult> {
  const runner = ['--import', 'tsx', 'scripts/bench/catalogue-run.ts', dialect, dir];
  const [cmd, args] =
    dialect === 'postgres' ? [process.execPath, ['scripts/with-postgres.mjs', process.execPath, ...runner]] : [process.execPath, runner];
  const child = spawn(cmd, args, {
    env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.base.json' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('CATALOGUE-RESULT '));
      if (!line) return reject(new Error(`catalogue bench on ${dialect} failed (${code}):\n${out.slice(-3000)}`));
      // The raw figures too, should a table below fail to print.
      console.log(line);
      resolve(JSON.parse(line.slice('CATALOGUE-RESULT '.length)) as RunResult);
    }),
  );
}

export const catalogue: BenchCase = {
  name: 'catalogue',
  async run() {
    const dir = ownTempDir('hl-bench-catalogue');
    const results = [];
    for (const dialect of (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',') as Array<'sqlite' | 'postgres'>)
      results.push(await runOne(dialect, dir));
    const s = (n: number) => `${n.toFixed(1)} s`;
    printTable(
      'Catalogue imports: command line (CSV), rows/s and peak RSS',
      results.flatMap((r) =>
        [
          ['products (new)', r.products1],
          ['products (same file again)', r.products2],
          ['store prices (new)', r.prices1.result],
          ['store prices (same file again)', r.prices2.result],
          ['store prices (10 % changed)', r.prices3?.result],
        ]
          .filter(([, run]) => run)
          .map(([what, run]) => [what, run] as [string, CliRun])
          .map(([what, run]) => ({
            database: r.dialect,
            import: what,
            rows: run.rows,
            time: s(run.seconds),
            'rows/s': run.rowsPerSecond,
            // CPU time is what the import cost whatever else the machine ran: rows per CPU-second compare runs.
            'CPU s': run.cpuSeconds,
            'rows per CPU-s': run.cpuSeconds > 0 ? Math.round(run.rows / run.cpuSeconds) : '—',
            // PostgreSQL does most of the work in its own processes: the cluster's CPU meanwhile (shopper load included).
            'DB CPU s': run.dbCpuSeconds ?? '—',
            'CPU ms per 100k rows (CLI + DB)': Math.round(((run.cpuSeconds + (run.dbCpuSeconds ?? 0)) * 1000 * 100_000) / run.rows),
            'CLI peak RSS MB': run.peakRssMb,
            // The switch-in is the one transaction that writes the live catalogue (and, on SQLite, holds its lock).
            'switch-in s': run.phases?.['switch-in'] ?? '—',
            'building beside s': run.phases?.building ?? '—',
            'load avg': r.load ? `${r.load.min}–${r.load.max}` : '—',
          })),
      ),
    );
    printTable(
      'Store prices: second (unchanged) run against the first',
      results.map((r) => ({
        database: r.dialect,
        'price file MB': r.priceFileMb.toFixed(0),
        'first s': r.prices1.result.seconds,
        'second s': r.prices2.result.seconds,
        'speed-up': `${(r.prices1.result.seconds / Math.max(0.1, r.prices2.result.seconds)).toFixed(1)}×`,
      })),
    );
    printTable(
      'Shopper load while the price file applies (/shop, product search, POST cart/items, POST orders)',
      results.flatMap((r) =>
        [
          ['none (baseline)', r.baseline],
          ['first run', r.prices1],
          ['second run', r.prices2],
          ['command line, 10 % changed', r.prices3],
          ['server applying the upload (10 % changed)', r.upload.load],
        ]
          .filter(([, l]) => l)
          .map(([what, l]) => [what, l] as [string, Omit<Loaded, 'result'>])
          .map(([what, l]) => ({
            database: r.dialect,
            'price import': what,
            requests: l.requests,
            'p50 ms, all requests': l.allP50 ?? l.p50,
            'p99 ms, all requests': l.allP99 ?? l.p99,
            'worst 10 s window: p50 ms': l.p50,
            'worst 10 s window: p99 ms': l.p99,
            errors: l.errors,
            'non-2xx': l.non2xx,
          })),
      ),
    );
    // The goal per kind of request: p99 ≤ 100 ms and 0 errors while the price file applies.
    printTable(
      'Shopper load per kind of request (worst 10 s window): p99 ms / errors (failed + non-2xx, by status)',
      results.flatMap((r) =>
        [
          ['none (baseline)', r.baseline.kinds],
          ['command line, first run', r.prices1.kinds],
          ['command line, second run', r.prices2.kinds],
          ['command line, 10 % changed', r.prices3?.kinds],
          ['server applying the upload (10 % changed)', r.upload.load?.kinds],
        ]
          .map(([what, k]) => [what, k] as [string, Record<string, KindResult> | undefined])
          .map(([what, k]) => ({
            database: r.dialect,
            'price import': what,
            ...Object.fromEntries(
              Object.entries(k ?? {}).map(([name, v]) => [
                name,
                `${v.p99} / ${v.errors + v.non2xx}${
                  v.non2xx
                    ? ` (${Object.entries(v.statuses ?? {})
                        .map(([st, n]) => `${n}× ${st}`)
                        .join(', ')})`
                    : ''
                }`,
              ]),
            ),
          })),
      ),
    );
    printTable(
      'A server applying an uploaded price file (10 % of prices changed), under the same shopper load',
      results.map((r) => ({
        database: r.dialect,
        status: r.upload.status,
        changed: r.upload.counts?.changed ?? '—',
        'upload + apply': s(r.upload.seconds),
        'server idle RSS MB': r.upload.serverIdleRssMb?.toFixed(0) ?? '—',
        'server peak RSS MB': r.upload.serverPeakRssMb.toFixed(0),
        'sampled peak MB': r.upload.serverSampledPeakRssMb?.toFixed(0) ?? '—',
        rows: r.upload.counts?.rows ?? '—',
        'rows/s': r.upload.counts ? Math.round(r.upload.counts.rows / r.upload.seconds) : '—',
        // The worker thread's own CPU; the server's includes the upload's reception and the shopper load.
        'import CPU s': r.upload.importCpuSeconds?.toFixed(1) ?? '—',
        'server CPU s': r.upload.serverCpuSeconds?.toFixed(1) ?? '—',
        'DB CPU s': r.upload.dbCpuSeconds ?? '—',
        'load p50 / p99 ms': r.upload.load ? `${r.upload.load.p50} / ${r.upload.load.p99}` : '—',
        'load errors': r.upload.load ? r.upload.load.errors + r.upload.load.non2xx : '—',
      })),
    );
    printTable(
      "That server's memory in MB, before the upload and at its sampled peak: RSS, anonymous / file-backed, main thread V8 heap and external",
      results.flatMap((r) =>
        (['idle', 'peak'] as const).map((when) => ({ database: r.dialect, when, ...(r.upload.memory?.[when] ?? {}) })),
      ),
    );
  },
};
