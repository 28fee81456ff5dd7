import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../server/db/connection';
import { watchMemory } from './memory-split';
import { sql } from 'kysely';
import { fixedRate, type KindResult, percentile } from './fixed-rate';
import { clusterCpuSeconds, processCpuSeconds } from './proc-cpu';
import {
  benchEnv,
  compiledServer,
  NEW_STORES,
  shopperLoad,
  signIn,
  startServer,
  uploadPrices,
  writeFeedFiles,
  type ShopperLoad,
} from './catalogue-shoppers';

// One database's run of the catalogue import benchmark (scripts/bench/cases/catalogue.ts starts it, under
// scripts/with-postgres.mjs for PostgreSQL): the command line imports 87 stores, 40,000 products and
// 100 stores × 40,000 prices (4 million rows) from CSV while a server takes a mixed shopper load at a fixed
// rate; the same files again (unchanged); then a fresh server applies an uploaded price file. Prints JSON.

const [dialect, dir] = process.argv.slice(2) as ['sqlite' | 'postgres', string];
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 40_000);
const STORES = Number(process.env.BENCH_STORES ?? 100);
const LOAD_RATE = Number(process.env.BENCH_LOAD_RATE ?? 50);
const env = benchEnv();
if (dialect === 'sqlite') {
  env.SQLITE_PATH = join(dir, `bench-${Date.now()}.db`);
  delete env.DATABASE_URL;
}
const database = { databaseUrl: env.DATABASE_URL, sqlitePath: env.SQLITE_PATH };

const peakRssMb = (pid: number) => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

interface CliRun {
  status: string;
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  peakRssMb: number;
  cpuSeconds: number;
  /** Seconds per phase (reading, checking, difference, building, switch-in): the switch-in is the one transaction. */
  phases: Record<string, number>;
  /** The command line's CPU seconds per phase. */
  phasesCpu: Record<string, number>;
  /** PostgreSQL: the cluster's CPU seconds meanwhile (the shopper load's queries included); null on SQLite. */
  dbCpuSeconds: number | null;
  line: string;
}

// PostgreSQL's own work (staging, the difference, building the shelf) is the database server's CPU, not the command
// line's: read from /proc for the throwaway cluster of scripts/with-postgres.mjs.
let dataDirectory: string | null = null;
const dbCpu = () => (dataDirectory ? clusterCpuSeconds(dataDirectory) : null);
const since = (from: number | null) => {
  const now = dbCpu();
  return from === null || now === null ? null : Math.round((now - from) * 10) / 10;
};
const phaseSeconds = (line: string | undefined) =>
  Object.fromEntries([...(line ?? '').matchAll(/([\w-]+) ([\d.]+) s/g)].map((p) => [p[1], Number(p[2])]));

function cli(kind: string, file: string): { done: Promise<CliRun> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/import.ts', kind, file], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  const db0 = dbCpu();
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString().slice(0, 2000)));
  const done = new Promise<CliRun>((resolve, reject) =>
    child.once('exit', (code) => {
      const m = /: (\w[\w-]*) — (\d+) rows read.*\(([\d.]+) s, (\d+) rows\/s, peak RSS (\d+) MB, CPU ([\d.]+) s/.exec(out);
      if (code !== 0 || !m) return reject(new Error(`import ${kind} exited ${code}: ${out}\n${err}`));
      resolve({
        status: m[1],
        rows: Number(m[2]),
        seconds: Number(m[3]),
        rowsPerSecond: Number(m[4]),
        peakRssMb: Number(m[5]),
        cpuSeconds: Number(m[6]),
        phases: phaseSeconds(/ phases: (.*)/.exec(out)?.[1]),
        phasesCpu: phaseSeconds(/CPU per phase: (.*)/.exec(out)?.[1]),
        dbCpuSeconds: since(db0),
        line: out.trim(),
      });
    }),
  );
  return { done };
}

/**
 * Runs the shopper load in windows until `until` settles: worst window p50 and p99, the p50 and p99 of all its requests
 * together (the goal's "p99 while the price file applies"), all errors; also per kind of request.
 */
