// Runs a command against a throwaway PostgreSQL server on loopback:
//   node scripts/with-postgres.mjs <command> [args…]
// Starts a fresh cluster (Debian's postgresql package) in a temporary folder, exports DATABASE_URL,
// runs the command, and stops the cluster whatever happens.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';

// A free loopback port unless PG_TEST_PORT says otherwise (several checkouts may test at once).
const port =
  process.env.PG_TEST_PORT ??
  (await new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port: p } = srv.address();
      srv.close(() => resolve(String(p)));
    });
  }));
const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a)) : [];
if (!versions.length) {
  console.error('PostgreSQL is not installed (apt-get install -y postgresql).');
  process.exit(1);
}
const bin = (name) => `/usr/lib/postgresql/${versions[0]}/bin/${name}`;
const root = process.getuid?.() === 0;
// PostgreSQL refuses to run as root: run the server as the postgres user then.
const asPg = (cmd, args) =>
  root ? spawnSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'inherit' }) : spawnSync(cmd, args, { stdio: 'inherit' });

const dir = mkdtempSync(join(tmpdir(), 'hl-pg-'));
chmodSync(dir, 0o777);
const data = join(dir, 'data');
let status = 1;
try {
  if (asPg(bin('initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-locale']).status !== 0)
    throw new Error('initdb failed');
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`;
  if (asPg(bin('pg_ctl'), ['-D', data, '-o', opts, '-l', join(dir, 'pg.log'), '-w', 'start']).status !== 0)
    throw new Error('pg_ctl start failed');
  const [cmd, ...args] = process.argv.slice(2);
  const r = spawnSync(cmd, args, {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres` },
  });
  status = r.status ?? 1;
} catch (error) {
  console.error(String(error));
} finally {
  asPg(bin('pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
  rmSync(dir, { recursive: true, force: true });
}
process.exit(status);
