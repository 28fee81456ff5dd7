import cluster from 'node:cluster';
import type { Server } from 'node:http';
import { buildApp } from './app';
import { loadConfig, type ServerConfig } from './config';
import { openDatabase } from './db/connection';
import { limitHeapGrowth } from './heap-growth';
import { migrate } from './db/migrate';
import { markRunning } from './db/running';
import { prepareDatabase, StartRefused } from './site-mode';

/** How long after SIGTERM a stopping server lets requests in flight finish. */
const DRAIN_MS = 9_000;
/** With PROXY_DRAIN_MS: no new connection for this long means the proxy has stopped sending here. */
const PROXY_QUIET_MS = 1_000;

/** Resolves once no connection has arrived for PROXY_QUIET_MS, or after `limitMs` whatever comes. */
function untilProxyLetGo(server: Server, limitMs: number): Promise<void> {
  return new Promise((resolve) => {
    const started = Date.now();
    let last = started;
    const onConnection = () => {
      last = Date.now();
    };
    server.on('connection', onConnection);
    const timer = setInterval(() => {
      const now = Date.now();
      if (now - last < PROXY_QUIET_MS && now - started < limitMs) return;
      clearInterval(timer);
      server.off('connection', onConnection);
      resolve();
    }, 50);
  });
}

// `npm start`: open (or create) the database, migrate, seed on first start, serve until Ctrl-C. WORKERS=N runs N
// server processes (node:cluster) sharing the port and the database: the first process prepares the database, then
// starts the workers, restarts one that dies, and passes SIGTERM on (docs/operations.md, Several cores).

function workerCount(env: NodeJS.ProcessEnv): number {
  const value = env.WORKERS ?? '1';
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new StartRefused(`WORKERS must be a whole number from 1 to 64, got "${value}"`);
  return n;
}

const running = (config: ServerConfig) => {
  const where = config.databaseUrl ? 'PostgreSQL' : config.sqlitePath;
  return (port: number) => console.log(`Harvest Lane Market is running at http://${config.host}:${port}/ (database: ${where})`);
};

async function prepare(config: ServerConfig): Promise<void> {
  const db = await openDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
  try {
    const applied = await migrate(db);
    if (applied.length) console.log(`Applied migrations: ${applied.join(', ')}`);
    await prepareDatabase(db, config);
  } finally {
    await db.close();
  }
}

/** One server process: serves until SIGTERM or Ctrl-C, then drains and exits 0. */
/**
 * A serving process's SQLite page cache: at 40k products x 100 stores the shop's requests cost the same CPU
 * with 2, 4 or 16 MiB (pages missing here come from the OS's file cache), and the 12 MiB saved against
 * better-sqlite3's 16 are resident in every server process. No mmap_size: mapped pages count in the RSS too.
 * (docs/performance.md, "Scale").
 */
const SERVER_SQLITE_CACHE_KB = 4000;

async function serve(config: ServerConfig, announce: boolean): Promise<void> {
  const db = await openDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath, sqliteCacheKb: SERVER_SQLITE_CACHE_KB });
  const app = await buildApp(db, config);
  if (!config.databaseUrl && config.sqlitePath !== ':memory:') markRunning(config.sqlitePath); // npm run restore checks it
  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  if (announce) running(config)(port);

  // SIGTERM (a rolling restart, a process manager) and Ctrl-C: /readyz turns 503 and answers say `Connection: close`;
  // with PROXY_DRAIN_MS the listener stays open while reads are turned back to the proxy (until no new connection
  // came for PROXY_QUIET_MS: the proxy has stopped choosing this server); then the listening socket closes (a
  // proxy's next connection is refused and goes to another server), requests in flight finish, idle keep-alive
  // connections close; whatever is still open DRAIN_MS after the signal is cut, and the process exits 0
  // (docs/operations.md, Readiness and shutdown).
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (announce) console.log(`\n${signal} received, draining…`);
    app.readiness.draining = true;
    const cut = setTimeout(() => app.server.closeAllConnections(), DRAIN_MS);
    cut.unref();
    if (config.proxyDrainMs > 0) {
      app.readiness.bouncing = true;
      await untilProxyLetGo(app.server, config.proxyDrainMs);
      app.readiness.bouncing = false;
    }
    await app.close();
    clearTimeout(cut);
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/** The first process with WORKERS > 1: starts the workers, restarts one that dies, stops them all on a signal. */
function supervise(config: ServerConfig, workers: number): void {
  if (!config.databaseUrl && config.sqlitePath !== ':memory:') markRunning(config.sqlitePath);
  let stopping = false;
  let listening = 0;
  const fork = () => {
    const worker = cluster.fork();
    worker.once('listening', (address) => {
      if (++listening === workers) running(config)(address.port);
    });
  };
  for (let i = 0; i < workers; i++) fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`Worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    listening--;
    fork();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal} received, draining ${workers} workers…`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    // A worker cuts its connections after DRAIN_MS; this is the backstop if one hangs anyway.
    setTimeout(() => process.exit(0), DRAIN_MS + 1_000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

async function main(): Promise<void> {
  limitHeapGrowth();
  const config = loadConfig();
  if (cluster.isWorker) return serve(config, false);
  const workers = workerCount(process.env);
  // Started by `npm start` (scripts/start.mjs) over an IPC channel: that process gone (killed outright), stop too.
  if (process.channel) process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
  // Without npm start's allocator settings, sign-ins leave memory behind (docs/operations.md, Memory).
  if (process.platform === 'linux' && !process.env.MALLOC_ARENA_MAX)
    console.warn('MALLOC_ARENA_MAX is not set: start the server with `npm start` (docs/operations.md, Memory).');
  await prepare(config);
  if (workers === 1) return serve(config, true);
  supervise(config, workers);
}

main().catch((error) => {
  console.error(error instanceof StartRefused ? error.message : error);
  process.exit(1);
});
