import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { sqliteOptions } from '../../../server/db/connection';
import { currentCompiledServer } from '../../build-stamp.mjs';
import { freeLoopbackPort } from '../../pg-cluster.mjs';
import { load, printTable, type BenchCase, type LoadResult } from '../harness';
import { signedInShopper } from '../sign-in';

// `npm run bench workers`: the real server (`npm start`'s entry) with WORKERS=1 and WORKERS=2 on a copy of the bench
// database, throughput of the anonymous home page (page-cache hits, Brotli) and of the signed-in home page (a render
// per request), 10 connections, BENCH_DURATION seconds each. On a 2-core machine the load generator shares the cores.

async function startServer(database: string, workers: number): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freeLoopbackPort();
  const compiled = currentCompiledServer();
  const child = spawn(process.execPath, compiled ? [compiled] : ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      SQLITE_PATH: database,
      DATABASE_URL: '',
      WORKERS: String(workers),
      LOG_LEVEL: 'silent',
      TSX_TSCONFIG_PATH: 'tsconfig.base.json',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (c: Buffer) => c.toString().includes('is running at') && resolve());
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  // Warm: /readyz is 200 once every worker's caches are.
  for (let i = 0; i < 200 && (await fetch(`${url}/readyz`)).status !== 200; i++) await new Promise((r) => setTimeout(r, 100));
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export const workersBench: BenchCase = {
  name: 'workers',
  async run(server) {
    // The bench server's seeded database (scripts/bench/bench-server.ts keeps it in hl-bench-<pid>-*), copied
    // through SQLite's backup API: it is live.
    const own = readdirSync(tmpdir()).find((n) => n.startsWith(`hl-bench-${server.child.pid}-`));
    if (!own) throw new Error('the bench server’s database folder was not found');
    const dir = mkdtempSync(join(tmpdir(), 'hl-bench-workers-'));
    const database = join(dir, 'site.db');
    const source = new Database(join(tmpdir(), own, 'site.db'), { ...sqliteOptions(), readonly: true });
    await source.backup(database, { progress: () => 0x7fffffff });
    source.close();
    const duration = Number(process.env.BENCH_DURATION ?? 10);
    const rows = [];
    try {
      for (const workers of [1, 2]) {
        const s = await startServer(database, workers);
        try {
          const { cookie } = await signedInShopper(s.url);
          const br = { 'accept-encoding': 'gzip, deflate, br' };
          const runs: Array<[string, LoadResult]> = [
            ['`/` anonymous (page cache, br)', await load({ url: `${s.url}/`, duration, headers: br })],
            ['`/` signed in (render per request, br)', await load({ url: `${s.url}/`, duration, headers: { ...br, cookie } })],
          ];
          for (const [target, r] of runs)
            rows.push({ workers, target, 'req/s': r.rps.toFixed(0), 'p50 ms': r.p50, 'p99 ms': r.p99, errors: r.errors + r.non2xx });
        } finally {
          await s.stop();
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    printTable(`WORKERS=1 vs 2 (npm start's server, SQLite, ${duration} s each, 10 connections)`, rows);
  },
};
