import { spawn, spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { SERVER_MALLOC_ENV } from '../scripts/server-env.mjs';
import { freePort, startTestServer, TEST_SERVER_ENV, type TestServer } from './testing/harness';
import { alive, childrenOf } from './testing/processes';

// `npm start` (scripts/start.mjs) runs the server as a child process started with the C library allocator's
// settings (scripts/server-env.mjs): glibc reads them only when a process starts. Without them, each concurrent
// password check leaves its 16 MiB in an arena of its own for good (docs/operations.md, Memory).

let template: TestServer;
beforeAll(async () => {
  template = await startTestServer();
});
afterAll(async () => {
  await template.close();
});

/** `npm start` on the template's database; resolves once it answers. */
async function npmStart() {
  const port = await freePort();
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    ...TEST_SERVER_ENV,
    HOST: '127.0.0.1',
    PORT: String(port),
  };
  for (const name of Object.keys(SERVER_MALLOC_ENV)) delete env[name];
  delete env.DATABASE_URL;
  if (template.database.databaseUrl) env.DATABASE_URL = template.database.databaseUrl;
  else env.SQLITE_PATH = template.database.sqlitePath!;
  const start = spawn(process.execPath, ['scripts/start.mjs'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const reap = () => start.kill('SIGKILL');
  process.once('exit', reap);
  start.once('exit', () => process.off('exit', reap));
  await new Promise<void>((resolve, reject) => {
    let said = '';
    start.stderr!.on('data', (chunk: Buffer) => (said = (said + chunk.toString()).slice(-4000)));
    start.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('is running at') && resolve());
    start.once('exit', (code) => reject(new Error(`npm start exited with ${code}: ${said}`)));
  });
  const [server] = childrenOf(start.pid!);
  return { start, server, url: `http://127.0.0.1:${port}` };
}

describe.skipIf(process.platform !== 'linux')('npm start', () => {
  it("starts the server with the allocator's settings, and a signal to npm start stops the server with exit code 0", async () => {
    const { start, server, url } = await npmStart();
    const environ = readFileSync(`/proc/${server}/environ`, 'utf8').split('\0');
    expect(environ).toContain('MALLOC_ARENA_MAX=2');
    expect(environ).toContain(`MALLOC_MMAP_THRESHOLD_=${4 * 1024 * 1024}`);
    await expect.poll(async () => (await fetch(`${url}/readyz`)).status, { timeout: 60_000 }).toBe(200);
    const exited = new Promise<number | null>((resolve) => start.once('exit', (code) => resolve(code)));
    start.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(alive(server)).toBe(false);
  });

  it('a server whose npm start is killed outright stops too (no server left holding the port)', async () => {
    const { start, server, url } = await npmStart();
    start.kill('SIGKILL');
    await expect.poll(() => alive(server), { timeout: 30_000 }).toBe(false);
    await expect(fetch(`${url}/readyz`)).rejects.toThrow();
  });

  it("keeps 12 password checks, 4 at a time, from growing the process by more than one check's 16 MiB", () => {
    // At the product's cost, in a process started as npm start starts the server; VmRSS from /proc after the checks.
    const script = `
      import { readFileSync } from 'node:fs';
      import { hashPassword } from './server/auth/passwords.ts';
      const rss = () => Number(/VmRSS:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]) * 1024;
      await hashPassword('warm-up password');
      const before = rss();
      for (let i = 0; i < 3; i++) await Promise.all([1, 2, 3, 4].map(() => hashPassword('correct horse battery')));
      console.log(JSON.stringify({ before, after: rss() }));`;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env: { ...process.env, ...SERVER_MALLOC_ENV, TSX_TSCONFIG_PATH: 'tsconfig.base.json' },
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).toBe(0);
    const { before, after } = JSON.parse(r.stdout.trim().split('\n').at(-1)!) as { before: number; after: number };
    expect(after - before).toBeLessThan(16 * 1024 * 1024);
  });
});
