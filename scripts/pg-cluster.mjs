// A throwaway PostgreSQL cluster on loopback (Debian's postgresql package): created in a temporary folder,
// started, stopped and started again on demand (the outage test and the game day stop it under load), removed
// at the end. Used by scripts/with-postgres.mjs, server/pg-outage.test.ts and scripts/gameday.mjs.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The newest installed PostgreSQL's bin folder (PG_BIN_DIR wins), or undefined when none is installed. */
export function postgresBinDir() {
  if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR;
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a)) : [];
  return versions.length ? `/usr/lib/postgresql/${versions[0]}/bin` : undefined;
}

/** A free loopback port. */
export function freeLoopbackPort() {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (srv.address());
      srv.close(() => resolve(port));
    });
  });
}

/**
 * @typedef {object} Cluster
 * @property {string} url postgres://… of its `postgres` database
 * @property {number} port
 * @property {string} dir
 * @property {(mode?: 'immediate' | 'fast') => Promise<boolean>} stop `pg_ctl stop -m <mode>`; true when stopped
 * @property {() => Promise<boolean>} start `pg_ctl start -w`; true when accepting connections
 * @property {() => void} dispose stops (fast) and removes the folder
 */

/**
 * @param {{ port?: number, quiet?: boolean, durable?: boolean }} [options]
 * @returns {Promise<Cluster>}
 */
export async function createCluster(options = {}) {
  const binDir = postgresBinDir();
  if (!binDir) throw new Error('PostgreSQL is not installed (apt-get install -y postgresql).');
  const port = options.port ?? (await freeLoopbackPort());
  const stdio = options.quiet ? 'ignore' : 'inherit';
  // PostgreSQL refuses to run as root: run the server as the postgres user then.
  const root = process.getuid?.() === 0;
  /** @param {string} name @param {string[]} args */
  const asPg = (name, args) =>
    root
      ? spawnSync('runuser', ['-u', 'postgres', '--', join(binDir, name), ...args], { stdio })
      : spawnSync(join(binDir, name), args, { stdio });
  const dir = mkdtempSync(join(tmpdir(), 'hl-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  // Tests trade durability for speed; a cluster that is killed on purpose and must keep every acknowledged commit
  // (the game day) runs with PostgreSQL's durable defaults: with synchronous_commit off, `pg_ctl stop -m immediate`
  // loses the last commits a server has already answered 201 for.
  const fast = options.durable ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off';
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1${fast} -c max_connections=300`;
  /** Without blocking this process's event loop (its requests go on while pg_ctl works). @param {string[]} args */
  const pgCtl = (args) =>
    new Promise((resolve) => {
      const [cmd, ...rest] = root
        ? ['runuser', '-u', 'postgres', '--', join(binDir, 'pg_ctl'), ...args]
        : [join(binDir, 'pg_ctl'), ...args];
      spawn(cmd, rest, { stdio }).once('exit', (code) => resolve(code === 0));
    });
  const startArgs = ['-D', data, '-o', opts, '-l', join(dir, 'pg.log'), '-w', 'start'];
  const start = () => pgCtl(startArgs);
  /** @param {'immediate' | 'fast'} mode */
  const stop = (mode = 'fast') => pgCtl(['-D', data, '-m', mode, '-w', 'stop']);
  try {
    if (asPg('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-locale']).status !== 0)
      throw new Error('initdb failed');
    if (asPg('pg_ctl', startArgs).status !== 0) throw new Error('pg_ctl start failed');
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    stop,
    start,
    dispose() {
      asPg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
