import { type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

// Small helpers so one set of migrations runs on SQLite and PostgreSQL.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any>;

export function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-incrementing integer primary key named id. */
export function withAutoId<T extends string>(db: AnyDb, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** Millisecond timestamps need 64 bits on PostgreSQL; SQLite integers already are. */
export const msType = (db: AnyDb) => (isPostgres(db) ? 'bigint' : 'integer');
