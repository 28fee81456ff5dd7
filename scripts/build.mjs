// Builds the runtime (rollup), the React bundles (vite) and the compiled server (esbuild). `npm start` calls this
// when sources changed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';

const bin = (name) => `node_modules/.bin/${name}`;
rmSync('dist/runtime', { recursive: true, force: true }); // hashed names: drop the previous build's files
for (const [cmd, args] of [
  [bin('rollup'), ['-c', '--silent']],
  [bin('vite'), ['build', '--logLevel', 'warn']],
  [process.execPath, ['scripts/build-styles.mjs']],
  [process.execPath, ['scripts/build-server.mjs']],
  [process.execPath, ['scripts/precompress.mjs', 'dist/runtime', 'dist/app']],
]) {
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
mkdirSync('dist', { recursive: true });
writeFileSync('dist/.build-stamp', new Date().toISOString());
