// One database's half of `npm run bench scale` (scripts/bench/cases/scale.ts runs it for SQLite, and for
// PostgreSQL under scripts/with-postgres.mjs): for each catalogue size, a bench server on a fresh database of
// that size, the shop's list and search requests at a fixed rate, and the server's memory once its search
// index is built. Prints one `SCALE {json}` line per size.
import pg from 'pg';
import { fixedRate } from './fixed-rate';
import { startBenchServer } from './harness';
import { REQUESTS, SIZES, type SizeResult } from './scale-requests';

const dialect = process.argv[2] === 'postgres' ? 'postgres' : 'sqlite';
const seconds = Number(process.env.BENCH_DURATION ?? 10);
const rate = Number(process.env.BENCH_SCALE_RATE ?? 100);

for (const size of SIZES) {
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
  process.env.BENCH_SCALE = size.scale;
  if (databaseUrl) process.env.BENCH_DATABASE_URL = databaseUrl;
  const server = await startBenchServer();
  try {
    // The first searches wait for the index; then every request once, so each statement is prepared.
    for (const r of REQUESTS) for (const req of r.requests) await fetch(`${server.url}${req.path}`);
    const counts = (await (await fetch(`${server.url}/api/shop/v1/products?per_page=1&store_id=1001`)).json()) as { total: number };
    // Memory once the index is built and before the load (in-flight requests would count as the index's).
    const memory = await server.memory();
    const rows = [];
    for (const r of REQUESTS) {
      // CPU time per request as well: on a shared host, latency stretches with other guests' work; this does not.
      const cpu0 = await server.cpu();
      const result = await fixedRate({ base: server.url, requests: r.requests, rate, seconds });
      const cpuMs = (await server.cpu()) - cpu0;
      rows.push({
        name: r.name,
        p50: result.p50,
        p99: result.p99,
        errors: result.errors + result.non2xx,
        cpuMs: Number((cpuMs / 1000 / Math.max(1, result.requests)).toFixed(2)),
      });
    }
    process.stderr.write(`scale: ${dialect} ${size.label} measured\n`);
    const out: SizeResult = {
      dialect,
      label: size.label,
      products: counts.total,
      rssMb: Math.round(memory.rss / 1e6),
      rows,
    };
    console.log(`SCALE ${JSON.stringify(out)}`);
  } finally {
    await server.stop();
  }
}
