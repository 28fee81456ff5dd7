// `npm start`: build when the front-end sources are newer than the last build, then run the server.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

function newest(dir) {
  let max = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const p = join(dir, entry.name);
    max = Math.max(max, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return max;
}

const stamp = 'dist/.build-stamp';
const sources = Math.max(
  ...['core', 'react-app', 'admin'].filter(existsSync).map(newest),
  ...['package-lock.json', 'rollup.config.mjs', 'vite.config.ts'].map((f) => statSync(f).mtimeMs),
);
if (!existsSync(stamp) || statSync(stamp).mtimeMs < sources) {
  console.log('Building the front end…');
  const r = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// React's production build: the development one renders pages about 3x slower.
process.env.NODE_ENV ??= 'production';
const { register } = await import('tsx/esm/api');
// The root tsconfig.json only lists the per-layer projects; the shared compiler options (JSX) are in the base.
register({ tsconfig: 'tsconfig.base.json' });
await import('../server/main.ts');