async function loadWhile<T>(
  url: string,
  shoppers: ShopperLoad,
  until: Promise<T>,
  label = 'load',
): Promise<{
  result: T;
  requests: number;
  p99: number;
  p50: number;
  allP50: number;
  allP99: number;
  errors: number;
  non2xx: number;
  kinds: Record<string, KindResult>;
}> {
  let settled = false;
  const all: number[] = [];
  const result = until.finally(() => (settled = true));
  let total = 0;
  let p99 = 0;
  let p50 = 0;
  let errors = 0;
  let non2xx = 0;
  const kinds: Record<string, KindResult> = {};
  while (!settled) {
    const r = await fixedRate({ base: url, requests: shoppers.next(10), rate: LOAD_RATE, seconds: 10, keepLatencies: true });
    for (const ms of r.latencies ?? []) all.push(ms);
    // Each window as it ends: when in the import the load suffered (reading, building, the switch-in).
    process.stderr.write(`catalogue: ${dialect} ${label}: window p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.errors + r.non2xx} failed\n`);
    // What a refusal said, so a 4xx can be judged (the product's or the load's fault).
    for (const [k, v] of Object.entries(r.kinds))
      for (const said of v.refusals ?? []) process.stderr.write(`catalogue: ${dialect} ${label}: ${k} answered ${said}\n`);
    total += r.requests;
    p99 = Math.max(p99, r.p99);
    p50 = Math.max(p50, r.p50);
    errors += r.errors;
    non2xx += r.non2xx;
    for (const [k, v] of Object.entries(r.kinds)) {
      const into = (kinds[k] ??= { requests: 0, p50: 0, p99: 0, errors: 0, non2xx: 0, statuses: {}, refusals: [] });
      for (const said of v.refusals ?? []) if (into.refusals!.length < 5 && !into.refusals!.includes(said)) into.refusals!.push(said);
      into.requests += v.requests;
      into.p50 = Math.max(into.p50, v.p50);
      into.p99 = Math.max(into.p99, v.p99);
      into.errors += v.errors;
      into.non2xx += v.non2xx;
      for (const [status, n] of Object.entries(v.statuses)) into.statuses[Number(status)] = (into.statuses[Number(status)] ?? 0) + n;
    }
  }
  all.sort((a, b) => a - b);
  return {
    result: await result,
    requests: total,
    p99,
    p50,
    allP50: percentile(all, 50),
    allP99: percentile(all, 99),
    errors,
    non2xx,
    kinds,
  };
}

// The machine's load average (1 minute) over the run: on a shared machine, what the figures were measured under.
const load = { min: Infinity, max: 0 };
const sampleLoad = () => {
  const l = loadavg()[0];
  load.min = Math.min(load.min, l);
  load.max = Math.max(load.max, l);
};
sampleLoad();
setInterval(sampleLoad, 5_000).unref();

// The feed files, made once (deterministic) and shared by both databases.
const files = {
  stores: join(dir, 'stores.csv'),
  products: join(dir, 'products.csv'),
  prices: join(dir, 'prices.csv'),
  prices2: join(dir, 'prices-changed.csv'),
};
const server = await startServer(env);
const out: Record<string, unknown> = { dialect };
try {
  const db = await openDatabase({ databaseUrl: env.DATABASE_URL, sqlitePath: env.SQLITE_PATH });
  if (dialect === 'postgres')
    dataDirectory = String(((await sql`SHOW data_directory`.execute(db.kysely)).rows[0] as { data_directory: string }).data_directory);
  const departments = (
    await db.kysely.selectFrom('departments').select('slug').where('catalog', '=', 'grocery').orderBy('id').execute()
  ).map((d) => d.slug);
  const seededStores = (await db.kysely.selectFrom('stores').select('id').where('kind', '=', 'shopping').orderBy('id').execute()).map(
    (s) => s.id,
  );
  await db.close();
  const stores = [...seededStores, ...Array.from({ length: NEW_STORES }, (_, i) => 3001 + i)].slice(0, STORES);
  if (!existsSync(files.prices2)) await writeFeedFiles(files, departments, stores, PRODUCTS);
  const shoppers = await shopperLoad(server.url, database, { rate: LOAD_RATE, run: dialect });
  // The same load with no import running: what this machine gives the server at that rate on its own.
  const [serverCpu0, db0] = [processCpuSeconds(server.child.pid!), dbCpu()];
  const baseline = await fixedRate({ base: server.url, requests: shoppers.next(20), rate: LOAD_RATE, seconds: 20 });
  // What the load alone costs a second: the server's CPU, and the database cluster's (PostgreSQL).
  out.baseline = {
    ...baseline,
    serverCpuPerSecond: (processCpuSeconds(server.child.pid!) - serverCpu0) / 20,
    dbCpuPerSecond: db0 === null ? null : (since(db0) ?? 0) / 20,
  };
  const storesRun = await cli('stores', files.stores).done;
  const products1 = await cli('products', files.products).done;
  const products2 = await cli('products', files.products).done;
  const prices1 = await loadWhile(server.url, shoppers, cli('store-prices', files.prices).done, 'command line, new prices');
  const prices2 = await loadWhile(server.url, shoppers, cli('store-prices', files.prices).done, 'command line, same file');
  // The change the upload applies below (10 %) on the same shelf: the first run also grows the shoppers' lists 27-fold.
  const prices3 = await loadWhile(server.url, shoppers, cli('store-prices', files.prices2).done, 'command line, 10 % changed');
  Object.assign(out, {
    stores: storesRun,
    products1,
    products2,
    prices1,
    prices2,
    prices3,
    priceFileMb: statSync(files.prices).size / 1024 / 1024,
  });
} finally {
  await server.stop();
}

