// `npm test`: lint (types per layer, ESLint, import boundaries, formatting), build, unit and API tests (vitest), then end-to-end tests in Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const steps = [
  ['lint', process.execPath, ['scripts/lint.mjs']],
  ['build', process.execPath, ['scripts/build.mjs']],
  ['unit + API tests', 'node_modules/.bin/vitest', ['run']],
  ['end-to-end tests', 'node_modules/.bin/playwright', ['test']],
  // The API suite again on a throwaway PostgreSQL server (when Debian's postgresql is installed).
  ['API tests on PostgreSQL', process.execPath, ['scripts/with-postgres.mjs', 'node_modules/.bin/vitest', 'run', '--project', 'api']],
];
const hasPostgres = existsSync('/usr/lib/postgresql');
const only = process.argv[2];
for (const [name, cmd, args] of steps) {
  if (only && !name.startsWith(only)) continue;
  if (name.includes('PostgreSQL') && !hasPostgres) {
    console.log(`\n▶ ${name}: skipped (PostgreSQL is not installed; apt-get install -y postgresql)`);
    continue;
  }
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, {
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : process.env.FORCE_COLOR },
  });
  console.log(`  ${name}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (r.status !== 0) process.exit(r.status ?? 1);
}
