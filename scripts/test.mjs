// `npm test`, the gate: lint (types per layer, ESLint, import boundaries, formatting), the build, end-to-end tests in
// Chromium (the `desktop` project), and vitest (unit + API on SQLite), all in one stage: the lint starts with the
// build, the end-to-end and vitest lanes when the build is done (`after`), beside the lint. No core waits for the
// slowest step of a stage (stages one after another left one idle while the last step of a stage ran alone).
// `npm run test:matrix` runs the rest: the browser tests on the phone (the `phone` project), the journeys across
// features and the axe sweep on the desktop (tagged @journey and @sweep, e2e/support.ts), the API suite on
// PostgreSQL, the unit tests in a shuffled order, and the unit, API and browser suites on each other supported Node
// line (Node 24 and 26, scripts/node-lines.mjs). CI runs both (.ci/run). Why two commands: the lanes are
// CPU-bound, so the gate takes its CPU-seconds over the cores, and it has 3 minutes on 2 cores (docs/testing.md).
// `npm test -- <name>` runs only the steps whose name starts with <name>; `--matrix` runs the matrix instead.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ensureNodeLine, NODE_LINES } from './node-lines.mjs';

const vitest = 'node_modules/.bin/vitest';
const playwright = 'node_modules/.bin/playwright';
// The browser tests of the gate: the desktop project less the journeys and the axe sweep, which the matrix runs
// (e2e/support.ts).
const GATE_E2E = ['test', '--project', 'desktop', '--grep-invert', '@journey|@sweep'];
/**
 * A step waits for the step named in `after` (in any lane of its stage) to pass, and fails without running if it did
 * not.
 * @typedef {{ name: string, cmd: string, args: string[], env?: Record<string, string>, after?: string }} Step
 */
/** Each stage runs after the one before; the lanes of a stage run at once, their steps one after another. */
/** @type {Step[][][]} */
const gate = [
  [
    [{ name: 'lint', cmd: process.execPath, args: ['scripts/lint.mjs'] }],
    [
      { name: 'build', cmd: process.execPath, args: ['scripts/build.mjs'] },
      { name: 'end-to-end tests', cmd: playwright, args: GATE_E2E },
    ],
    // After the build: servers the API tests start as processes run the compiled server, and the tests serve the
    // stylesheet the build wrote (server/testing/global-setup.ts). One vitest run for all three projects: two runs
    // (the unit tests at once, the API tests after the build) transform the modules they share twice (about 6
    // CPU-seconds more, from runs under different loads), and starting the unit tests early gains nothing while the
    // lint and the build keep both cores busy.
    [{ name: 'unit + API tests', cmd: vitest, args: ['run'], after: 'build' }],
  ],
];
/** @type {Step[][][]} */
// The unit tests once more in a shuffled order, files and tests: a worker's files share their modules and one jsdom
// document (vitest.config.ts: isolate false), so a test that leans on another's leftovers fails here. The seed is
// printed; `--sequence.seed=<seed>` repeats the order.
const SHUFFLE_SEED = String(process.env.SHUFFLE_SEED ?? Date.now() % 1_000_000);
// The matrix's browser lanes run the full Chromium, the gate's its headless shell (scripts/chromium.mjs): both
// builds run every browser test on every CI run.
const FULL_CHROMIUM = { E2E_CHROMIUM: 'full' };
const matrix = [
  [
    [{ name: 'build', cmd: process.execPath, args: ['scripts/build.mjs'] }],
    [
      {
        name: `unit tests shuffled (seed ${SHUFFLE_SEED})`,
        cmd: vitest,
        args: ['run', '--project', 'unit', '--project', 'dom', '--sequence.shuffle', `--sequence.seed=${SHUFFLE_SEED}`],
      },
      // Every statement the shop's API tests issue, EXPLAINed on the 40k × 100 catalogue (minutes: not in the gate).
      {
        name: 'query plans at 40k products × 100 stores',
        cmd: vitest,
        args: ['run', '--project', 'api', 'server/routes/shop/query-plans.test.ts'],
        env: { QUERY_PLANS: '1' },
      },
    ],
  ],
  [
    [
      { name: 'end-to-end tests on the phone', cmd: playwright, args: ['test', '--project', 'phone'], env: FULL_CHROMIUM },
      {
        name: 'end-to-end journeys and the axe sweep',
        cmd: playwright,
        args: ['test', '--project', 'desktop', '--grep', '@journey|@sweep'],
        env: FULL_CHROMIUM,
      },
    ],
    // The API suite again on a throwaway PostgreSQL server (Debian's postgresql).
    [{ name: 'API tests on PostgreSQL', cmd: process.execPath, args: ['scripts/with-postgres.mjs', vitest, 'run', '--project', 'api'] }],
  ],
];
const args = process.argv.slice(2);
const label = args.includes('--matrix') ? 'test:matrix' : 'npm test';
// The other supported Node lines (scripts/node-lines.mjs: registry packages in .tools/, better-sqlite3 built for
// each): unit + API tests and the browser tests on each, one line after the other. Both by default (CI runs them);
// TEST_NODE_LINES=24 or =26 runs one, TEST_NODE_LINES=0 none (docs/operations.md, Supported Node).
const wanted = process.env.TEST_NODE_LINES ?? 'all';
const lines = wanted === 'all' ? NODE_LINES : NODE_LINES.filter((v) => wanted.split(',').includes(v.split('.')[0]));
if (label === 'test:matrix')
  for (const version of lines) {
    const line = ensureNodeLine(version);
    const major = version.split('.')[0];
    matrix.push([
      [{ name: `unit + API tests on Node ${major}`, cmd: line.node, args: [vitest, 'run'], env: line.env }],
      [
        {
          name: `end-to-end tests on Node ${major}`,
          cmd: line.node,
          args: [playwright, ...GATE_E2E],
          env: { ...line.env, ...FULL_CHROMIUM },
        },
      ],
    ]);
  }
