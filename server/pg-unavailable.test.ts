import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { postgresBinDir } from '../scripts/pg-cluster.mjs';
import { isPostgresUrl } from './testing/databases';
import { signedInAs, useTestServer } from './testing/harness';
import { openSlot } from './testing/pickup';

// The PostgreSQL failures the game day met (docs/operations.md, Game day) answer 503 with Retry-After, never 500:
// a transaction whose connection dies between two of its statements (pg then refuses every further query on that
// client, the ROLLBACK included, with "Client has encountered a connection error and is not queryable", which is the
// error the transaction throws), and a request that waited past the pool's connect limit for a free connection.

const onPostgres = isPostgresUrl(process.env.DATABASE_URL);
const server = useTestServer();

/** psql, run synchronously: this process's event loop (and so the server's, in-process) stands still meanwhile. */
function psql(url: string, query: string): string {
  return execFileSync(join(postgresBinDir()!, 'psql'), ['-d', url, '-Atc', query], { encoding: 'utf8' }).trim();
}

describe.skipIf(!onPostgres)('PostgreSQL failures inside a request', () => {
  it('an order whose connection is cut between two statements of its transaction answers 503, and nothing is written', async () => {
    const url = server.database.databaseUrl!;
    const shopper = await signedInAs(server.url, 'casey');
    expect(
      (
        await shopper.json('/api/shop/v1/cart/items?store_id=1001', {
          method: 'POST',
          body: { items: [{ product_id: 5000, quantity: 1 }] },
        })
      ).status,
    ).toBe(200);
    const slot = await openSlot(shopper, 1001);
    const ordersBefore = psql(url, 'SELECT count(*) FROM orders');

    // The window's row is locked elsewhere: the order's transaction stops at its UPDATE of it.
    const locker = new pg.Client({ connectionString: url });
    const watcher = new pg.Client({ connectionString: url }); // pg_stat_activity is read once per transaction
    await Promise.all([locker.connect(), watcher.connect()]);
    let answer: ReturnType<typeof shopper.json<{ code: string }>> | undefined;
    try {
      await locker.query('BEGIN');
      await locker.query('SELECT id FROM pickup_slots WHERE id = $1 FOR UPDATE', [slot]);
      answer = shopper.json<{ code: string }>('/api/shop/v1/orders', { method: 'POST', body: { store_id: 1001, slot_id: slot } });
      let pid = '';
      await expect
        .poll(
          async () =>
            (pid = (
              await watcher.query<{ pid: number }>(
                `SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE 'update "pickup_slots"%'`,
              )
            ).rows
              .map((r) => String(r.pid))
              .join(',')),
        )
        .toMatch(/^\d+$/);

      // Let it through, then, before this process reads the answer (the event loop is held by the synchronous
      // psql), wait until that backend sits idle in the transaction and cut its connection there.
      await locker.query('COMMIT');
      const deadline = Date.now() + 30_000;
      while (psql(url, `SELECT state FROM pg_stat_activity WHERE pid = ${pid}`) !== 'idle in transaction') {
        if (Date.now() > deadline) throw new Error(`backend ${pid} never went idle in its transaction`);
      }
      expect(psql(url, `SELECT pg_terminate_backend(${pid})`)).toBe('t');
    } finally {
      await locker.end(); // a failed run lets the order through rather than leave it waiting
      await watcher.end();
    }

    const res = await answer!;
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(res.body.code).toBe('rest_unavailable');
    expect(psql(url, 'SELECT count(*) FROM orders')).toBe(ordersBefore);
  });

  it('a request that waits past the pool connect limit for a free connection answers 503 with Retry-After', async () => {
    const shopper = await signedInAs(server.url, 'jordan');
    // Every pooled connection (10) held by a transaction that does not end until the request has its answer.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let holding = 0;
    const holders = Array.from({ length: 10 }, () =>
      server.db.kysely.connection().execute(async (conn) => {
        await conn.selectFrom('stores').select('id').limit(1).execute();
        holding++;
        await held;
      }),
    );
    try {
      await expect.poll(() => holding).toBe(10);
      // The shopper's orders: their session and their orders are read from the database.
      const res = await shopper.get<{ code: string }>('/api/shop/v1/orders');
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(res.body.code).toBe('rest_unavailable');
    } finally {
      release();
      await Promise.all(holders);
    }
  });
});
