import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../../server/db/connection';
import { fixedRate } from './fixed-rate';
import { memorySplit, watchMemory } from './memory-split';
import { processCpuSeconds } from './proc-cpu';
import { benchEnv, NEW_STORES, shopperLoad, signIn, startServer, uploadPrices, writeFeedFiles } from './catalogue-shoppers';

// A server applying an uploaded price file, on its own (the last step of `npm run bench catalogue`), for attributing
// its memory and the shoppers' latency meanwhile without the command line's runs before it:
//   node --import tsx scripts/bench/catalogue-upload.ts <dir> [runs]
// prepares <dir>/catalogue.db once (SQLite; DATABASE_URL for PostgreSQL: its database, prepared when it has no bench
// stores): the seed, 87 stores, BENCH_PRODUCTS products and BENCH_STORES × products prices through the command line;
// then per run a fresh server takes 5 s of the shopper load, uploads the price file (the changed one and the first in
// turn) under the load, and prints its memory idle and at the peak, the high-water mark, and each load window.
// REQUEST_TIMING_FILE and SERVER_ARGS (node flags) reach the server.

const [dir, runsArg] = process.argv.slice(2);
if (!dir) throw new Error('usage: catalogue-upload.ts <dir> [runs]');
mkdirSync(dir, { recursive: true });
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 40_000);
const STORES = Number(process.env.BENCH_STORES ?? 100);
const RATE = Number(process.env.BENCH_LOAD_RATE ?? 50);
const env = benchEnv();
if (!env.DATABASE_URL) env.SQLITE_PATH = join(dir, 'catalogue.db');
if (process.env.SERVER_ARGS) env.NODE_OPTIONS = process.env.SERVER_ARGS;
const database = { databaseUrl: env.DATABASE_URL, sqlitePath: env.SQLITE_PATH };
const files = {
  stores: join(dir, 'stores.csv'),
  products: join(dir, 'products.csv'),
  prices: join(dir, 'prices.csv'),
  prices2: join(dir, 'prices-changed.csv'),
};
const cliEnv = { ...env };
delete cliEnv.NODE_OPTIONS;
const importFile = (kind: string, file: string) => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/import.ts', kind, file], { env: cliEnv, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`import ${kind} exited ${r.status}: ${r.stdout}\n${r.stderr.slice(0, 2000)}`);
  console.log(r.stdout.trim());
};

{
  const server = await startServer(env);
  const db = await openDatabase(database);
  const prepared = await db.kysely.selectFrom('stores').select('id').where('id', '=', 3001).executeTakeFirst();
  const departments = (
    await db.kysely.selectFrom('departments').select('slug').where('catalog', '=', 'grocery').orderBy('id').execute()
  ).map((d) => d.slug);
  const seeded = (await db.kysely.selectFrom('stores').select('id').where('kind', '=', 'shopping').orderBy('id').execute()).map(
    (s) => s.id,
  );
  await db.close();
  await server.stop();
  if (!prepared) {
    const stores = [...seeded.filter((id) => id < 3001), ...Array.from({ length: NEW_STORES }, (_, i) => 3001 + i)].slice(0, STORES);
    if (!existsSync(files.prices2)) await writeFeedFiles(files, departments, stores, PRODUCTS);
    importFile('stores', files.stores);
    importFile('products', files.products);
    importFile('store-prices', files.prices);
  }
}

const status = (pid: number, field: string) =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
for (let run = 0; run < Number(runsArg ?? 1); run++) {
  const server = await startServer(env);
  const pid = server.child.pid!;
  try {
    const admin = await signIn(server.url, 'admin@harvestlane.test', 'admin-password');
    const shoppers = await shopperLoad(server.url, database, { rate: RATE, run: `upload-${run}` });
    await fixedRate({ base: server.url, requests: shoppers.next(5), rate: RATE, seconds: 5 });
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    const watch = await watchMemory(server.url, pid);
    const cpu0 = processCpuSeconds(pid);
    // Which file applies: whichever differs from the shelf now (the changed one first on a freshly prepared shelf).
    const db = await openDatabase(database);
    const last = await db.kysely
      .selectFrom('imports')
      .select('file_name')
      .where('kind', '=', 'store-prices')
      .where('status', '=', 'applied')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    await db.close();
    const file = last?.file_name === 'prices-changed.csv' ? files.prices : files.prices2;
    const started = performance.now();
    let done = false;
    const upload = uploadPrices(server.url, admin, file, file === files.prices2 ? 'prices-changed.csv' : 'prices.csv').finally(
      () => (done = true),
    );
    // The memory split every 2 s: when in the import it grows (reading, building, the switch-in).
    const timeline: string[] = [];
    const sampler = setInterval(() => {
      void memorySplit(server.url, pid).then((m) =>
        timeline.push(
          `${Math.round((performance.now() - started) / 1000)} s: rss ${m.rss} anon ${m.anon} heap ${m.heapUsed}/${m.heapTotal}`,
        ),
      );
    }, 2000);
    while (!done) {
      const r = await fixedRate({ base: server.url, requests: shoppers.next(10), rate: RATE, seconds: 10 });
      const kinds = Object.entries(r.kinds).map(
        ([k, v]) => `${k.split(' ')[1].split('/').pop()} ${v.p99}${v.non2xx ? ` (${v.non2xx} non-2xx)` : ''}`,
      );
      console.log(`window p50 ${r.p50} p99 ${r.p99} ms, ${r.errors} failed; p99 by kind: ${kinds.join(', ')}`);
      for (const v of Object.values(r.kinds)) for (const said of v.refusals ?? []) console.log(`  refused: ${said}`);
    }
    const { detail } = await upload;
    clearInterval(sampler);
    if (detail.status !== 'applied') console.log(`the upload ended ${detail.status}: ${JSON.stringify(detail).slice(0, 2000)}`);
    console.log(timeline.join('\n'));
    const { idle, peak } = watch.split();
    watch.stop();
    console.log(
      JSON.stringify({
        file,
        status: detail.status,
        counts: detail.counts,
        seconds: Math.round((performance.now() - started) / 100) / 10,
        serverCpuSeconds: Math.round((processCpuSeconds(pid) - cpu0) * 10) / 10,
        highWaterMb: status(pid, 'VmHWM'),
        sampledPeakMb: watch.sampledPeak(),
        idle,
        peak,
      }),
    );
  } finally {
    await server.stop();
  }
}
