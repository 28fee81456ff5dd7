import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { BOUND, runBound } from './import-sql';

// A large difference on SQLite's shelf table (docs/imports.md, "Apply"): SQLite has one write lock for the whole
// database, so writing 4 million new shelf rows in the switch-in would hold it — and every cart and order write —
// for as long as they take. Instead the new shelf is built beside the live one, in small transactions: a copy of
// every live row with the file's difference merged in (store_products_next). Writes other sessions make to the live
// shelf meanwhile (a price corrected by hand) are noted by triggers in a log of keys. The switch-in then, in one
// short transaction, merges those few noted keys again, renames the live table away and the new one into its place.
// Until that commit no catalogue table holds a single row of the import; a crash leaves only the side tables, which
// the next import drops.
//
// The renamed table keeps the names of the indexes it was built with, so the shelf's indexes alternate between
// their migration names and the same names ending in `__b` after each such switch (query plans are the same).

type Q = Kysely<Database>;

export const SHELF = 'store_products';
export const NEXT = 'store_products_next';
export const OLD = 'store_products_old';
export const TOUCHED = 'store_products_touched';
const TRIGGERS = ['store_products_touched_ins', 'store_products_touched_upd', 'store_products_touched_del'];
/**
 * How long one copying or dropping statement may hold the write lock. Each is its own write transaction, and every
 * write of the server waits for it on the server's thread (better-sqlite3 is synchronous), so every request the server
 * has meanwhile waits as long. A fixed 2,500 rows took about 15 ms on an idle core and a small shelf, but longer on
 * a 4-million-row one (each row a random place in the shelf's product index, read through the import's 2 MB page
 * cache) and on a busy host: the statement's size follows its time instead (nextChunkRows).
 */
export const CHUNK_TARGET_MS = 10;
/** Rows per copying or dropping statement: the first, and the bounds nextChunkRows keeps to. */
export const CHUNK_ROWS = { first: 1_000, min: 200, max: 5_000 };

/**
 * The next statement's rows, from the last one's rows and time: scaled to take CHUNK_TARGET_MS, shrinking at once
 * and growing at most twofold a step (one quick statement, a cached page, says little about the next).
 */
export function nextChunkRows(rows: number, tookMs: number): number {
  const scaled = tookMs > 0 ? Math.floor((rows * CHUNK_TARGET_MS) / tookMs) : rows * 2;
  return Math.max(CHUNK_ROWS.min, Math.min(CHUNK_ROWS.max, rows * 2, scaled));
}

/**
 * After each such statement the import waits as long as the statement took (and a few ms more): a shopper's write
 * that asked for the lock meanwhile is retrying on SQLite's busy handler, whose next try comes at most about as long
 * after its first as it has waited, so it gets the lock in the pause instead of losing it to the next chunk again
 * and again (docs/imports.md, "Apply"). Building a 4-million-row shelf takes about twice its statements' time.
 * Answers the statement's own time (ms).
 */
async function paced(db: Q, text: string, params: number[]): Promise<number> {
  const started = performance.now();
  await runBound(db, text, params);
  const took = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, Math.min(250, took + 5)));
  return took;
}

/**
 * Rows to write (new + changed + removed) above which a store-prices apply rebuilds the shelf beside the live one
 * (IMPORT_SWAP_ABOVE, default 25,000: about half a second of writing on an idle core). On PostgreSQL too
 * (import-swap-pg.ts): a direct switch-in would hold the row locks of every row it writes until it commits.
 */
export function swapAbove(): number {
  const n = Number(process.env.IMPORT_SWAP_ABOVE);
  return Number.isInteger(n) && n >= 0 ? n : 25_000;
}

async function run<T = Record<string, unknown>>(db: Q, text: string): Promise<T[]> {
  return (await sql.raw(text).execute(db)).rows as T[];
}

/** Drops what a killed or failed import left beside the shelf (triggers first: they write to the log). */
export async function cleanupSwap(db: Q): Promise<void> {
  for (const t of TRIGGERS) await run(db, `DROP TRIGGER IF EXISTS ${t}`);
  await run(db, `DROP TABLE IF EXISTS ${TOUCHED}`);
  await run(db, `DROP TABLE IF EXISTS ${NEXT}`);
  await dropInChunks(db, OLD);
}

/** Empties a table in short transactions, then drops it (one DROP of millions of rows holds the lock for seconds). */
async function dropInChunks(db: Q, table: string): Promise<void> {
  const exists = await run(db, `SELECT 1 AS x FROM sqlite_master WHERE type = 'table' AND name = '${table}'`);
  if (!exists.length) return;
  // The same two statements every chunk, the numbers bound (runBound): thousands of chunks, prepared once.
  for (let rows = CHUNK_ROWS.first; ; ) {
    const top = await runBound<{ r: number | null; n: number }>(
      db,
      `SELECT max(rowid) AS r, count(*) AS n FROM (SELECT rowid FROM ${table} ORDER BY rowid LIMIT ${BOUND})`,
      [rows],
    );
    if (top[0].r === null) break;
    rows = nextChunkRows(Number(top[0].n), await paced(db, `DELETE FROM ${table} WHERE rowid <= ${BOUND}`, [Number(top[0].r)]));
  }
  await run(db, `DROP TABLE ${table}`);
}

export const altName = (name: string) => (name.endsWith('__b') ? name.slice(0, -3) : `${name}__b`);

