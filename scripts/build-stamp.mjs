// Whether dist/ was built after the last change to any source it is built from (`npm start`, the e2e server).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const STAMP = 'dist/.build-stamp';

function newest(dir) {
  let max = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const p = join(dir, entry.name);
    max = Math.max(max, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return max;
}

export function buildIsCurrent() {
  if (!existsSync(STAMP)) return false;
  const sources = Math.max(
    ...['core', 'react-app', 'admin', 'server', 'fixtures'].filter(existsSync).map(newest),
    ...[
      'package-lock.json',
      'rollup.config.mjs',
      'vite.config.ts',
      'scripts/build.mjs',
      'scripts/build-server.mjs',
      'scripts/widget-build.mjs',
    ]
      .filter(existsSync)
      .map((f) => statSync(f).mtimeMs),
  );
  return statSync(STAMP).mtimeMs >= sources;
}

/** The compiled server (`npm start` runs it), built by scripts/build-server.mjs. */
export const COMPILED_SERVER = 'dist/server/main.mjs';

/** The compiled server's path when the build is current, else null (run the sources instead). */
export function currentCompiledServer() {
  return buildIsCurrent() && existsSync(COMPILED_SERVER) ? COMPILED_SERVER : null;
}
