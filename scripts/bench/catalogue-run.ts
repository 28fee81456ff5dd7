import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { openDatabase } from '../../server/db/connection';
import { currentCompiledServer } from '../build-stamp.mjs';
import { freeLoopbackPort as freePort } from '../pg-cluster.mjs';
import { SERVER_MALLOC_ENV } from '../server-env.mjs';
import { watchMemory } from './memory-split';
import { sql } from 'kysely';
import { fixedRate, type KindResult } from './fixed-rate';
import type { MixedRequest } from './harness';
import { clusterCpuSeconds, processCpuSeconds } from './proc-cpu';

// One database's run of the catalogue import benchmark (scripts/bench/cases/catalogue.ts starts it, under
// scripts/with-postgres.mjs for PostgreSQL): the command line imports 87 stores, 40,000 products and
// 100 stores × 40,000 prices (4 million rows) from CSV while a server takes a mixed shopper load at a fixed
// rate; the same files again (unchanged); then a fresh server applies an uploaded price file. Prints JSON.

const [dialect, dir] = process.argv.slice(2) as ['sqlite' | 'postgres', string];
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 40_000);
const STORES = Number(process.env.BENCH_STORES ?? 100);
const NEW_STORES = 87;
const LOAD_RATE = Number(process.env.BENCH_LOAD_RATE ?? 50);
const env: Record<string, string> = {
  ...(process.env as Record<string, string>),
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  TSX_TSCONFIG_PATH: 'tsconfig.base.json',
  IMPORT_MAX_BYTES: String(1024 * 1024 * 1024),
  // As in the tests: a polling client must not reuse a connection the server is just closing (ECONNRESET).
  KEEP_ALIVE_TIMEOUT_MS: String(10 * 60_000),
};
if (dialect === 'sqlite') {
  env.SQLITE_PATH = join(dir, `bench-${Date.now()}.db`);
  delete env.DATABASE_URL;
}

const upc = (i: number) => String(400000000000 + i * 7).padStart(12, '0');
const priceOf = (store: number, i: number, bump = 0) => (((i * 37 + store * 11) % 900) + 99 + bump) / 100;

