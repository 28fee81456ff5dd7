// Builds the runtime (rollup) and the React bundles (vite). `npm start` calls this when sources changed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';

const bin = (name) => `node_modules/.bin/${name}`;
for (const [cmd, args] of [
  [bin('rollup'), ['-c', '--silent']],
  [bin('vite'), ['build', '--logLevel', 'warn']],
]) {
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
mkdirSync('dist', { recursive: true });
writeFileSync('dist/.build-stamp', new Date().toISOString());
