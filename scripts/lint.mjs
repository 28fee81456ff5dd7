// The lint of `npm test`, with caches: types per layer (tsc -b is incremental through .tsbuild/), ESLint and
// Prettier remember the files they passed (.cache/), dependency-cruiser checks the import table. A repeated
// run re-checks only what changed. Each step prints its time, so a slow one is visible.
import { spawnSync } from 'node:child_process';

const bin = (name) => `node_modules/.bin/${name}`;
const steps = [
  ['types', bin('tsc'), ['-b']],
  ['eslint', bin('eslint'), ['.', '--cache', '--cache-location', '.cache/eslint/', '--cache-strategy', 'content']],
  [
    'imports',
    bin('depcruise'),
    ['core', 'react-app', 'admin', 'server', 'fixtures', 'scripts', 'e2e', '--config', '.dependency-cruiser.cjs'],
  ],
  [
    'format',
    bin('prettier'),
    ['--check', '.', '--cache', '--cache-location', '.cache/prettier', '--cache-strategy', 'content', '--log-level', 'warn'],
  ],
];
for (const [name, cmd, args] of steps) {
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  console.log(`  lint ${name}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (r.status !== 0) process.exit(r.status ?? 1);
}
