import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/connection';
import { migrate } from '../../server/db/migrate';
import { seed } from '../../server/seed';
import { addScaleCatalogue } from '../../server/testing/scale-catalogue';
import { ownTempDir } from '../own-temp-dir.mjs';
import { compressedForms } from '../precompress.mjs';

// The benchmark target: the real server on a fresh seeded database, plus /__static/ serving files the
// bench writes (to compare SSR with the same bytes served as a static file by the same server).
const dir = ownTempDir('hl-bench');
const staticDir = join(dir, 'static');
process.env.BENCH_STATIC_DIR = staticDir;
const base = loadConfig();
// Load generators keep a few connections open for the whole run: the production cap of requests per socket
// (against clients that never let go) would close them mid-run and count as errors for SSR and static alike.
const connections = { ...base.connections, maxRequestsPerSocket: 0 };
// BENCH_SQLITE_PATH: a database the caller keeps (the scale case prepares one here, then serves it compiled).
const sqlitePath = process.env.BENCH_SQLITE_PATH ?? join(dir, 'site.db');
const config = { ...base, connections, sqlitePath, logLevel: 'silent', port: Number(process.env.PORT ?? 0) };
// BENCH_SCALE ('seed' or '<products>,<stores>') and BENCH_DATABASE_URL: the scale case's servers (scale-run.ts).
const scale = process.env.BENCH_SCALE;
// The back-office lists (catalogue-lists) take BENCH_DATABASE_URL too, to be timed on PostgreSQL.
const onUrl = !!scale || process.env.BENCH_CATALOGUE === '1';
const db = await openDatabase({ sqlitePath: config.sqlitePath, databaseUrl: onUrl ? process.env.BENCH_DATABASE_URL : undefined });
await migrate(db);
await seed(db);
if (scale && scale !== 'seed') {
  const [products, stores] = scale.split(',').map(Number);
  await addScaleCatalogue(db, { products, stores });
}
// Bench-only data: every module in scripts/bench/setup/ default-exports a (db) => Promise<void>.
for (const file of readdirSync('scripts/bench/setup')
  .filter((f) => f.endsWith('.ts') && !scale)
  .sort()) {
  const mod = (await import(`./setup/${file}`)) as { default?: (d: typeof db) => Promise<void> };
  await mod.default?.(db);
}
for (const setup of (globalThis as { benchSetup?: Array<(d: typeof db) => Promise<void>> }).benchSetup ?? []) await setup(db);
if (process.env.BENCH_PREPARE_ONLY) {
  // The database is ready; the caller measures the compiled server on it (scripts/bench/production-server.ts).
  await db.close();
  process.send?.({ prepared: true });
  process.exit(0);
}
const app = await buildApp(db, config, { logger: false });
const { mkdirSync } = await import('node:fs');
mkdirSync(staticDir, { recursive: true });
// Served as the build's files are: with Brotli and gzip copies made beforehand (scripts/precompress.mjs).
await app.register(fastifyStatic, { root: staticDir, prefix: '/__static/', decorateReply: false, preCompressed: true });
app.post('/__bench/static', async (request) => {
  const { name, body } = request.body as { name: string; body: string };
  const path = join(staticDir, name.replace(/[^\w.-]/g, ''));
  writeFileSync(path, body);
  const forms = await compressedForms(Buffer.from(body));
  writeFileSync(`${path}.br`, forms.br);
  writeFileSync(`${path}.gz`, forms.gzip);
  return { ok: true };
});
await app.listen({ host: '127.0.0.1', port: config.port });
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
// The bench asks for the server's memory over IPC (before and after a load run).
process.on('message', (m) => {
  if ((m as { type?: string }).type === 'memory') {
    global.gc?.();
    process.send?.({ type: 'memory', usage: process.memoryUsage() });
  }
  // CPU time the server spent (user + system, µs): per request it does not depend on what else runs.
  if ((m as { type?: string }).type === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send?.({ type: 'cpu', micros: user + system });
  }
});
process.on('SIGTERM', async () => {
  await app.close();
  await db.close();
  process.exit(0);
});
