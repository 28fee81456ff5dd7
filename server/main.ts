import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/connection';
import { migrate } from './db/migrate';
import { prepareDatabase, StartRefused } from './site-mode';

/** How long a stopping server lets requests in flight finish. */
const DRAIN_MS = 9_000;

// `npm start`: open (or create) the database, migrate, seed on first start, serve until Ctrl-C.
async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
  const applied = await migrate(db);
  if (applied.length) console.log(`Applied migrations: ${applied.join(', ')}`);
  await prepareDatabase(db, config);
  const app = await buildApp(db, config);
  await app.listen({ host: config.host, port: config.port });
  const where = config.databaseUrl ? 'PostgreSQL' : config.sqlitePath;
  console.log(`Harvest Lane Market is running at http://${config.host}:${config.port}/ (database: ${where})`);

  // SIGTERM (a rolling restart, a process manager) and Ctrl-C: /readyz turns 503, the listening socket closes (a
  // proxy's next connection goes to another server), requests in flight finish, idle keep-alive connections
  // close; whatever is still open after DRAIN_MS is cut, and the process exits 0 (docs/operations.md).
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal} received, draining…`);
    app.readiness.draining = true;
    const cut = setTimeout(() => app.server.closeAllConnections(), DRAIN_MS);
    cut.unref();
    await app.close();
    clearTimeout(cut);
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  console.error(error instanceof StartRefused ? error.message : error);
  process.exit(1);
});
