import { appendFileSync } from 'node:fs';
import { afterAll, expect } from 'vitest';

// TEST_CPU_LOG=<file>: each test file's CPU time (its worker's user + system time, from before the file's modules
// load until its last hook), one JSON line per file, for docs/testing.md's breakdown. A worker runs one file at a
// time, so the difference is that file's; servers it spawns as processes are not counted.
const file = process.env.TEST_CPU_LOG;
if (file) {
  const start = process.cpuUsage();
  const wall = performance.now();
  afterAll(() => {
    const used = process.cpuUsage(start);
    const name = expect.getState().testPath ?? '?';
    appendFileSync(
      file,
      `${JSON.stringify({ file: name.replace(`${process.cwd()}/`, ''), cpu: (used.user + used.system) / 1e6, wall: (performance.now() - wall) / 1e3 })}\n`,
    );
  });
}
