import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { Client, type ServerProcess, startPeerServer, startTestServer, type TestServer } from './testing/harness';
import { bumpPageCacheVersion, readPageCacheVersion } from './db/page-cache-version';

// The page cache's version moves when a write commits, never before: another server that read a moved version while
// the write was still open would render the old content and keep it under the new version (a stale page until the
// entry's lifetime ends). On PostgreSQL the version used to be a sequence, which moves at once, uncommitted.

let server: TestServer;
let peer: ServerProcess;
beforeAll(async () => {
  server = await startTestServer();
  peer = await startPeerServer(server);
}, 120_000);
afterAll(async () => {
  await peer?.close();
  await server?.close();
});

const version = async () => Number(await readPageCacheVersion(server.db.kysely));
const onPostgres = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '');

it('moves when a transaction that bumps commits, and not when one rolls back', async () => {
  const db = server.db.kysely;
  const before = await version();
  await db.transaction().execute((tx) => bumpPageCacheVersion(tx));
  const after = await version();
  expect(after).toBeGreaterThan(before);
  await expect(
    db.transaction().execute(async (tx) => {
      await bumpPageCacheVersion(tx);
      throw new Error('changed my mind');
    }),
  ).rejects.toThrow('changed my mind');
  expect(await version()).toBe(after);
});

it('another server never keeps the old page under the version of a write still open', async () => {
  const db = server.db.kysely;
  const store = await db.selectFrom('stores').select(['id', 'slug', 'phone']).where('id', '=', 1001).executeTakeFirstOrThrow();
  const path = `/stores/${store.slug}`;
  const visitor = new Client(peer.url);
  const page = async () => {
    const res = await visitor.raw(path);
    return { html: await res.text(), cache: res.headers.get('x-page-cache') };
  };
  await page();
  expect((await page()).cache).toBe('hit');

  const phone = '(614) 555-0007';
  await db.transaction().execute(async (tx) => {
    await tx.updateTable('stores').set({ phone }).where('id', '=', store.id).execute();
    // The other server, while the change is not committed: still the old page (whether kept or rendered).
    const during = await page();
    expect(during.html).toContain(store.phone);
    expect(during.html).not.toContain(phone);
  });
  // Committed: the next request on the other server renders anew.
  const after = await page();
  expect(after.cache).toBe('miss');
  expect(after.html).toContain(phone);
  await db.updateTable('stores').set({ phone: store.phone }).where('id', '=', store.id).execute();
});

it.skipIf(!onPostgres)('folds the transactions it has counted into the base past 200 of them, the version unchanged', async () => {
  const db = server.db.kysely;
  // 250 committed writing transactions (ids below any real one).
  await sql`INSERT INTO page_cache_bumps SELECT -g FROM generate_series(1, 250) g`.execute(db);
  const counted = await version(); // counts them, then folds
  expect(await version()).toBe(counted);
  const left = await sql<{ n: string }>`SELECT count(*) AS n FROM page_cache_bumps`.execute(db);
  expect(Number(left.rows[0].n)).toBeLessThan(200);
  await db.transaction().execute((tx) => bumpPageCacheVersion(tx));
  expect(await version()).toBe(counted + 1);
});
