import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions, testChromiumBuild } from './scripts/chromium.mjs';
import { DESKTOP, PHONE, type Device } from './e2e/devices';
import { SERVER_MALLOC_ENV } from './scripts/server-env.mjs';

// End-to-end tests in Debian's Chromium against the real server on loopback with a fresh database.
// Each worker has a server and a database of its own, so tests run three at a time without seeing each other's
// writes (a published page, a cart, a sign-in count). A browser test waits on pages, animations and servers
// more than it computes, so more workers than cores overlap those waits; in `npm test` the vitest lanes share
// the cores, and three workers finished first (2026-11-26, 2 cores: 367 s and 726 CPU-s, against 383 s / 751
// with two and 387 s / 769 with four).
// Worker i talks to E2E_PORT + 1000 * i: the ports next to E2E_PORT belong to other checkouts on a shared machine.
const basePort = Number(process.env.E2E_PORT ?? 8181);
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 3));
const portOf = (index: number): number => basePort + 1000 * index;
// Playwright loads this file again in every worker with TEST_PARALLEL_INDEX set: that worker's server.
const workerIndex = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
if (workerIndex >= workers) throw new Error(`e2e worker ${workerIndex} has no server: set E2E_WORKERS, not --workers`);
const port = portOf(workerIndex);

export default defineConfig<{ device: Device }>({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  // Generous limits: tests wait on signals, so a passing test is as fast as the page; a loaded machine
  // (CI running beside a build) only needs more headroom before a wait gives up.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  // Test by test over the workers: no test builds on another's state (a file that must runs its tests in
  // order with `test.describe.configure({ mode: 'default' })`).
  fullyParallel: true,
  workers,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace records every action's DOM snapshot and a screencast: about a third of the suite's CPU. Failures
    // keep a screenshot; E2E_TRACE=1 records traces when a failure needs one.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    // Debian's Chromium with the switches of every browser we start: the headless shell, or E2E_CHROMIUM=full
    // (scripts/chromium.mjs).
    launchOptions: chromiumLaunchOptions({ build: testChromiumBuild() }),
  },
  // Two devices (e2e/support.ts): every test runs on the desktop; a test tagged @phone on the phone too, one tagged
  // @phone-only there alone. `npm test` runs the desktop project, the matrix the phone project (scripts/test.mjs).
  projects: [
    { name: 'desktop', grepInvert: /@phone-only/, use: { browserName: 'chromium', device: 'desktop', ...DESKTOP } },
    { name: 'phone', grep: /@phone/, use: { browserName: 'chromium', device: 'phone', ...PHONE } },
  ],
  webServer: Array.from({ length: workers }, (_, index) => ({
    command: `node scripts/e2e-server.mjs`,
    url: `http://127.0.0.1:${portOf(index)}/`,
    // The allocator settings `npm start` gives its server (scripts/server-env.mjs): the tests run what production runs.
    env: { ...SERVER_MALLOC_ENV, PORT: String(portOf(index)) },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  })),
});
