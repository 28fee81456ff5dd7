// `npm start`: build when the sources are newer than the last build, then run the compiled server.
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
  ...['core', 'react-app', 'admin', 'server', 'fixtures'].filter(existsSync).map(newest),
  ...['package-lock.json', 'rollup.config.mjs', 'vite.config.ts', 'scripts/build.mjs', 'scripts/build-server.mjs'].map(
    (f) => statSync(f).mtimeMs,
  ),
);
if (!existsSync(stamp) || statSync(stamp).mtimeMs < sources) {
  console.log('Building…');
  const r = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// React's production build: the development one renders pages about 3x slower.
process.env.NODE_ENV ??= 'production';
await import('../dist/server/main.mjs');