// A fresh server applies an uploaded price file: the first one again, over the changed one the command line applied
// last (the same 10 % of prices changed back). Its peak memory.
console.log(`CATALOGUE-PARTIAL ${JSON.stringify(out)}`);
const fresh = await startServer(env);
try {
  const { nonce, cookie } = await signIn(fresh.url, 'admin@harvestlane.test', 'admin-password');
  // Shoppers first (5 s of the load), so the server's size below is that of a server in use.
  const freshShoppers = await shopperLoad(fresh.url, database, { rate: LOAD_RATE, run: `${dialect}-upload` });
  await fixedRate({ base: fresh.url, requests: freshShoppers.next(5), rate: LOAD_RATE, seconds: 5 });
  // The server's own size before the upload (its catalogue, search index and caches): the upload's cost is above it.
  const idleRssMb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${fresh.child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  // The peak from here on: the kernel's high-water mark reset (clear_refs 5), and VmRSS sampled as a check.
  const pid = fresh.child.pid!;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // an older kernel: the sampled peak stands alone
  }
  // VmRSS every 100 ms, and the memory split idle and at the sampled peak (scripts/bench/memory-split.ts).
  const watch = await watchMemory(fresh.url, pid);
  const serverCpu0 = processCpuSeconds(pid);
  const db0 = dbCpu();
  const started = performance.now();
  const upload = async () => {
    const done = await uploadPrices(fresh.url, { nonce, cookie }, files.prices);
    return { ...done, seconds: (performance.now() - started) / 1000 };
  };
  // The same shopper load as during the command line's import, on the server applying the upload.
  const loaded = await loadWhile(fresh.url, freshShoppers, upload(), 'server applying the upload');
  const { id, detail, seconds } = loaded.result;
  // The import's own CPU (its worker thread's, per phase) from its history row.
  const dbh = await openDatabase({ databaseUrl: env.DATABASE_URL, sqlitePath: env.SQLITE_PATH });
  const history = await dbh.kysely.selectFrom('imports').select('result').where('id', '=', id).executeTakeFirst();
  await dbh.close();
  const phasesCpu = (JSON.parse(history?.result ?? '{}') as { phases_cpu?: Record<string, number> }).phases_cpu ?? {};
  out.compiledServer = !!compiledServer();
  out.upload = {
    status: detail.status,
    counts: detail.counts,
    seconds,
    serverPeakRssMb: peakRssMb(pid),
    serverSampledPeakRssMb: watch.sampledPeak(),
    serverIdleRssMb: idleRssMb,
    memory: watch.split(),
    serverCpuSeconds: processCpuSeconds(pid) - serverCpu0,
    importCpuSeconds: Object.values(phasesCpu).reduce((a, b) => a + b, 0) / 1000,
    dbCpuSeconds: since(db0),
    load: {
      requests: loaded.requests,
      p50: loaded.p50,
      p99: loaded.p99,
      allP50: loaded.allP50,
      allP99: loaded.allP99,
      errors: loaded.errors,
      non2xx: loaded.non2xx,
      kinds: loaded.kinds,
    },
  };
  watch.stop();
} finally {
  await fresh.stop();
}
out.load = { min: Math.round(load.min * 10) / 10, max: Math.round(load.max * 10) / 10 };
console.log(`CATALOGUE-RESULT ${JSON.stringify(out)}`);
