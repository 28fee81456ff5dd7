import type { Insertable, Kysely, Transaction } from 'kysely';
import type { AnyDb } from './migration-helpers';
import type { Database } from './schema';

// Reference data (the seed's stores, catalogue, recipes, circulars, content blocks) is written by its key: a
// new key is inserted, an existing one gets every other column of the row overwritten. One statement a chunk
// of rows (INSERT … ON CONFLICT (key) DO UPDATE SET col = excluded.col), the same on SQLite and PostgreSQL.

export async function upsertRows<T extends keyof Database & string>(
  db: Kysely<Database> | Transaction<Database>,
  table: T,
  rows: ReadonlyArray<Insertable<Database[T]>>,
  key: ReadonlyArray<keyof Database[T] & string> = ['id'] as Array<keyof Database[T] & string>,
  chunkSize = 100,
): Promise<void> {
  const any = db as unknown as AnyDb;
  for (let i = 0; i < rows.length; i += chunkSize) {
    const chunk = rows.slice(i, i + chunkSize) as Array<Record<string, unknown>>;
    const columns = [...new Set(chunk.flatMap((row) => Object.keys(row).filter((c) => row[c] !== undefined)))].filter(
      (c) => !key.includes(c as keyof Database[T] & string),
    );
    await any
      .insertInto(table as string)
      .values(chunk)
      .onConflict((oc) => oc.columns(key).doUpdateSet((eb) => Object.fromEntries(columns.map((c) => [c, eb.ref(`excluded.${c}`)]))))
      .execute();
  }
}
