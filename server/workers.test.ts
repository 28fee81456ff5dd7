import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServerProcess, startTestServer, type ServerProcess, type TestServer } from './testing/harness';
import { alive, childrenOf } from './testing/processes';

// WORKERS=2: two server processes under one supervisor, one port, one database; a worker that dies is replaced,
// and SIGTERM stops them all with exit code 0.

let template: TestServer;
let proc: ServerProcess;
beforeAll(async () => {
  template = await startTestServer();
  proc = await spawnServerProcess(template.database, { WORKERS: '2' });
});
afterAll(async () => {
  await proc?.close();
  await template.close();
});

describe.skipIf(process.platform !== 'linux')('WORKERS=2', () => {
  it('serves from two worker processes, replaces one that dies, and stops them all with exit code 0', async () => {
    const supervisor = proc.child.pid!;
    await expect.poll(() => childrenOf(supervisor).length).toBe(2);
    const [first] = childrenOf(supervisor);
    for (let i = 0; i < 10; i++) expect((await fetch(`${proc.url}/api/shop/v1/stores`)).status).toBe(200);

    process.kill(first, 'SIGKILL');
    await expect.poll(() => childrenOf(supervisor).filter((pid) => pid !== first).length).toBe(2);
    await expect.poll(async () => (await fetch(`${proc.url}/readyz`)).status).toBe(200);
    expect((await fetch(`${proc.url}/`)).status).toBe(200);

    const workers = childrenOf(supervisor);
    const exited = new Promise<number | null>((resolve) => proc.child.once('exit', (code) => resolve(code)));
    proc.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    await expect.poll(() => workers.filter(alive).length).toBe(0);
  });
});
