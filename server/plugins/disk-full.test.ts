import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { sqliteOptions } from '../db/connection';
import { isDatabaseUnavailable } from './errors';

// A disk that fills up during a transaction: SQLite rolls back by itself, so Kysely's ROLLBACK then fails with
// "cannot rollback - no transaction is active". That failure is the database being unavailable (503 with
// Retry-After, as every other write answers), not a bug (500).

describe('disk full', () => {
  it('maps the failed rollback of a transaction that filled the disk to unavailable', async () => {
    const k = new Kysely<{ t: { v: string } }>({ dialect: new SqliteDialect({ database: new Database(':memory:', sqliteOptions()) }) });
    await sql`create table t (v text)`.execute(k);
    await sql`pragma max_page_count = 3`.execute(k);
    const error = await k
      .transaction()
      .execute(async (tx) => {
        for (let i = 0; i < 100; i++)
          await tx
            .insertInto('t')
            .values({ v: 'x'.repeat(5000) })
            .execute();
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(error)).toBe(true);
    // Outside a transaction the disk-full error itself.
    const direct = await k
      .insertInto('t')
      .values({ v: 'x'.repeat(50_000) })
      .execute()
      .catch((e: unknown) => e);
    expect(isDatabaseUnavailable(direct)).toBe(true);
    expect(isDatabaseUnavailable({ code: '53100', message: 'could not extend file: No space left on device' })).toBe(true);
    expect(isDatabaseUnavailable(new Error('cannot read properties of undefined'))).toBe(false);
    await k.destroy();
  });
});
