import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createCluster, postgresBinDir, type Cluster } from '../scripts/pg-cluster.mjs';
import { isPostgresUrl } from './testing/databases';
import { spawnServerProcess, type ServerProcess } from './testing/harness';

// A PostgreSQL restart under requests (pg_ctl stop -m immediate, then start): the server process must live
// through it, answer what needs the database with 503 + Retry-After (never 500, never a hang), keep serving
// static files and cached anonymous pages, and reconnect by itself once the database is back. The test stops
// a cluster of its own (a copy of the seeded template), not the one the other test files share.

const onPostgres = isPostgresUrl(process.env.DATABASE_URL);
const HANG_MS = 5_000;
const MAX_IN_FLIGHT = 8;

interface Outcome {
  path: string;
  startedAt: number;
  ms: number;
  status: number;
  retryAfter: string | null;
  cache: string | null;
  error?: string;
}

describe.skipIf(!onPostgres)('a PostgreSQL restart under load', () => {
  let cluster: Cluster;
  let server: ServerProcess;
  let log = '';

  beforeAll(async () => {
    cluster = await createCluster({ quiet: true });
    const bin = postgresBinDir()!;
    const dump = join(cluster.dir, 'template.dump');
    const dumped = spawnSync(join(bin, 'pg_dump'), ['-Fc', '-f', dump, '-d', inject('templateDb')], { encoding: 'utf8' });
    if (dumped.status !== 0) throw new Error(`pg_dump failed: ${dumped.stderr}`);
    const restored = spawnSync(join(bin, 'pg_restore'), ['--no-owner', '-d', cluster.url, dump], { encoding: 'utf8' });
    if (restored.status !== 0) throw new Error(`pg_restore failed: ${restored.stderr}`);
    server = await spawnServerProcess({ databaseUrl: cluster.url });
    // Keep what it says (and never let a full pipe stall it).
    server.child.stdout!.on('data', (c: Buffer) => (log += c.toString()));
    server.child.stderr!.on('data', (c: Buffer) => (log += c.toString()));
  });
  afterAll(async () => {
    await server?.close();
    cluster?.dispose();
  });

  it('stays up, answers 503 while the database is away, keeps static files and cached pages, reconnects', async () => {
    const home = await fetch(`${server.url}/`);
    expect(home.status).toBe(200);
    const css = /\/assets\/runtime\/boot-[\w-]+\.js/.exec(await home.text())![0];
    // The anonymous home page is now in the page cache.
    await expect.poll(async () => (await fetch(`${server.url}/`)).headers.get('x-page-cache')).toBe('hit');

    // Pages the cache cannot answer (a query string of their own) need the database; the store list and the
    // search suggestions come from memory when they can, so either answer is right for them, 503 or 200.
    let n = 0;
    const paths = [() => '/', () => css, () => `/?v=${n}`, () => '/api/shop/v1/stores', () => '/api/shop/v1/search/suggest?q=banan'];
    const needsDb = (path: string) => path.startsWith('/?v=');
    const fromMemory = (path: string) => path === '/' || path === css;
    const outcomes: Outcome[] = [];
    const pending = new Set<Promise<void>>();
    const request = (path: string) => {
      const startedAt = Date.now();
      const p = fetch(server.url + path, { signal: AbortSignal.timeout(HANG_MS * 3) })
        .then(async (res) => {
          await res.arrayBuffer();
          outcomes.push({
            path,
            startedAt,
            ms: Date.now() - startedAt,
            status: res.status,
            retryAfter: res.headers.get('retry-after'),
            cache: res.headers.get('x-page-cache'),
          });
        })
        .catch((error: Error) => {
          outcomes.push({ path, startedAt, ms: Date.now() - startedAt, status: 0, retryAfter: null, cache: null, error: error.message });
        })
        .finally(() => pending.delete(p));
      pending.add(p);
    };
    // A steady 20 requests a second across the kinds, at most MAX_IN_FLIGHT at once: on a loaded machine an open
    // loop would pile up renders behind each other until they take seconds for want of CPU, not of the database.
    // A server that hangs still fails the test: its requests are in flight, past 5 s (or aborted at 15 s).
    const load = setInterval(() => pending.size < MAX_IN_FLIGHT && request(paths[n++ % paths.length]()), 50);
    const exited = () => server.child.exitCode !== null || server.child.signalCode !== null;
    try {
      await expect.poll(() => outcomes.filter((o) => o.status === 200 && needsDb(o.path)).length).toBeGreaterThan(4);

      // Queries in flight when the database goes: a burst of renders holds every pooled connection (10).
      for (let i = 0; i < 12; i++) request(`/?v=burst${i}`);
      expect(await cluster.stop('immediate')).toBe(true);
      const downAt = Date.now();
      // The outage lasts until every kind of request has met the missing database several times (answered, so
      // their times are known): a signal, however long a loaded machine takes to get there.
      const metOutage = () => {
        const after = outcomes.filter((o) => o.startedAt > downAt + 200);
        return (
          after.filter((o) => needsDb(o.path)).length > 12 &&
          after.filter((o) => fromMemory(o.path)).length > 12 &&
          after.filter((o) => !needsDb(o.path) && !fromMemory(o.path)).length > 12
        );
      };
      await expect.poll(metOutage, { timeout: 150_000 }).toBe(true);
      expect(exited(), `the server exited:\n${log}`).toBe(false);
      const restartAt = Date.now();
      expect(await cluster.start()).toBe(true);
      const upAt = Date.now();

      // Reconnected by itself: a request that needs the database succeeds again, started within 5 s of the return.
      const reconnected = () => outcomes.some((o) => needsDb(o.path) && o.status === 200 && o.startedAt > upAt);
      await expect
        .poll(reconnected, { timeout: 60_000 })
        .toBe(true)
        .catch(() => undefined);
      const since = outcomes.filter((o) => needsDb(o.path) && o.startedAt > upAt).map((o) => `${o.status} after ${o.ms} ms`);
      expect(reconnected(), `after the return: ${since.slice(-10).join(', ')}\n${log.slice(-2000)}`).toBe(true);
      const firstOk = Math.min(
        ...outcomes.filter((o) => needsDb(o.path) && o.status === 200 && o.startedAt > upAt).map((o) => o.startedAt),
      );
      clearInterval(load);
      await Promise.all([...pending]);

      expect(exited(), `the server exited:\n${log}`).toBe(false);
      const hung = outcomes.filter((o) => o.ms > HANG_MS || o.status === 0);
      expect(hung, 'requests that hung or failed to connect').toEqual([]);
      expect(
        outcomes.filter((o) => o.status !== 200 && o.status !== 503),
        'answers other than 200 or 503',
      ).toEqual([]);
      expect(
        outcomes.filter((o) => o.status === 503 && !o.retryAfter),
        '503 without Retry-After',
      ).toEqual([]);

      const during = outcomes.filter((o) => o.startedAt > downAt + 200 && o.startedAt + o.ms < restartAt);
      const duringDb = during.filter((o) => needsDb(o.path));
      expect(duringDb.length).toBeGreaterThan(10);
      expect(
        duringDb.filter((o) => o.status !== 503 || !o.retryAfter),
        'database requests during the outage',
      ).toEqual([]);
      const duringStatic = during.filter((o) => fromMemory(o.path));
      expect(duringStatic.length).toBeGreaterThan(10);
      expect(
        duringStatic.filter((o) => o.status !== 200),
        'static files and the cached page during the outage',
      ).toEqual([]);
      expect(duringStatic.filter((o) => o.path === '/').every((o) => o.cache === 'hit')).toBe(true);
      expect(firstOk - upAt, 'reconnected within 5 s').toBeLessThan(5_000);
    } finally {
      clearInterval(load);
      await Promise.all([...pending]);
    }
  }, 420_000); // limits, not waits: the polls above return as soon as their signal holds
});
