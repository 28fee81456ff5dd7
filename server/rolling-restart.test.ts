import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { parseProxyDrainMs } from './config';
import { spawnServerProcess, startTestServer } from './testing/harness';

// The stopping server's side of a rolling restart behind nginx (docs/operations.md, Rolling restarts): with
// PROXY_DRAIN_MS it keeps listening after SIGTERM, turns reads back with 502 (nginx retries them on the other server
// and stops choosing this one), serves writes, closes the listener once no connection came for a second, and
// exits 0 within 10 s. Without it the listener closes at once (server/readiness.test.ts).

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(false);
    });
    s.once('error', () => resolve(true));
  });

describe('SIGTERM with PROXY_DRAIN_MS (behind a retrying proxy)', () => {
  it('turns reads back with 502 while still listening, serves writes, then closes the listener and exits 0', async () => {
    const clone = await startTestServer();
    const proc = await spawnServerProcess(clone.database, { PROXY_DRAIN_MS: '5000' });
    try {
      const port = Number(new URL(proc.url).port);
      expect((await fetch(`${proc.url}/healthz`)).status).toBe(200);
      const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
        proc.child.once('exit', (code) => resolve({ code, at: Date.now() })),
      );
      const termAt = Date.now();
      proc.child.kill('SIGTERM');

      // A read on a new connection: turned back at once, unprocessed, for the proxy to send elsewhere.
      // (A cheap read to poll with: one that arrived before the signal is served, and must not use up the 5 s.)
      await expect.poll(async () => (await fetch(`${proc.url}/healthz`, { signal: AbortSignal.timeout(5_000) })).status).toBe(502);
      // A proxy that has not let go yet keeps connecting (here a HEAD every 100 ms, turned back as well): the
      // listener stays open meanwhile, whatever pauses this process has on a loaded machine.
      const pulse = setInterval(() => void fetch(`${proc.url}/healthz`, { method: 'HEAD' }).catch(() => undefined), 100);
      try {
        // A read and a write at once, as a proxy would send them.
        const [bounced, write] = await Promise.all([
          fetch(`${proc.url}/api/shop/v1/stores`),
          fetch(`${proc.url}/api/shop/v1/session`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: proc.url },
            body: JSON.stringify({ email: 'casey@example.test', password: 'not-the-password' }),
          }),
        ]);
        expect(bounced.status).toBe(502);
        expect(bounced.headers.get('connection')).toBe('close');
        expect(bounced.headers.get('retry-after')).toBe('1');
        expect(await bounced.json()).toMatchObject({ code: 'rest_server_stopping', data: { status: 502 } });

        // The write that reached the stopping server is served (the proxy would not retry it).
        expect([401, 403]).toContain(write.status);
        expect(((await write.json()) as { code: string }).code).toMatch(/^rest_(?!server_stopping)/);
        expect(write.headers.get('connection')).toBe('close');
        expect(proc.child.exitCode).toBeNull();
      } finally {
        clearInterval(pulse);
      }

      // Nothing new arrives (the proxy has let go): the listener closes and the process exits 0 within 10 s.
      await expect.poll(() => refused(port)).toBe(true);
      const { code, at } = await exited;
      expect(code).toBe(0);
      expect(at - termAt).toBeLessThan(10_000);
    } finally {
      await proc.close();
      await clone.close();
    }
  }, 180_000); // a server process to start: slow on a loaded machine

  it('refuses a PROXY_DRAIN_MS that would not fit in the 10 s stop', () => {
    expect(parseProxyDrainMs(undefined)).toBe(0);
    expect(parseProxyDrainMs('3000')).toBe(3000);
    for (const bad of ['6000', '-1', '2.5', 'soon']) expect(() => parseProxyDrainMs(bad)).toThrow(/PROXY_DRAIN_MS/);
  });
});
