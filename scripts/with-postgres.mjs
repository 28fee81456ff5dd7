// Runs a command against a throwaway PostgreSQL server on loopback:
//   node scripts/with-postgres.mjs <command> [args…]
// Starts a fresh cluster (Debian's postgresql package) in a temporary folder, exports DATABASE_URL (and
// PG_BIN_DIR, for tests that start clusters of their own), runs the command, and stops the cluster whatever happens.
import { spawnSync } from 'node:child_process';
import { createCluster, postgresBinDir } from './pg-cluster.mjs';

let status = 1;
let cluster;
try {
  // A free loopback port unless PG_TEST_PORT says otherwise (several checkouts may test at once).
  cluster = await createCluster({ port: process.env.PG_TEST_PORT ? Number(process.env.PG_TEST_PORT) : undefined });
  const [cmd, ...args] = process.argv.slice(2);
  const r = spawnSync(cmd, args, {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: cluster.url, PG_BIN_DIR: postgresBinDir() },
  });
  status = r.status ?? 1;
} catch (error) {
  console.error(String(error));
} finally {
  cluster?.dispose();
}
process.exit(status);
