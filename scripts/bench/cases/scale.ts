import { spawn } from 'node:child_process';
import { printTable, type BenchCase } from '../harness';
import { REQUESTS, SIZES, type SizeResult } from '../scale-requests';

// `npm run bench scale`: the seed, 5,000 products and 40,000 products × 100 stores (4 million shelf rows),
// generated deterministically (server/testing/scale-catalogue.ts) on SQLite and on PostgreSQL, measured in
// the same run at the same fixed rate (scripts/bench/scale-run.ts). Goals (docs/performance.md "Scale"): at
// 40k × 100, search and suggestions p99 ≤ 50 ms, attribute and department lists p99 ≤ 30 ms, each list's
// p50 within 2× of the seed's, server RSS ≤ 250 MB.

function runHalf(args: string[]): Promise<SizeResult[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.base.json' },
    });
    const results: SizeResult[] = [];
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) if (line.startsWith('SCALE ')) results.push(JSON.parse(line.slice(6)) as SizeResult);
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(results) : reject(new Error(`${args.join(' ')} exited with ${code}`))));
  });
}

const cell = (r?: { p50: number; p99: number; errors: number; cpuMs: number }) =>
  r ? `${r.p50} / ${r.p99} · ${r.cpuMs}${r.errors ? ` (${r.errors} errors)` : ''}` : '–';

export const scale: BenchCase = {
  name: 'scale',
  async run() {
    const rate = Number(process.env.BENCH_SCALE_RATE ?? 100);
    const seconds = Number(process.env.BENCH_DURATION ?? 10);
    const run = ['--import', 'tsx', 'scripts/bench/scale-run.ts'];
    const halves: Array<[string, string[]]> = [
      ['SQLite', [...run, 'sqlite']],
      ['PostgreSQL', ['scripts/with-postgres.mjs', process.execPath, ...run, 'postgres']],
    ];
    for (const [name, args] of halves) {
      const results = await runHalf(args);
      const by = (label: string) => results.find((r) => r.label === label);
      const seedRun = by(SIZES[0].label);
      const big = by(SIZES[SIZES.length - 1].label);
      const rows: Array<Record<string, string | number>> = REQUESTS.map((req) => {
        const at = (label: string) => by(label)?.rows.find((r) => r.name === req.name);
        const base = at(SIZES[0].label);
        const top = at(SIZES[SIZES.length - 1].label);
        const row: Record<string, string | number> = { 'request (p50 / p99 ms · server CPU ms per request)': req.name };
        for (const size of SIZES) row[size.label] = cell(at(size.label));
        row['growth (p50)'] = base && top && base.p50 > 0 ? `${(top.p50 / base.p50).toFixed(1)}×` : '–';
        row['growth (CPU)'] = base && top && base.cpuMs > 0 ? `${(top.cpuMs / base.cpuMs).toFixed(1)}×` : '–';
        return row;
      });
      const rss: Record<string, string | number> = {
        'request (p50 / p99 ms · server CPU ms per request)': 'server RSS after the search index is built',
      };
      for (const size of SIZES) rss[size.label] = `${by(size.label)?.rssMb ?? '–'} MB`;
      rss['growth (p50)'] = seedRun && big ? `${big.rssMb >= seedRun.rssMb ? '+' : ''}${big.rssMb - seedRun.rssMb} MB` : '–';
      rss['growth (CPU)'] = '';
      rows.push(rss);
      const peak: Record<string, string | number> = {
        'request (p50 / p99 ms · server CPU ms per request)': 'server RSS, highest under the load',
      };
      for (const size of SIZES) peak[size.label] = `${by(size.label)?.peakRssMb ?? '–'} MB`;
      peak['growth (p50)'] =
        seedRun && big ? `${big.peakRssMb >= seedRun.peakRssMb ? '+' : ''}${big.peakRssMb - seedRun.peakRssMb} MB` : '–';
      peak['growth (CPU)'] = '';
      rows.push(peak);
      printTable(
        `${name}: the shop at the seed (${seedRun?.products ?? '?'} grocery products), 5k and 40k products × 100 stores, each request at a fixed ${rate} req/s for ${seconds} s`,
        rows,
      );
    }
  },
};
