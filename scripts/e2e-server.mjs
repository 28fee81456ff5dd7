// The server for end-to-end tests: a fresh SQLite database in a temporary folder, seeded on start.
// It runs the compiled server (dist/server/main.mjs, what `npm start` runs) when that build is newer than every
// source, as it is in `npm test` right after the build step; otherwise the sources through tsx, so a test run
// after an edit never sees a stale server.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { currentCompiledServer } from './build-stamp.mjs';
import { ownTempDir } from './own-temp-dir.mjs';

process.env.SQLITE_PATH = join(ownTempDir('hl-e2e'), 'site.db');
process.env.HOST = '127.0.0.1';
// The schedule clock may be moved ahead by tests (server/routes/test-clock.ts); never set in production.
process.env.HL_TEST_CLOCK = '1';
// React's production build: the development one renders pages about 3x slower.
process.env.NODE_ENV ??= 'production';
const compiled = currentCompiledServer();
if (compiled) {
  await import(pathToFileURL(compiled).href);
} else {
  // The stylesheet as the sources are now, so tests never see a stale build.
  if (spawnSync(process.execPath, ['scripts/build-styles.mjs'], { stdio: 'inherit' }).status !== 0) process.exit(1);
  const { register } = await import('tsx/esm/api');
  // The root tsconfig.json only lists the per-layer projects; the shared compiler options (JSX) are in the base.
  register({ tsconfig: 'tsconfig.base.json' });
  await import('../server/main.ts');
}