const stages = label === 'test:matrix' ? matrix : gate;
const only = args.find((arg) => !arg.startsWith('--'));
const hasPostgres = existsSync('/usr/lib/postgresql');
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/**
 * Runs one step. Alone in its stage it prints as it goes; beside another lane its output is kept, so two
 * reporters never interleave: a step that passed prints whole when it ends, a step that failed when its stage
 * ends, last, because CI keeps only the tail of the log and the failure is what it must show.
 */
function run(step, live, failures) {
  return new Promise((resolve) => {
    console.log(`\n▶ ${step.name}${live ? '' : ' (output when it ends)'}`);
    const started = Date.now();
    const child = spawn(step.cmd, step.args, {
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : process.env.FORCE_COLOR, ...step.env },
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const status = `  ${step.name}: ${code === 0 ? 'ok' : 'FAILED'} in ${seconds(started)}`;
      const report = `\n── ${step.name} ──\n${Buffer.concat(output).toString()}${status}\n`;
      if (live) console.log(status);
      else if (code === 0) process.stdout.write(report);
      else {
        console.log(`${status} (its output follows when the stage ends)`);
        failures.push(report);
      }
      resolve(code === 0);
    });
  });
}

const started = Date.now();
for (const stage of stages) {
  const lanes = stage
    .map((lane) =>
      lane.filter((step) => {
        if (only && !step.name.startsWith(only)) return false;
        if (step.name.includes('PostgreSQL') && !hasPostgres) {
          console.log(`\n▶ ${step.name}: skipped (PostgreSQL is not installed; apt-get install -y postgresql)`);
          return false;
        }
        return true;
      }),
    )
    .filter((lane) => lane.length > 0);
  const live = lanes.length === 1;
  /** @type {string[]} */
  const failures = [];
  /** Each step's result by name, for the steps that wait on it (`after`). */
  /** @type {Map<string, { promise: Promise<boolean>, resolve: (ok: boolean) => void }>} */
  const outcomes = new Map();
  const outcome = (name) => {
    if (!outcomes.has(name)) {
      let resolve = () => {};
      const promise = new Promise((r) => (resolve = r));
      outcomes.set(name, { promise, resolve });
    }
    return outcomes.get(name);
  };
  const ran = new Set(lanes.flat().map((step) => step.name));
  const results = await Promise.all(
    lanes.map(async (lane) => {
      for (const [index, step] of lane.entries()) {
        // A step waits only for a step of this run (`npm test -- unit` runs vitest on the build there is).
        const waited = !step.after || !ran.has(step.after) || (await outcome(step.after).promise);
        if (!waited) console.log(`\n▶ ${step.name}: not run (${step.after} failed)`);
        if (!waited || !(await run(step, live, failures))) {
          // This step and the rest of its lane did not pass: whatever waits on them stops waiting.
          for (const rest of lane.slice(index)) outcome(rest.name).resolve(false);
          return false;
        }
        outcome(step.name).resolve(true);
      }
      return true;
    }),
  );
  for (const report of failures) process.stdout.write(report);
  if (results.includes(false)) {
    console.log(`\n${label}: FAILED after ${seconds(started)}`);
    process.exit(1);
  }
}
console.log(`\n${label}: ok in ${seconds(started)}`);
