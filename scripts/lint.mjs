// The lint of `npm test`: types per layer (tsc -b is incremental through .tsbuild/), ESLint (it remembers the files
// it passed, .cache/), dependency-cruiser checks the import table (cached in .cache/ too), the citation check, Biome checks the formatting. The checks are
// independent, so they run at once (a clean checkout spends about 60 CPU-seconds here, most in ESLint); each prints
// its output whole when it ends, with its time, so a slow one is visible.
import { spawn } from 'node:child_process';

const bin = (name) => `node_modules/.bin/${name}`;
const steps = [
  // TypeScript 7, the native compiler (a third of the CPU of 5.9's tsc -b on a clean checkout); ESLint's parser keeps
  // the `typescript` package (5.9), as typescript-eslint supports no later one yet. Called by path: both packages
  // name their command `tsc`.
  // One checker per project: the default (4) type-checks each project's shared declarations in every checker, 29.4
  // CPU-s on a clean checkout against 16.0 with one (same run, 2026-11-28; docs/testing.md), and the lint's other
  // steps keep the second core busy meanwhile.
  ['types', 'node_modules/typescript-native/bin/tsc', ['-b', '--checkers', '1']],
  ['eslint', bin('eslint'), ['.', '--cache', '--cache-location', '.cache/eslint/', '--cache-strategy', 'content']],
  [
    'imports',
    bin('depcruise'),
    // Its cache (.cache/depcruise/) re-reads only files whose content changed: 1.8 CPU-s instead of 7.6 once warm.
    [
      ...['core', 'react-app', 'admin', 'server', 'fixtures', 'scripts', 'e2e', '--config', '.dependency-cruiser.cjs'],
      ...['--cache', '.cache/depcruise/', '--cache-strategy', 'content'],
    ],
  ],
  // No comment, string or doc cites the spec outside the repository (scripts/check-citations.mjs).
  ['citations', process.execPath, ['scripts/check-citations.mjs']],
  // Biome's formatter (Prettier's style, biome.json) checks the tree in about 1 CPU-second, Prettier took 22.
  ['format', bin('biome'), ['format', '--log-level=warn', '.']],
];

function run([name, cmd, args]) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      process.stdout.write(Buffer.concat(output));
      console.log(`  lint ${name}: ${code === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      resolve(code ?? 1);
    });
  });
}

const codes = await Promise.all(steps.map(run));
const failed = codes.find((code) => code !== 0);
if (failed !== undefined) process.exit(failed);