/** The log of keys other sessions touch, and an empty copy of the shelf's table and indexes. */
export async function prepareSwap(db: Q): Promise<string[]> {
  await cleanupSwap(db);
  await run(
    db,
    `CREATE TABLE ${TOUCHED} (store_id INTEGER NOT NULL, product_id INTEGER NOT NULL, PRIMARY KEY (store_id, product_id)) WITHOUT ROWID`,
  );
  const log = (key: 'new' | 'old') => `INSERT OR IGNORE INTO ${TOUCHED} VALUES (${key}.store_id, ${key}.product_id);`;
  await run(db, `CREATE TRIGGER ${TRIGGERS[0]} AFTER INSERT ON ${SHELF} BEGIN ${log('new')} END`);
  await run(db, `CREATE TRIGGER ${TRIGGERS[1]} AFTER UPDATE ON ${SHELF} BEGIN ${log('old')} ${log('new')} END`);
  await run(db, `CREATE TRIGGER ${TRIGGERS[2]} AFTER DELETE ON ${SHELF} BEGIN ${log('old')} END`);
  const schema = await run<{ type: string; name: string; sql: string | null }>(
    db,
    `SELECT type, name, sql FROM sqlite_master WHERE tbl_name = '${SHELF}' AND type IN ('table', 'index')`,
  );
  const table = schema.find((s) => s.type === 'table')!;
  const created = table.sql!.replace(/^CREATE TABLE\s+("?)store_products\1/i, `CREATE TABLE "${NEXT}"`);
  if (created === table.sql) throw new Error('the shelf table has an unexpected definition');
  await run(db, created);
  for (const index of schema.filter((s) => s.type === 'index' && s.sql)) {
    const text = index.sql!.replace(
      /^CREATE\s+(UNIQUE\s+)?INDEX\s+("?)(\w+)\2\s+ON\s+("?)store_products\4/i,
      (_m, unique: string | undefined, _q, name: string) => `CREATE ${unique ?? ''}INDEX "${altName(name)}" ON "${NEXT}"`,
    );
    if (text === index.sql) throw new Error(`the shelf index ${index.name} has an unexpected definition`);
    await run(db, text);
  }
  return (await run<{ name: string }>(db, `PRAGMA table_info(${SHELF})`)).map((c) => c.name);
}

export interface SwapPlan {
  /** Every column of the shelf table, in order. */
  columns: string[];
  /** Each column's value for a live row (alias t) joined with its staged row (alias s, NULL when the file lacks it). */
  merged: string[];
  /** Columns and values of a new row from the staging table (alias s). */
  insert: Array<[string, string]>;
  /** SQL over t: a live row a complete feed removes ('1 = 0' when not complete). */
  removed: string;
  stage: string;
  keyMatch: string;
}

/** The live rows (alias t) matching `where`, with the file's values merged in (alias s), into the new shelf. */
export const mergeFrom = (p: SwapPlan, where: string) =>
  `INSERT INTO ${NEXT} (${p.columns.join(', ')}) SELECT ${p.merged.join(', ')} FROM ${SHELF} t LEFT JOIN ${p.stage} s ON ${p.keyMatch} WHERE ${where} AND NOT (${p.removed})`;
/** The file's new rows (alias s) matching `where`, into the new shelf. */
export const insertFrom = (p: SwapPlan, where: string) =>
  `INSERT INTO ${NEXT} (${p.insert.map(([n]) => n).join(', ')}) SELECT ${p.insert.map(([, v]) => v).join(', ')} FROM ${p.stage} s WHERE ${where} AND NOT EXISTS (SELECT 1 FROM ${SHELF} t WHERE ${p.keyMatch})`;

/**
 * Fills the new shelf in short statements: the live rows merged with the file's, then the file's new rows. Each
 * range's bounds are bound (runBound): one statement for all of a 4-million-row shelf's chunks.
 */
export async function copyIntoNext(db: Q, plan: SwapPlan, between: () => Promise<void>): Promise<void> {
  const inRanges = async (table: string, alias: string, statement: (range: string) => string) => {
    const top = Number((await run<{ n: number | null }>(db, `SELECT coalesce(max(rowid), 0) AS n FROM ${table}`))[0].n);
    const text = statement(`${alias}.rowid > ${BOUND} AND ${alias}.rowid <= ${BOUND}`);
    for (let from = 0, rows = CHUNK_ROWS.first; from < top; ) {
      const to = Math.min(top, from + rows);
      rows = nextChunkRows(to - from, await paced(db, text, [from, to]));
      from = to;
      await between();
    }
  };
  await inRanges(SHELF, 't', (range) => mergeFrom(plan, range));
  await inRanges(plan.stage, 's', (range) => insertFrom(plan, range));
}

/** Inside the switch-in's transaction: the keys touched meanwhile again, then the new shelf takes the live one's name. */
export async function swapIn(trx: Q, plan: SwapPlan): Promise<void> {
  const touched = `(SELECT store_id, product_id FROM ${TOUCHED})`;
  await run(trx, `DELETE FROM ${NEXT} WHERE (store_id, product_id) IN ${touched}`);
  await run(trx, mergeFrom(plan, `(t.store_id, t.product_id) IN ${touched}`));
  await run(trx, insertFrom(plan, `(s.store_id, s.product_id) IN ${touched}`));
  for (const t of TRIGGERS) await run(trx, `DROP TRIGGER ${t}`);
  await run(trx, `DROP TABLE ${TOUCHED}`);
  await run(trx, `ALTER TABLE ${SHELF} RENAME TO ${OLD}`);
  await run(trx, `ALTER TABLE ${NEXT} RENAME TO ${SHELF}`);
}

/** After the commit: the old shelf is emptied and dropped in short transactions. */
export async function dropOld(db: Q): Promise<void> {
  await dropInChunks(db, OLD);
}
