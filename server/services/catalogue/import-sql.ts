import { type Kysely, sql } from 'kysely';
import type { Db } from '../../db/connection';
import type { Database } from '../../db/schema';
import type { ColumnType } from './import-kinds';

// The few SQL helpers every part of a feed import shares. Statements are built from the import's own constants
// (table and column names of import-kinds.ts); values only travel as parameters.

export type Q = Kysely<Database>;

export const SQL_TYPES: Record<'sqlite' | 'postgres', Record<ColumnType, string>> = {
  sqlite: { int: 'INTEGER', text: 'TEXT', real: 'REAL', big: 'INTEGER' },
  postgres: { int: 'integer', text: 'text', real: 'real', big: 'bigint' },
};

export async function runWith<T = Record<string, unknown>>(conn: Q, text: string, params: unknown[] = []): Promise<T[]> {
  // The statement's text is built from this module's constants; values only travel as parameters (@@JSON@@).
  const [before, after] = text.split('@@JSON@@');
  const query = params.length === 0 ? sql.raw(text) : sql.join([sql.raw(before), sql`${params[0]}`, sql.raw(after)], sql.raw(''));
  const result = await query.execute(conn);
  return result.rows as T[];
}

/** Where a value of `runBound`'s parameters goes in its statement's text. */
export const BOUND = '@@?@@';

/**
 * A statement run many times with different numbers (a slice's rowids, a chunk's size): the numbers bound as
 * parameters at BOUND, so the text is the same every time and the connection prepares it once. Written into the text,
 * each was a statement of its own, prepared anew; on SQLite every one then kept its compiled program (tens of KB)
 * in native memory until V8 happened to collect its statement object, which a worker with a quiet heap did not
 * for minutes: a server applying an upload grew by the thousands of a large price file's chunks
 * (docs/imports.md, "A server applies an upload on a worker thread").
 */
export async function runBound<T = Record<string, unknown>>(conn: Q, text: string, params: unknown[]): Promise<T[]> {
  const parts = text.split(BOUND);
  if (parts.length !== params.length + 1) throw new Error(`the statement has ${parts.length - 1} parameters, given ${params.length}`);
  const query = sql.join(
    parts.flatMap((part, i) => (i < params.length ? [sql.raw(part), sql`${params[i]}`] : [sql.raw(part)])),
    sql.raw(''),
  );
  return (await query.execute(conn)).rows as T[];
}

/** The number a `SELECT count(*) AS n …` answers (its parameters at BOUND). */
export async function countOf(conn: Q, text: string, params: unknown[] = []): Promise<number> {
  return Number((await runBound<{ n: number | string }>(conn, text, params))[0].n);
}

export async function tableCount(db: Q, table: string): Promise<number> {
  return countOf(db, `SELECT count(*) AS n FROM ${table}`);
}

/** The one short transaction; on SQLite it takes the write lock at once (BEGIN IMMEDIATE) on the one connection. */
export async function switchIn<T>(db: Db, conn: Q, fn: (trx: Q) => Promise<T>): Promise<T> {
  if (db.dialect === 'postgres') return conn.transaction().execute(fn);
  return db.kysely.connection().execute(async (c) => {
    await sql`BEGIN IMMEDIATE`.execute(c);
    try {
      const out = await fn(c);
      await sql`COMMIT`.execute(c);
      return out;
    } catch (error) {
      await sql`ROLLBACK`.execute(c);
      throw error;
    }
  });
}
