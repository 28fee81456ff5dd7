import { fork, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';

// Shared pieces for benchmark cases: a server in a child process (so load and server don't share a
// thread), autocannon runs bounded in time, and a table printer.

export interface BenchServer {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
  /** The server process's memory (after a GC when available). */
  memory(): Promise<NodeJS.MemoryUsage>;
  /** The server process's CPU time so far (user + system), in microseconds. */
  cpu(): Promise<number>;
}

/** The bench server in a process of its own; `extraEnv` for a case that needs its own (a proxy, a larger catalogue). */
export async function startBenchServer(extraEnv: Record<string, string> = {}): Promise<BenchServer> {
  // Measure what production runs: React's production build (development mode is several times slower).
  const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production', TSX_TSCONFIG_PATH: 'tsconfig.base.json', ...extraEnv };
  const child = fork('scripts/bench/bench-server.ts', [], {
    // BENCH_CPU_PROF=dir writes the server's CPU profile there (open it in Chrome DevTools) to find what to fix.
    execArgv: [
      '--import',
      'tsx',
      '--expose-gc',
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
    env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    memory: () =>
      new Promise((resolve) => {
        const onMessage = (m: unknown) => {
          const msg = m as { type?: string; usage?: NodeJS.MemoryUsage };
          if (msg.type !== 'memory' || !msg.usage) return;
          child.off('message', onMessage);
          resolve(msg.usage);
        };
        child.on('message', onMessage);
        child.send({ type: 'memory' });
      }),
    cpu: () =>
      new Promise((resolve) => {
        const onMessage = (m: unknown) => {
          const msg = m as { type?: string; micros?: number };
          if (msg.type !== 'cpu' || msg.micros === undefined) return;
          child.off('message', onMessage);
          resolve(msg.micros);
        };
        child.on('message', onMessage);
        child.send({ type: 'cpu' });
      }),
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export interface MixedRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export async function load(options: {
  url: string;
  duration?: number;
  connections?: number;
  overallRate?: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  requests?: MixedRequest[];
}): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    requests: options.requests as autocannon.Request[] | undefined,
    duration: options.duration ?? 10,
    connections: options.connections ?? 10,
    overallRate: options.overallRate,
    method: (options.method ?? 'GET') as 'GET',
    headers: options.headers,
    body: options.body,
  });
  return {
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export type Row = Record<string, string | number>;

export function printTable(title: string, rows: Row[]): void {
  console.log(`\n## ${title}`);
  if (!rows.length) return;
  const cols = Object.keys(rows[0]);
  const widths = cols.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c]).length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(line(cols));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(cols.map((c) => String(r[c]))));
}

export interface BenchCase {
  name: string;
  run(server: BenchServer): Promise<void>;
}
