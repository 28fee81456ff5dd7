import { fork, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { buildIsCurrent, COMPILED_SERVER } from '../build-stamp.mjs';
import { SERVER_MALLOC_ENV } from '../server-env.mjs';

// What `npm start` runs, measured from outside: a database prepared by a separate process (seeding and a generated
// catalogue leave garbage and tsx's compiler in the heap of the process that did them), then the compiled server
// (`dist/server/main.mjs`, NODE_ENV=production) on it. Memory and CPU are read from /proc, as an operator's
// monitoring would see them.

export interface ProductionServer {
  url: string;
  /** Resident set size in bytes (VmRSS). */
  rss(): number;
  /** CPU time so far (user + system), in microseconds. */
  cpu(): number;
  stop(): Promise<void>;
}

/** Prepares a database (`BENCH_SCALE`: 'seed' or '<products>,<stores>') at `sqlitePath`, or at `databaseUrl`. */
export function prepareDatabase(where: { sqlitePath?: string; databaseUrl?: string }, scale: string): Promise<void> {
  const child = fork('scripts/bench/bench-server.ts', [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      TSX_TSCONFIG_PATH: 'tsconfig.base.json',
      BENCH_PREPARE_ONLY: '1',
      BENCH_SCALE: scale,
      ...(where.sqlitePath ? { BENCH_SQLITE_PATH: where.sqlitePath } : {}),
      ...(where.databaseUrl ? { BENCH_DATABASE_URL: where.databaseUrl } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`preparing the ${scale} database exited with ${code}`))));
  });
}

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ). */
const ticksPerSecond = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim()) || 100;

function procStatus(pid: number): { rss: number; cpu: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { rss: rssKb * 1024, cpu: (ticks / ticksPerSecond) * 1e6 };
}

export async function startProductionServer(where: { sqlitePath?: string; databaseUrl?: string }): Promise<ProductionServer> {
  if (!buildIsCurrent()) {
    const built = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
    if (built.status !== 0) throw new Error('the build failed');
  }
  // The allocator's settings `npm start` gives its server (scripts/start.mjs).
  const env: NodeJS.ProcessEnv = { ...SERVER_MALLOC_ENV, ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0' };
  delete env.DATABASE_URL;
  if (where.databaseUrl) env.DATABASE_URL = where.databaseUrl;
  if (where.sqlitePath) env.SQLITE_PATH = where.sqlitePath;
  const child: ChildProcess = spawn(process.execPath, [COMPILED_SERVER], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /running at (http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`the compiled server exited with ${code}: ${out.slice(-500)}`)));
  });
  child.stdout!.resume();
  const pid = child.pid!;
  return {
    url,
    rss: () => procStatus(pid).rss,
    cpu: () => procStatus(pid).cpu,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
