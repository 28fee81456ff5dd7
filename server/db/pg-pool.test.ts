import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../testing/harness';
import { openDatabase, type Db } from './connection';

// PostgreSQL's pool is opened in full when a server warms up and keeps its connections through a lull
// (docs/performance.md, Scale): node-postgres closes a connection idle for 10 s by default, so under a steady load
// the occasional burst that needed a third or fourth connection opened a new backend each time, and the requests
// queued behind it paid the connect and a cold backend (the PostgreSQL tails of the scale benchmark).

const onPostgres = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '');
/** node-postgres's default idleTimeoutMillis, and a little more. */
const PAST_PG_DEFAULT_IDLE_MS = 10_500;

describe.skipIf(!onPostgres)('the PostgreSQL pool', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
  });
  afterAll(() => db?.close());

  /** Four statements at once (each holds its connection for 50 ms): the backends that answered. */
  const burst = async () => {
    const rows = await Promise.all(
      [1, 2, 3, 4].map(() => sql<{ pid: number }>`SELECT pg_backend_pid() AS pid, pg_sleep(0.05)`.execute(db.kysely)),
    );
    return new Set(rows.map((r) => r.rows[0].pid));
  };

  it('keeps the connections a burst opened through a lull longer than its default idle time', async () => {
    const first = await burst();
    expect(first.size).toBe(4);
    // The lull itself is what is tested: no signal to poll, the pool closing connections is the failure.
    await new Promise((resolve) => setTimeout(resolve, PAST_PG_DEFAULT_IDLE_MS));
    expect(db.pool?.().total).toBe(4);
    const second = await burst();
    expect([...second].sort()).toEqual([...first].sort());
  }, 30_000);

  it('is opened in full by the server warm-up, before the first shopper needs a connection', async () => {
    const server = await startTestServer({ warmUp: true });
    try {
      await expect.poll(async () => (await fetch(`${server.url}/readyz`)).status).toBe(200);
      // The warm-up itself needs one or two; a pool left to grow on demand would hold only those.
      expect(server.db.pool?.()).toMatchObject({ total: 10, waiting: 0 });
    } finally {
      await server.close();
    }
  });
});
