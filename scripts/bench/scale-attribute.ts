// Where a scale row's slow answers spend their time (docs/performance.md, "Scale"): the compiled server with
// REQUEST_TIMING_FILE (server/plugins/request-timing.ts) over a database prepared by scale-run.ts's steps, the
// list rows at a fixed rate, then each row's slowest 1 % against the rest: the wait for a pooled connection,
// the statements' round trips, the encoding, GC and event-loop stalls overlapping them; the client's latency beside
// the server's own (the rest is the socket and the process's turn for a core). Run under scripts/with-postgres.mjs, or on SQLite:
//   node --import tsx scripts/bench/scale-attribute.ts postgres|sqlite [seed|40000,100]
// ATTRIBUTE_DB_URL / ATTRIBUTE_SQLITE reuse a prepared database; ATTRIBUTE_ROWS=list|all|a part of a row's name;
// ATTRIBUTE_AGE_S waits between the first answers and the rows; SERVER_ARGS adds node flags.
import { copyFileSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import pg from 'pg';
import { ownTempDir } from '../own-temp-dir.mjs';
import { prepareDatabase, startProductionServer } from './production-server';
import { DEEP_PAGE, REQUESTS } from './scale-requests';

const dialect = process.argv[2] === 'postgres' ? 'postgres' : 'sqlite';
const scale = process.argv[3] ?? 'seed';
const seconds = Number(process.env.BENCH_DURATION ?? 10);
const rate = Number(process.env.BENCH_SCALE_RATE ?? 100);
const dir = ownTempDir('hl-attribute');
const timingFile = join(dir, `timing-${process.pid}.jsonl`);

async function database(): Promise<{ databaseUrl?: string; sqlitePath?: string }> {
  if (dialect === 'sqlite') {
    if (process.env.ATTRIBUTE_SQLITE) return { sqlitePath: process.env.ATTRIBUTE_SQLITE };
    const where = { sqlitePath: join(dir, 'scale.db') };
    await prepareDatabase(where, scale);
    return where;
  }
  if (process.env.ATTRIBUTE_DB_URL) return { databaseUrl: process.env.ATTRIBUTE_DB_URL };
  const base = process.env.DATABASE_URL ?? '';
  const name = `attribute_${scale.replace(/\W/g, '_')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const databaseUrl = base.replace(/\/[^/]*$/, `/${name}`);
  await prepareDatabase({ databaseUrl }, scale);
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  await c.query('VACUUM (ANALYZE)');
  await c.end();
  process.stderr.write(`attribute: prepared ${databaseUrl}\n`);
  return { databaseUrl };
}

interface Line {
  url: string;
  at: number;
  ms: number;
  poolWaitMs: number;
  dbMs: number;
  serializeMs: number;
  gcMs: number;
  stallMs: number;
  statements: Array<[number, string]>;
}

interface Background {
  after: string;
  end: number;
  ms: number;
  sql: string;
}

/** Open loop at `rate`, as scripts/bench/fixed-rate.ts; each answer's latency by its sequence number. */
async function load(base: string, paths: string[]): Promise<Map<string, number[]>> {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const latencies = new Map<string, number[]>();
  const total = Math.round(rate * seconds);
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const wait = started + (i * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const path = paths[i % paths.length];
    const t0 = performance.now();
    pending.push(
      new Promise<void>((resolve) => {
        http
          .get({ host: url.hostname, port: url.port, path, agent }, (res) => {
            res.resume();
            res.on('end', () => {
              latencies.set(path, [...(latencies.get(path) ?? []), performance.now() - t0]);
              resolve();
            });
          })
          .on('error', () => resolve());
      }),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  return latencies;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const f = (n: number) => n.toFixed(2);

const where = await database();
// ATTRIBUTE_ENTRIES=a.mjs,b.mjs alternates compiled servers (an A/B in the same minutes), ATTRIBUTE_ROUNDS times.
const entries = process.env.ATTRIBUTE_ENTRIES?.split(',') ?? [undefined];
for (let round = 1; round <= Number(process.env.ATTRIBUTE_ROUNDS ?? 1); round++)
  for (const entry of entries) {
    console.log(`\n# round ${round}: ${entry ?? 'dist/server/main.mjs'}`);
    await measure(entry);
  }

async function measure(entry: string | undefined): Promise<void> {
  const server = await startProductionServer(where, { REQUEST_TIMING_FILE: timingFile }, entry);
  try {
    const pantry = (await (await fetch(`${server.url}/api/shop/v1/products?department=105&store_id=1001&per_page=1`)).json()) as {
      total: number;
    };
    const deepPage = String(Math.max(1, Math.min(40, Math.ceil(pantry.total / 24))));
    // ATTRIBUTE_ROWS: 'list' (the default), 'all', or a part of the rows' names ('price_asc').
    const only = process.env.ATTRIBUTE_ROWS ?? 'list';
    const rows = REQUESTS.filter((r) => only === 'all' || (only === 'list' ? r.kind === 'list' : r.name.includes(only)));
    for (const r of REQUESTS) for (const q of r.requests) await fetch(`${server.url}${q.path.replace(DEEP_PAGE, deepPage)}`);
    // ATTRIBUTE_AGE_S: seconds between that first answer and the first row (in the bench, the price order's row
    // comes a minute after it), for whatever a server does with an answer kept that long.
    await new Promise((resolve) => setTimeout(resolve, Number(process.env.ATTRIBUTE_AGE_S ?? 0) * 1000));
    for (const r of rows) {
      const paths = r.requests.map((q) => q.path.replace(DEEP_PAGE, deepPage));
      rmSync(timingFile, { force: true });
      const cpu0 = server.cpu();
      const client = await load(server.url, paths);
      const cpuMs = (server.cpu() - cpu0) / 1000 / (rate * seconds);
      const text = readFileSync(timingFile, 'utf8').split('\n');
      const lines = text.filter((l) => l.startsWith('{"url"')).map((l) => JSON.parse(l) as Line);
      // Statements a request left running after its answer (a list's recount beside the answers), as [start, end].
      const background = text.filter((l) => l.startsWith('{"after"')).map((l) => JSON.parse(l) as Background);
      // ATTRIBUTE_KEEP=folder keeps each row's timing lines there for a closer look.
      if (process.env.ATTRIBUTE_KEEP)
        copyFileSync(timingFile, join(process.env.ATTRIBUTE_KEEP, `${r.name.replace(/\W+/g, '_')}-${Date.now()}.jsonl`));
      const latency = [...client.values()].flat().sort((a, b) => a - b);
      const byServer = [...lines].sort((a, b) => b.ms - a.ms);
      const slow = byServer.slice(0, Math.max(1, Math.ceil(lines.length / 100)));
      const rest = byServer.slice(slow.length);
      // pool and db add up statements that ran at once (a list's parallel reads), so they can exceed the request's ms.
      const part = (set: Line[]) =>
        `server ${f(mean(set.map((l) => l.ms)))} = pool ${f(mean(set.map((l) => l.poolWaitMs)))} + db ${f(mean(set.map((l) => l.dbMs)))} ` +
        `(${f(mean(set.map((l) => l.statements.length)))} statements) + encode ${f(mean(set.map((l) => l.serializeMs)))}; ` +
        `overlapping gc ${f(mean(set.map((l) => l.gcMs)))}, stalls ${f(mean(set.map((l) => l.stallMs)))}`;
      console.log(`\n## ${r.name}: client p50 ${f(pct(latency, 50))} p99 ${f(pct(latency, 99))} ms, server CPU ${f(cpuMs)} ms a request`);
      const serverMs = lines.map((l) => l.ms).sort((a, b) => a - b);
      console.log(`  server ms (its hooks, onRequest to onResponse) p50 ${f(pct(serverMs, 50))} p99 ${f(pct(serverMs, 99))}`);
      console.log(`  slowest 1 % (${slow.length}): ${part(slow)}`);
      console.log(`  the rest: ${part(rest)}`);
      const during = (set: Line[]) => set.filter((l) => background.some((b) => b.end > l.at && b.end - b.ms < l.at + l.ms)).length;
      console.log(
        `  background statements ${background.length} (${f(background.reduce((a, b) => a + b.ms, 0))} ms): ` +
          `overlapping ${during(slow)} of the slowest ${slow.length}, ${during(rest)} of the other ${rest.length}`,
      );
      for (const l of slow.slice(0, 5))
        console.log(
          `    ${f(l.ms)} ms at ${f(l.at)}: pool ${f(l.poolWaitMs)} gc ${f(l.gcMs)} stall ${f(l.stallMs)} encode ${f(l.serializeMs)} | ${l.statements.map(([ms, s]) => `${f(ms)} ${s.slice(0, 40)}`).join(' | ')}`,
        );
    }
  } finally {
    await server.stop();
  }
}
