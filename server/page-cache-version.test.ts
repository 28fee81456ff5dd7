import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing/harness';
import { bumpPageCacheVersion } from './db/page-cache-version';
import { sql } from 'kysely';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

it('moves the page cache version once per call, inside a transaction, on either database', async () => {
  const db = server.app.db.kysely;
  const read = async () =>
    Number(
      (server.app.db.dialect === 'postgres'
        ? await sql<{ v: string }>`SELECT last_value AS v FROM page_cache_version`.execute(db)
        : await sql<{ v: string }>`SELECT version AS v FROM page_cache_version WHERE id = 1`.execute(db)
      ).rows[0].v,
    );
  const before = await read();
  await db.transaction().execute((tx) => bumpPageCacheVersion(tx));
  expect(await read()).toBe(before + 1);
});
