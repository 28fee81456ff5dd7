import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { altName, insertFrom, mergeFrom, NEXT, OLD, SHELF, type SwapPlan, TOUCHED } from './import-swap';

// A large price file on PostgreSQL is built beside the shelf too (docs/imports.md, "Apply"), as on SQLite
// (import-swap.ts): a direct switch-in writing hundreds of thousands of shelf rows holds each row's lock until it
// commits (7–32 s measured), so a price corrected by hand meanwhile waits as long. Here the new shelf
// (store_products_next) is filled from the live one with the file's difference merged in, outside any transaction
// that touches a live row; its indexes and constraints are built after it is filled. A trigger notes, in
// store_products_touched, the key of every live row anyone writes meanwhile. The switch-in then, in one short
// transaction, takes the shelf's lock, merges those few noted keys again and renames the tables: shoppers see the
// whole file at once, and a killed process leaves only side tables, which the next import drops.

type Q = Kysely<Database>;

const TRIGGER = 'store_products_touched_log';
const FN = 'store_products_touched_note';

async function run<T = Record<string, unknown>>(db: Q, text: string): Promise<T[]> {
  return (await sql.raw(text).execute(db)).rows as T[];
}

/** Drops what a killed or failed import left beside the shelf (the trigger first: it writes to the log). */
export async function cleanupPgSwap(db: Q): Promise<void> {
  // Looked up first: DROP TRIGGER locks the shelf against readers even when there is no trigger to drop.
  const left = await run(db, `SELECT 1 AS x FROM pg_trigger WHERE tgname = '${TRIGGER}' AND tgrelid = '${SHELF}'::regclass`);
  if (left.length) await run(db, `DROP TRIGGER IF EXISTS ${TRIGGER} ON ${SHELF}`);
  await run(db, `DROP TABLE IF EXISTS ${TOUCHED}`);
  await run(db, `DROP TABLE IF EXISTS ${NEXT}`);
  await run(db, `DROP TABLE IF EXISTS ${OLD}`);
  await run(db, `DROP FUNCTION IF EXISTS ${FN}()`);
}

/** The log of keys other sessions touch, its trigger, and an empty copy of the shelf's table (no indexes yet). */
export async function preparePgSwap(db: Q): Promise<string[]> {
  await cleanupPgSwap(db);
  await run(db, `CREATE TABLE ${TOUCHED} (store_id integer NOT NULL, product_id integer NOT NULL, PRIMARY KEY (store_id, product_id))`);
  const note = (row: 'OLD' | 'NEW') => `INSERT INTO ${TOUCHED} VALUES (${row}.store_id, ${row}.product_id) ON CONFLICT DO NOTHING;`;
  await run(
    db,
    `CREATE FUNCTION ${FN}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP <> 'INSERT' THEN ${note('OLD')} END IF; IF TG_OP <> 'DELETE' THEN ${note('NEW')} END IF; RETURN NULL; END $$`,
  );
  await run(db, `CREATE TRIGGER ${TRIGGER} AFTER INSERT OR UPDATE OR DELETE ON ${SHELF} FOR EACH ROW EXECUTE FUNCTION ${FN}()`);
  await run(db, `CREATE TABLE ${NEXT} (LIKE ${SHELF} INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`);
  const columns = await run<{ name: string }>(
    db,
    `SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = '${SHELF}' ORDER BY ordinal_position`,
  );
  return columns.map((c) => c.name);
}

/**
 * Fills the new shelf (each statement its own transaction, writing no live row), then gives it the live shelf's
 * indexes (named as the live ones, or without their `__b`), primary key and foreign keys, its statistics and visibility map.
 */
