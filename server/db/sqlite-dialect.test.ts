import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../errors';
import { type Db, openDatabase, sqliteOptions } from './connection';
import { retryingConflicts } from './transactions';

// The catalogue import writes the same SQLite file from its own connection while shoppers' transactions run. The CI
// run that failed saw an add to cart answer 500 while a price file was being applied: the cart's transaction had
// read, the import committed, and SQLite refused the cart's write (SQLITE_BUSY_SNAPSHOT).

describe('a server transaction on SQLite while another connection writes', () => {
  let dir: string;
  let db: Db;
  let other: Database.Database;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sqlite-dialect-'));
    const path = join(dir, 'site.db');
    db = await openDatabase({ sqlitePath: path });
    await sql`CREATE TABLE probe (id integer PRIMARY KEY, n integer NOT NULL)`.execute(db.kysely);
    await sql`INSERT INTO probe VALUES (1, 0), (2, 0)`.execute(db.kysely);
    other = new Database(path, sqliteOptions());
    other.pragma('busy_timeout = 0');
  });
  afterAll(async () => {
    other?.close();
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads, lets the other write wait, and commits its own write', async () => {
    let othersWrite: unknown = null;
    await db.kysely.transaction().execute(async (trx) => {
      const row = await sql<{ n: number }>`SELECT n FROM probe WHERE id = 1`.execute(trx);
      // The import's chunk arrives between this transaction's read and its write.
      try {
        other.prepare('UPDATE probe SET n = n + 10 WHERE id = 2').run();
      } catch (error) {
        othersWrite = (error as { code?: string }).code;
      }
      await sql`UPDATE probe SET n = ${row.rows[0].n + 1} WHERE id = 1`.execute(trx);
    });
    // The transaction held the write lock from its start: the other connection was the one kept waiting.
    expect(othersWrite).toBe('SQLITE_BUSY');
    const rows = await sql<{ id: number; n: number }>`SELECT id, n FROM probe ORDER BY id`.execute(db.kysely);
    expect(rows.rows).toEqual([
      { id: 1, n: 1 },
      { id: 2, n: 0 },
    ]);
    // And once it committed, the other connection writes.
    other.prepare('UPDATE probe SET n = n + 10 WHERE id = 2').run();
  });

  it('answers 503, not 500, when the write lock stays taken past the busy timeout', async () => {
    const error = await retryingConflicts(async () => {
      throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
  });
});
