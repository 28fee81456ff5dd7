import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// expect.poll gives up after 1 s by default, a limit a loaded machine reaches while the code under test is still
// on its way; polls return as soon as they pass, so a generous limit costs a passing test nothing.
const poll = { poll: { timeout: 30_000 } };

// The API suite runs twice in `npm test`, the second time on PostgreSQL (DATABASE_URL). Files that never open
// the configured database (pure functions, SQLite's own failure modes, the upload folder) would only repeat
// themselves there: that pass runs the files that start a server or open a database.
const onPostgres = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '');
const USES_DATABASE = /testing\/harness|'\.\/harness'|testing\/databases|db\/connection|DATABASE_URL/;
const withoutDatabase = onPostgres
  ? readdirSync('server', { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.test\.tsx?$/.test(f) && !USES_DATABASE.test(readFileSync(join('server', f), 'utf8')))
      .map((f) => join('server', f))
  : [];
// The query plans of the shop's statements on the 40k × 100 catalogue take minutes to build: they run in the matrix
// (scripts/test.mjs, QUERY_PLANS=1), not in the gate.
const SCALE_TESTS = process.env.QUERY_PLANS === '1' ? [] : ['server/routes/shop/query-plans.test.ts'];

// Unit tests that need a DOM say `// @vitest-environment jsdom` on line 1; they run as a project of their own. In one
// project beside the node files, a worker that takes turns between the two environments evaluated its modules again
// at each turn (the unit tests took 33 CPU-seconds together, 11 as two projects; 2026-11-26).
const UNIT_DIRS = ['core', 'react-app', 'admin'];
const domTests = UNIT_DIRS.flatMap((dir) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.test\.tsx?$/.test(f) && readFileSync(join(dir, f), 'utf8').startsWith('// @vitest-environment jsdom'))
    .map((f) => join(dir, f)),
);
// scripts/: the checks of the project's own guards (the import rules, the lint rules).
// Node 25 and later have a Web Storage global of their own (without --localstorage-file it has no methods), and its
// presence keeps vitest from installing jsdom's localStorage: the DOM tests run without it (docs/operations.md,
// Supported Node). Node 24 and earlier do not know the flag.
const domExecArgv = Number(process.versions.node.split('.')[0]) >= 25 ? ['--no-webstorage'] : [];
// TEST_CPU_LOG=<file> logs each test file's CPU time (scripts/test-cpu-log.ts; docs/testing.md, What the suite costs).
const setupFiles = process.env.TEST_CPU_LOG ? ['scripts/test-cpu-log.ts'] : [];
// A limit, not a wait: a passing unit test takes milliseconds, but a worker starved on a loaded machine (the gate runs
// its lanes side by side) ran past vitest's default 5 s in tests that use fake timers.
const UNIT_TIMEOUT = 30_000;
// The unit projects run in worker threads, not child processes: 19.5 CPU-s for both against 25.4 with forks (one run
// each, 2026-11-28, docs/testing.md). On the Node lines that need --no-webstorage (a process flag, not tried in a
// thread's execArgv) the DOM project keeps child processes. The API project keeps processes (not measured in threads).
const unitPool = 'threads';
const domPool = domExecArgv.length > 0 ? 'forks' : 'threads';
const unitTests = ['core/**/*.test.ts', 'react-app/**/*.test.{ts,tsx}', 'admin/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'];

// Three projects: unit tests next to the code (in node, and in jsdom), and API tests against the real server and
// database.
export default defineConfig({
  test: {
    globals: true,
    // Vitest's default (cores - 1) is one worker on a 2-core machine; API tests spend much of their time
    // waiting on servers and sockets, so two files at a time use both cores.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          pool: unitPool,
          globals: true,
          setupFiles,
          testTimeout: UNIT_TIMEOUT,
          expect: poll,
          environment: 'node',
          // Modules are evaluated once per worker, not once per file (half the project's CPU).
          isolate: false,
          include: unitTests,
          exclude: domTests,
        },
      },
      {
        test: {
          name: 'dom',
          pool: domPool,
          globals: true,
          setupFiles,
          testTimeout: UNIT_TIMEOUT,
          execArgv: domExecArgv,
          expect: poll,
          environment: 'jsdom',
          // boot's widget lines are written by the runtime build; core/boot.test.ts imports boot without them.
          alias: { 'virtual:widget-handlers': fileURLToPath(new URL('./core/handlers/testing/no-widget-lines.ts', import.meta.url)) },
          // As above; and a worker's files share one jsdom document: a test leaves the page as it found it
          // (handlers it connected are disconnected, as leaving the page would), which shuffled runs
          // (--sequence.shuffle) check.
          isolate: false,
          include: domTests,
        },
      },
      {
        // React's production build, as the server runs it (`npm start`, the e2e servers): JSX compiled for it, and
        // NODE_ENV in the workers and the server processes they start, where vitest would set 'test' and load
        // React's development build (owner stacks, checks on every element). The API suite took about 20 CPU-s less
        // (docs/testing.md). The DOM project keeps development React: its tests use act(), which needs it.
        oxc: { jsx: { development: false } },
        test: {
          name: 'api',
          env: { NODE_ENV: 'production' },
          globals: true,
          setupFiles,
          expect: poll,
          environment: 'node',
          include: ['server/**/*.test.{ts,tsx}'],
          exclude: [...withoutDatabase, ...SCALE_TESTS],
          globalSetup: ['server/testing/global-setup.ts'],
          // The server's modules are evaluated once per worker, not once per file (most of the suite's CPU went
          // there): every file starts its own server on its own database, and a server keeps its state on its
          // Fastify instance. Test servers keep idle connections open (see TEST_SERVER_ENV in the harness).
          isolate: false,
          // Limits, not waits: a passing test is as fast as the server; a loaded machine needs headroom.
          testTimeout: 60000,
          hookTimeout: 120000,
        },
      },
    ],
  },
});
