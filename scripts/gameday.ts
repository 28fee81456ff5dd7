import { spawnSync } from 'node:child_process';
import { openDatabase } from '../server/db/connection';
import { migrate } from '../server/db/migrate';
import { seed } from '../server/seed';
import { buildIsCurrent } from './build-stamp.mjs';
import { actOne } from './gameday-outage';
import { actTwo } from './gameday-restart';
import { createCluster } from './pg-cluster.mjs';

// `npm run gameday`: what an operator would rehearse, scripted (docs/operations.md, Game day).
// Act 1: two servers on one PostgreSQL at a steady mixed load (pages, the cached home page, the stylesheet, product
// search, the store list, orders); PostgreSQL killed (`pg_ctl stop -m immediate`) for OUTAGE_S seconds, then
// started; then one server SIGKILLed mid-load. Report: requests and errors by kind, how long the servers took to
// reconnect, whether a server process exited, and orders acknowledged vs orders in the database.
// Act 2: the same two servers behind Debian's nginx (the configuration docs/operations.md shows), restarted one
// after the other (SIGTERM, wait for the exit, start, wait for /readyz) under load: every request must succeed.
// GAMEDAY_ACTS=1 or 2 runs one act.

const acts = (process.env.GAMEDAY_ACTS ?? '1,2').split(',');

if (!buildIsCurrent()) {
  console.log('Building…');
  if (spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' }).status !== 0) process.exit(1);
}
const cluster = await createCluster({ quiet: true, durable: true });
try {
  const db = await openDatabase({ databaseUrl: cluster.url });
  await migrate(db);
  await seed(db);
  await db.close();
  console.log(`# Game day (${new Date().toISOString()}, Node ${process.version}, PostgreSQL on 127.0.0.1:${cluster.port})`);
  if (acts.includes('1')) await actOne(cluster);
  if (acts.includes('2')) await actTwo(cluster);
} finally {
  cluster.dispose();
}
process.exit(0);