async function write(file: string, lines: Iterable<string>): Promise<void> {
  const out = createWriteStream(file);
  for (const line of lines) if (!out.write(`${line}\n`)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
}

async function startServer(): Promise<{ url: string; child: ChildProcess; stop(): Promise<void> }> {
  const port = await freePort();
  // The compiled server (what `npm start` runs) when the build is current; else the sources through tsx.
  const compiled = currentCompiledServer();
  const child = spawn(process.execPath, compiled ? [compiled] : ['--import', 'tsx', 'server/main.ts'], {
    // The allocator's settings `npm start` gives its server (scripts/start.mjs); BENCH_NO_MALLOC_ENV=1 leaves them out.
    env: { ...(process.env.BENCH_NO_MALLOC_ENV ? {} : SERVER_MALLOC_ENV), ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('is running at') && resolve());
    child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

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

/** Runs the shopper load in windows until `until` settles: worst window p50 and p99, all errors; also per kind of request. */
async function loadWhile<T>(
  url: string,
  requests: MixedRequest[],
  until: Promise<T>,
  label = 'load',
): Promise<{ result: T; requests: number; p99: number; p50: number; errors: number; non2xx: number; kinds: Record<string, KindResult> }> {
  let settled = false;
  const result = until.finally(() => (settled = true));
  let total = 0;
  let p99 = 0;
  let p50 = 0;
  let errors = 0;
  let non2xx = 0;
  const kinds: Record<string, KindResult> = {};
  while (!settled) {
    const r = await fixedRate({ base: url, requests, rate: LOAD_RATE, seconds: 10 });
    // Each window as it ends: when in the import the load suffered (reading, building, the switch-in).
    process.stderr.write(`catalogue: ${dialect} ${label}: window p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.errors + r.non2xx} failed\n`);
    total += r.requests;
    p99 = Math.max(p99, r.p99);
    p50 = Math.max(p50, r.p50);
    errors += r.errors;
    non2xx += r.non2xx;
    for (const [k, v] of Object.entries(r.kinds)) {
      const into = (kinds[k] ??= { requests: 0, p50: 0, p99: 0, errors: 0, non2xx: 0, statuses: {} });
      into.requests += v.requests;
      into.p50 = Math.max(into.p50, v.p50);
      into.p99 = Math.max(into.p99, v.p99);
      into.errors += v.errors;
      into.non2xx += v.non2xx;
      for (const [status, n] of Object.entries(v.statuses)) into.statuses[Number(status)] = (into.statuses[Number(status)] ?? 0) + n;
    }
  }
  return { result: await result, requests: total, p99, p50, errors, non2xx, kinds };
}

async function shopperRequests(url: string): Promise<MixedRequest[]> {
  const home = await fetch(`${url}/`);
  let nonce = (JSON.parse(/id="site-config">(.*?)<\/script>/s.exec(await home.text())![1]) as { nonce: string }).nonce;
  let cookie = home.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const signIn = await fetch(`${url}/api/shop/v1/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-wp-nonce': nonce, cookie },
    body: JSON.stringify({ email: 'casey@example.test', password: 'casey-password' }),
  });
  if (!signIn.ok) throw new Error(`sign-in: ${signIn.status}`);
  nonce = ((await signIn.json()) as { nonce: string }).nonce;
  cookie =
    signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ') || cookie;
  const json = { 'content-type': 'application/json', 'x-wp-nonce': nonce, cookie };
  await fetch(`${url}/api/shop/v1/current-store`, { method: 'PUT', headers: json, body: JSON.stringify({ store_id: 1001 }) });
  const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const slots = (await (
    await fetch(`${url}/api/shop/v1/stores/1001/pickup-slots?date=${day}`, { headers: { cookie, 'x-wp-nonce': nonce } })
  ).json()) as {
    items: Array<{ id: number }>;
  };
  const slotId = slots.items[0]?.id;
  if (!slotId) throw new Error('no pickup slot');
  // Many orders land in one window here: room for all of them, so every order is accepted.
  const db = await openDatabase({ databaseUrl: env.DATABASE_URL, sqlitePath: env.SQLITE_PATH });
  await db.kysely.updateTable('pickup_slots').set({ capacity: 1_000_000 }).where('id', '=', slotId).execute();
  await db.close();
  const requests: MixedRequest[] = [];
  for (let i = 0; i < 400; i++)
    requests.push(
      { path: '/shop', headers: { cookie } },
      { path: `/api/shop/v1/products?q=${['milk', 'bread', 'apple', 'coffee'][i % 4]}&store_id=1001` },
      {
        method: 'POST',
        path: '/api/shop/v1/cart/items',
        headers: json,
        body: JSON.stringify({ items: [{ product_id: 5000 + (i % 20), quantity: 1 }] }),
      },
      {
        method: 'POST',
        path: '/api/shop/v1/orders',
        headers: { ...json, 'idempotency-key': `bench-${dialect}-${Date.now()}-${i}` },
        body: JSON.stringify({ store_id: 1001, slot_id: slotId }),
      },
    );
  return requests;
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
const server = await startServer();
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
  if (!existsSync(files.prices2)) {
    await write(files.stores, [
      'id,name,slug,store_number,address_1,city,state,postal_code,phone,latitude,longitude,time_zone,tax_rate,services',
      ...Array.from(
        { length: NEW_STORES },
        (_, i) =>
          `${3001 + i},Bench Market ${i + 1},bench-market-${i + 1},B${i + 1},${100 + i} Main St,Albany,NY,12207,518-555-${String(1000 + i)},42.65,-73.75,America/New_York,8,pickup`,
      ),
    ]);
    await write(files.products, [
      'upc,name,department,price,brand,size_value,size_unit',
      ...Array.from(
        { length: PRODUCTS },
        (_, i) =>
          `${upc(i)},Bench Item ${i},${departments[i % departments.length]},${priceOf(0, i)},Bench Brand ${i % 50},${(i % 32) + 1},oz`,
      ),
    ]);
    const prices = function* (bump: boolean) {
      yield 'store_id,upc,price,member_price,available';
      for (const s of stores) for (let i = 0; i < PRODUCTS; i++) yield `${s},${upc(i)},${priceOf(s, i, bump && i % 10 === 0 ? 10 : 0)},,1`;
    };
    await write(files.prices, prices(false));
    await write(files.prices2, prices(true));
  }
  const requests = await shopperRequests(server.url);
  // The same load with no import running: what this machine gives the server at that rate on its own.
  const [serverCpu0, db0] = [processCpuSeconds(server.child.pid!), dbCpu()];
  const baseline = await fixedRate({ base: server.url, requests, rate: LOAD_RATE, seconds: 20 });
  // What the load alone costs a second: the server's CPU, and the database cluster's (PostgreSQL).
  out.baseline = {
    ...baseline,
    serverCpuPerSecond: (processCpuSeconds(server.child.pid!) - serverCpu0) / 20,
    dbCpuPerSecond: db0 === null ? null : (since(db0) ?? 0) / 20,
  };
  const storesRun = await cli('stores', files.stores).done;
  const products1 = await cli('products', files.products).done;
  const products2 = await cli('products', files.products).done;
  const prices1 = await loadWhile(server.url, requests, cli('store-prices', files.prices).done, 'command line, new prices');
  const prices2 = await loadWhile(server.url, requests, cli('store-prices', files.prices).done, 'command line, same file');
  // The change the upload applies below (10 %) on the same shelf: the first run also grows the shoppers' lists 27-fold.
  const prices3 = await loadWhile(server.url, requests, cli('store-prices', files.prices2).done, 'command line, 10 % changed');
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
const fresh = await startServer();
try {
  const home = await fetch(`${fresh.url}/`);
  let nonce = (JSON.parse(/id="site-config">(.*?)<\/script>/s.exec(await home.text())![1]) as { nonce: string }).nonce;
  const signIn = await fetch(`${fresh.url}/api/shop/v1/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-wp-nonce': nonce },
    body: JSON.stringify({ email: 'admin@harvestlane.test', password: 'admin-password' }),
  });
  nonce = ((await signIn.json()) as { nonce: string }).nonce;
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  // Shoppers first (5 s of the load), so the server's size below is that of a server in use.
  const freshRequests = await shopperRequests(fresh.url);
  await fixedRate({ base: fresh.url, requests: freshRequests, rate: LOAD_RATE, seconds: 5 });
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
  const { createReadStream } = await import('node:fs');
  const { Readable } = await import('node:stream');
  const upload = async () => {
    const res = await fetch(`${fresh.url}/api/admin/v1/imports?kind=store-prices&mode=apply&file_name=prices.csv`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv', 'content-length': String(statSync(files.prices).size), 'x-wp-nonce': nonce, cookie },
      body: Readable.toWeb(createReadStream(files.prices)) as ReadableStream,
      duplex: 'half',
    } as RequestInit);
    if (res.status !== 202) throw new Error(`the upload answered ${res.status}: ${(await res.text()).slice(0, 500)}`);
    const { id } = (await res.json()) as { id: number };
    let detail: { status: string; counts: Record<string, number> } = { status: 'running', counts: {} };
    let misses = 0;
    while (detail.status === 'running') {
      await new Promise((r) => setTimeout(r, 500));
      try {
        const r = await fetch(`${fresh.url}/api/admin/v1/imports/${id}`, { headers: { cookie, 'x-wp-nonce': nonce } });
        if (!r.ok) throw new Error(`polling the import answered ${r.status}: ${(await r.text()).slice(0, 300)}`);
        detail = (await r.json()) as typeof detail;
      } catch (error) {
        if (++misses > 20) throw error;
      }
    }
    return { id, detail, seconds: (performance.now() - started) / 1000 };
  };
  // The same shopper load as during the command line's import, on the server applying the upload.
  const loaded = await loadWhile(fresh.url, freshRequests, upload(), 'server applying the upload');
  const { id, detail, seconds } = loaded.result;
  // The import's own CPU (its worker thread's, per phase) from its history row.
  const dbh = await openDatabase({ databaseUrl: env.DATABASE_URL, sqlitePath: env.SQLITE_PATH });
  const history = await dbh.kysely.selectFrom('imports').select('result').where('id', '=', id).executeTakeFirst();
  await dbh.close();
  const phasesCpu = (JSON.parse(history?.result ?? '{}') as { phases_cpu?: Record<string, number> }).phases_cpu ?? {};
  out.compiledServer = !!currentCompiledServer();
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
