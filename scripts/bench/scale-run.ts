// One database's half of `npm run bench scale` (scripts/bench/cases/scale.ts runs it for SQLite, and for
// PostgreSQL under scripts/with-postgres.mjs): for each catalogue size, a fresh database of that size prepared by
// one process, then the compiled server as `npm start` runs it (scripts/bench/production-server.ts), the shop's
// list and search requests at a fixed rate, and the server's memory once its search index is built. Prints one
// `SCALE {json}` line per size.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { ownTempDir } from '../own-temp-dir.mjs';
import { fixedRate } from './fixed-rate';
import { prepareDatabase, startProductionServer } from './production-server';
import { DEEP_PAGE, REQUESTS, SIZES, type SizeResult } from './scale-requests';

const dialect = process.argv[2] === 'postgres' ? 'postgres' : 'sqlite';
const seconds = Number(process.env.BENCH_DURATION ?? 10);
const rate = Number(process.env.BENCH_SCALE_RATE ?? 100);
const dir = ownTempDir('hl-scale');

// BENCH_SCALE_SIZES=seed;40000,100 measures only those sizes.
const only = process.env.BENCH_SCALE_SIZES?.split(';');
for (const size of SIZES.filter((s) => !only || only.includes(s.scale))) {
  let databaseUrl: string | undefined;
  if (dialect === 'postgres') {
    // A fresh database per size on the throwaway cluster.
    const base = process.env.DATABASE_URL ?? '';
    const name = `scale_${size.scale.replace(/\W/g, '_')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    await admin.end();
    databaseUrl = base.replace(/\/[^/]*$/, `/${name}`);
  }
  const where = databaseUrl ? { databaseUrl } : { sqlitePath: join(dir, `scale-${size.scale.replace(/\W/g, '_')}.db`) };
  await prepareDatabase(where, size.scale);
  if (databaseUrl) {
    // A catalogue just written (4 million shelf rows) is what autovacuum visits next, on the same two cores as the
    // measurement; a grocer's database has long been vacuumed and analysed. Measure that steady state.
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    await c.query('VACUUM (ANALYZE)');
    await c.end();
  }
  const server = await startProductionServer(where);
  try {
    const pantry = (await (await fetch(`${server.url}/api/shop/v1/products?department=105&store_id=1001&per_page=1`)).json()) as {
      total: number;
    };
    const deepPage = String(Math.max(1, Math.min(40, Math.ceil(pantry.total / 24))));
    const requests = REQUESTS.map((r) => ({
      ...r,
      requests: r.requests.map((q) => ({ ...q, path: q.path.replace(DEEP_PAGE, deepPage) })),
    }));
    process.stderr.write(`scale: ${dialect} ${size.label}: Pantry's deep page is ${deepPage}\n`);
    // The first searches wait for the index; then every request once, so each statement is prepared.
    for (const r of requests) for (const req of r.requests) await fetch(`${server.url}${req.path}`);
    const counts = (await (await fetch(`${server.url}/api/shop/v1/products?per_page=1&store_id=1001`)).json()) as { total: number };
    // Memory once the index is built and before the load (in-flight requests would count as the index's).
    const rss = server.rss();
    // And its highest under the load (sampled every 100 ms): garbage between collections and requests in flight.
    let peakRss = rss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, server.rss())), 100).unref();
    const rows = [];
    for (const r of requests) {
      // CPU time per request as well: on a shared host, latency stretches with other guests' work; this does not.
      const cpu0 = server.cpu();
      const result = await fixedRate({ base: server.url, requests: r.requests, rate, seconds });
      const cpuMs = server.cpu() - cpu0;
      rows.push({
        name: r.name,
        p50: result.p50,
        p99: result.p99,
        errors: result.errors + result.non2xx,
        cpuMs: Number((cpuMs / 1000 / Math.max(1, result.requests)).toFixed(2)),
      });
    }
    clearInterval(sampler);
    process.stderr.write(`scale: ${dialect} ${size.label} measured\n`);
    const out: SizeResult = {
      dialect,
      label: size.label,
      products: counts.total,
      rssMb: Math.round(rss / 1e6),
      peakRssMb: Math.round(peakRss / 1e6),
      rows,
    };
    console.log(`SCALE ${JSON.stringify(out)}`);
  } finally {
    await server.stop();
    if (where.sqlitePath) for (const suffix of ['', '-wal', '-shm']) rmSync(`${where.sqlitePath}${suffix}`, { force: true });
  }
}
