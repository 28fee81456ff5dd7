// The server for end-to-end tests: a fresh SQLite database in a temporary folder, seeded on start.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The stylesheet as the sources are now (a second, so tests never see a stale build).
if (spawnSync(process.execPath, ['scripts/build-styles.mjs'], { stdio: 'inherit' }).status !== 0) process.exit(1);
process.env.SQLITE_PATH = join(mkdtempSync(join(tmpdir(), 'hl-e2e-')), 'site.db');
process.env.HOST = '127.0.0.1';
// The schedule clock may be moved ahead by tests (server/routes/test-clock.ts); never set in production.
process.env.HL_TEST_CLOCK = '1';
// React's production build: the development one renders pages about 3x slower.
process.env.NODE_ENV ??= 'production';
const { register } = await import('tsx/esm/api');
// The root tsconfig.json only lists the per-layer projects; the shared compiler options (JSX) are in the base.
register({ tsconfig: 'tsconfig.base.json' });
await import('../server/main.ts');