export async function copyIntoPgNext(db: Q, plan: SwapPlan, between: () => Promise<void>): Promise<void> {
  await run(db, mergeFrom(plan, '1 = 1'));
  await between();
  await run(db, insertFrom(plan, '1 = 1'));
  await between();
  const indexes = await run<{ name: string; def: string }>(
    db,
    `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS def FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = '${SHELF}'::regclass AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
  );
  for (const index of indexes) {
    const text = index.def.replace(
      /^CREATE (UNIQUE )?INDEX (\S+) ON (ONLY )?(\S+\.)?store_products /,
      (_m, unique: string | undefined) => `CREATE ${unique ?? ''}INDEX ${altName(index.name)} ON ${NEXT} `,
    );
    if (text === index.def) throw new Error(`the shelf index ${index.name} has an unexpected definition`);
    await run(db, text);
    await between();
  }
  const constraints = await run<{ name: string; type: string; def: string }>(
    db,
    `SELECT conname AS name, contype AS type, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = '${SHELF}'::regclass AND contype IN ('p', 'u', 'f') ORDER BY contype DESC`,
  );
  for (const c of constraints) {
    if (c.type === 'f') {
      // Added without a check (a short lock on the table it refers to), then checked without blocking its writers.
      await run(db, `ALTER TABLE ${NEXT} ADD CONSTRAINT ${c.name} ${c.def} NOT VALID`);
      await run(db, `ALTER TABLE ${NEXT} VALIDATE CONSTRAINT ${c.name}`);
    } else await run(db, `ALTER TABLE ${NEXT} ADD CONSTRAINT ${altName(c.name)} ${c.def}`);
    await between();
  }
  // Its statistics, and its visibility map: a table just filled has none, so until autovacuum came by (reading 4
  // million rows on the shoppers' cores) every index-only read of the new shelf (a store's count, a page's ids)
  // would visit the table for each row as well.
  await run(db, `VACUUM (ANALYZE) ${NEXT}`);
}

/**
 * How long the switch-in's request for the shelf's lock may wait, per attempt, before it lets go and tries again:
 * a lock request waiting behind a transaction that read the shelf (an order, until its commit) queues every later
 * reader of the shelf behind itself, so shoppers would wait as long as the slowest open transaction. It grows from
 * attempt to attempt, and after SHELF_LOCK_PATIENCE_MS in all the request waits as long as it takes.
 */
export const SHELF_LOCK_WAIT_MS = [50, 50, 100, 100, 200, 200, 400];
export const SHELF_LOCK_PATIENCE_MS = 120_000;

/** PostgreSQL's lock_not_available: a lock_timeout ran out (the transaction is aborted; nothing was written). */
export const isLockTimeout = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === '55P03';

/** The wait of attempt n (0-based), or 0 (no limit) once the patience is spent. */
export function shelfLockWaitMs(attempt: number, elapsedMs: number): number {
  if (elapsedMs >= SHELF_LOCK_PATIENCE_MS) return 0;
  return SHELF_LOCK_WAIT_MS[Math.min(attempt, SHELF_LOCK_WAIT_MS.length - 1)];
}

/** Inside the switch-in's transaction: the shelf locked, the keys touched meanwhile merged again, the tables renamed. */
export async function swapInPg(trx: Q, plan: SwapPlan, lockWaitMs = 0): Promise<void> {
  // Writers and readers of the shelf wait from here to the commit (a few statements); a statement that waited
  // finds the new shelf under the name when it runs. The request itself waits at most lockWaitMs (above).
  await run(trx, `SET LOCAL lock_timeout = ${Math.max(0, Math.round(lockWaitMs))}`);
  await run(trx, `LOCK TABLE ${SHELF} IN ACCESS EXCLUSIVE MODE`);
  await run(trx, 'SET LOCAL lock_timeout = 0');
  const touched = `(SELECT store_id, product_id FROM ${TOUCHED})`;
  await run(trx, `DELETE FROM ${NEXT} WHERE (store_id, product_id) IN ${touched}`);
  await run(trx, mergeFrom(plan, `(t.store_id, t.product_id) IN ${touched}`));
  await run(trx, insertFrom(plan, `(s.store_id, s.product_id) IN ${touched}`));
  await run(trx, `DROP TRIGGER ${TRIGGER} ON ${SHELF}`);
  await run(trx, `DROP TABLE ${TOUCHED}`);
  await run(trx, `ALTER TABLE ${SHELF} RENAME TO ${OLD}`);
  await run(trx, `ALTER TABLE ${NEXT} RENAME TO ${SHELF}`);
}

/** After the commit: the old shelf and the trigger's function go (a DROP on PostgreSQL is quick). */
export async function dropPgOld(db: Q): Promise<void> {
  await run(db, `DROP TABLE IF EXISTS ${OLD}`);
  await run(db, `DROP FUNCTION IF EXISTS ${FN}()`);
}
