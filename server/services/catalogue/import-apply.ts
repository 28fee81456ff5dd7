import type { Db } from '../../db/connection';
import { bumpPageCacheVersion } from '../../db/page-cache-version';
import { recordAudit } from './audit';
import type { DiffPlan } from './import-diff';
import { auditAfter } from './import-history';
import type { KindSpec } from './import-kinds';
import { importHooks, type ImportOutcome } from './import-model';
import type { ImportRun } from './import-run';
import { type Q, runWith, switchIn } from './import-sql';
import { cleanupSwap, copyIntoNext, dropOld, prepareSwap, SHELF, type SwapPlan, swapAbove, swapIn } from './import-swap';
import { cleanupPgSwap, copyIntoPgNext, dropPgOld, isLockTimeout, preparePgSwap, shelfLockWaitMs, swapInPg } from './import-swap-pg';

/** Building a new shelf beside the live one, per database. */
const BESIDE = {
  sqlite: {
    prepare: prepareSwap,
    copy: copyIntoNext,
    swapIn: (trx: Q, plan: SwapPlan, _lockWaitMs: number) => swapIn(trx, plan),
    dropOld,
    cleanup: cleanupSwap,
  },
  postgres: { prepare: preparePgSwap, copy: copyIntoPgNext, swapIn: swapInPg, dropOld: dropPgOld, cleanup: cleanupPgSwap },
};

// Switching a staged difference in (docs/imports.md, Apply): one short transaction writes the changed, new and
// removed rows, the kind's follow-ups, the one audit entry, the history row's result and one page-cache bump. A
// large price file is built beside the shelf first and swapped in (import-swap.ts, import-swap-pg.ts).

/** Applies the difference; the outcome is 'applied' (a failure throws, and nothing has changed). */
export async function applyDifference(run: ImportRun, conn: Q, plan: DiffPlan): Promise<ImportOutcome> {
  const { db, req, counts, sample, spec } = run;
  run.checkLock();
  run.progress.phase = 'applying';
  await run.tick();
  run.appliedAt = run.started;
  if (counts.new + counts.changed + counts.removed === 0) {
    // The same file again: nothing to switch in, nothing for caches to drop.
    await recordAudit(db.kysely, req.actor, 'import', run.id, 'import', null, auditAfter(req, counts, sample));
    return run.finish('applied');
  }
  if (spec.table === SHELF && counts.new + counts.changed + counts.removed > swapAbove()) return applyBeside(run, conn, plan);
  return applyDirect(run, conn, plan);
}

/** A new row's columns and values from the staging table (alias s). */
function insertColumns(run: ImportRun, plan: DiffPlan, now: number): Array<[string, string]> {
  const { spec, db } = run;
  const cols: Array<[string, string]> = spec.key.map((k) => [k.name, `s.${k.name}`]);
  for (const col of spec.columns) {
    if (plan.present(col) || col.insertOnly) cols.push([col.name, `s.${col.name}`]);
    else if (col.insertDefault) cols.push([col.name, col.insertDefault]);
  }
  if (spec.newId) cols.unshift(['id', spec.newId[db.dialect]]);
  if (spec.hasUpdatedAt) cols.push(['updated_at', String(now)]);
  return cols;
}

/** Inside the switch-in, last: the one audit entry, one page-cache bump, the history row's result. */
async function concludeIn(run: ImportRun, trx: Q, now: number): Promise<ImportOutcome> {
  await recordAudit(trx, run.req.actor, 'import', run.id, 'import', null, auditAfter(run.req, run.counts, run.sample), now);
  await bumpPageCacheVersion(trx);
  const outcome = await run.finish('applied', undefined, trx);
  await importHooks.beforeCommit?.(run.id);
  run.endPhase('switch-in');
  outcome.phases = run.phases;
  outcome.phasesCpu = run.phasesCpu;
  return outcome;
}

/**
 * Rows written by a direct switch-in above which PostgreSQL's statistics of the table are gathered at once. A
 * first load of 40,000 products into a table PostgreSQL still counted at 1,600 rows left its planner scanning and
 * sorting the whole table for each batch of 500 the search index reads (55–205 ms each instead of a few, on the
 * shoppers' cores) until autovacuum came by, a minute later (docs/performance.md, "Catalogue imports").
 */
export const ANALYZE_ABOVE = 1000;

/** The direct switch-in: the whole difference in one transaction; then, after a large one, the table's statistics. */
async function applyDirect(run: ImportRun, conn: Q, plan: DiffPlan): Promise<ImportOutcome> {
  const outcome = await switchInDirect(run, conn, plan);
  const { db, counts, spec } = run;
  // The import is applied whatever happens here: statistics gathered later by autovacuum are only slower to come.
  if (db.dialect === 'postgres' && counts.new + counts.changed + counts.removed > ANALYZE_ABOVE)
    await runWith(conn, `ANALYZE ${spec.table}`).catch(() => undefined);
  return outcome;
}

async function switchInDirect(run: ImportRun, conn: Q, plan: DiffPlan): Promise<ImportOutcome> {
  const { db, req, counts, spec, stage } = run;
  const { compared, keyMatch, differs, removedWhere, newWhere } = plan;
  return switchIn(db, conn, async (trx) => {
    const now = Date.now();
    run.appliedAt = now;
    const setUpdated = spec.hasUpdatedAt ? `, updated_at = ${now}` : '';
    await beforeApply(trx, spec, stage, differs, removedWhere, req.complete, now, plan.columns);
    if (compared.length)
      await runWith(
        trx,
        `UPDATE ${spec.table} AS t SET ${compared.map((c) => `${c.name} = s.${c.name}`).join(', ')}${setUpdated} FROM ${stage} AS s WHERE ${keyMatch('t', 's')} AND (${differs})`,
      );
    const insertCols = insertColumns(run, plan, now);
    if (counts.new > 0)
      await runWith(
        trx,
        `INSERT INTO ${spec.table} (${insertCols.map(([n]) => n).join(', ')}) SELECT ${insertCols.map(([, v]) => v).join(', ')} FROM ${stage} s WHERE ${newWhere}`,
      );
    if (req.complete && counts.removed > 0) {
      if (spec.removal.mode === 'delete') await runWith(trx, `DELETE FROM ${spec.table} AS t WHERE ${removedWhere}`);
      else await runWith(trx, `UPDATE ${spec.table} AS t SET ${spec.removal.set}${setUpdated} WHERE ${removedWhere}`);
    }
    await afterApply(trx, db.dialect, spec, stage, plan.columns, now);
    return concludeIn(run, trx, now);
  });
}

/**
 * A large difference on the shelf: built beside the live shelf without holding its write lock (SQLite) or its rows'
 * locks (PostgreSQL), swapped in by a short transaction (import-swap.ts, import-swap-pg.ts), so carts, orders and
 * hand edits are written meanwhile.
 */
async function applyBeside(run: ImportRun, conn: Q, plan: DiffPlan): Promise<ImportOutcome> {
  const { db, req, spec, stage } = run;
  const { compared, keyMatch, differs, removedWhere } = plan;
  const beside = BESIDE[db.dialect];
  const now = Date.now();
  run.appliedAt = now;
  try {
    const columns = await beside.prepare(conn);
    const first = spec.key[0].name;
    const keys = new Set(spec.key.map((k) => k.name));
    const comparedNames = new Set(compared.map((c) => c.name));
    const swap: SwapPlan = {
      columns,
      merged: columns.map((name) =>
        keys.has(name)
          ? `t.${name}`
          : comparedNames.has(name)
            ? `CASE WHEN s.${first} IS NULL THEN t.${name} ELSE s.${name} END`
            : name === 'updated_at'
              ? `CASE WHEN s.${first} IS NULL THEN t.updated_at WHEN (${differs}) THEN ${now} ELSE t.updated_at END`
              : `t.${name}`,
      ),
      insert: insertColumns(run, plan, now),
      removed: req.complete ? removedWhere : '1 = 0',
      stage,
      keyMatch: keyMatch('t', 's'),
    };
    await beside.copy(conn, swap, async () => {
      await importHooks.onCopied?.(run.id);
      run.checkLock();
    });
    run.endPhase('building');
    // On PostgreSQL the shelf's lock is asked for with a short wait, again and again until it is free
    // (import-swap-pg.ts, SHELF_LOCK_WAIT_MS), so shoppers' reads never queue long behind the request.
    const asked = Date.now();
    let outcome: ImportOutcome | undefined;
    for (let attempt = 0; !outcome; attempt++) {
      const wait = db.dialect === 'postgres' ? shelfLockWaitMs(attempt, Date.now() - asked) : 0;
      try {
        outcome = await switchIn(db, conn, async (trx) => {
          await beside.swapIn(trx, swap, wait);
          return concludeIn(run, trx, now);
        });
      } catch (error) {
        if (!(wait > 0 && isLockTimeout(error))) throw error;
        run.checkLock();
        await new Promise((resolve) => setTimeout(resolve, wait * (1 + Math.random())));
      }
    }
    await beside.dropOld(conn).catch(() => undefined);
    return outcome;
  } catch (error) {
    await beside.cleanup(conn).catch(() => undefined);
    throw error;
  }
}

/** What a kind changes before its rows: promotions take their sales off the shelves they are about to change. */
async function beforeApply(
  trx: Q,
  spec: KindSpec,
  stage: string,
  differs: string,
  removedWhere: string,
  complete: boolean,
  now: number,
  columns: string[],
): Promise<void> {
  if (spec.kind === 'promotions') {
    const leaving = `SELECT t.id FROM promotions t JOIN ${stage} s ON t.code = s.code WHERE ${differs}${complete ? ` UNION SELECT t.id FROM promotions t WHERE ${removedWhere}` : ''}`;
    await runWith(
      trx,
      `UPDATE store_products SET sale_price_cents = NULL, sale_start = NULL, sale_end = NULL, promotion_id = NULL, updated_at = ${now} WHERE promotion_id IN (${leaving})`,
    );
  }
  // Only a file with the column speaks for attributes (afterApply indexes them again): without it they stay.
  if (spec.kind === 'products' && columns.includes('attributes'))
    await runWith(
      trx,
      `DELETE FROM product_attributes WHERE product_id IN (SELECT t.id FROM products t JOIN ${stage} s ON t.upc = s.upc WHERE t.attributes <> s.attributes)`,
    );
}

/** What a kind changes after its rows: attribute index, sales onto the shelves, the circulars' change time. */
async function afterApply(trx: Q, dialect: Db['dialect'], spec: KindSpec, stage: string, columns: string[], now: number): Promise<void> {
  if (spec.kind === 'products' && columns.includes('attributes')) {
    const each = dialect === 'postgres' ? 'jsonb_array_elements_text(p.attributes::jsonb) AS j(value)' : 'json_each(p.attributes) AS j';
    await runWith(
      trx,
      `INSERT INTO product_attributes (product_id, attribute) SELECT DISTINCT p.id, j.value FROM ${stage} s JOIN products p ON p.upc = s.upc CROSS JOIN ${each} WHERE NOT EXISTS (SELECT 1 FROM product_attributes pa WHERE pa.product_id = p.id)`,
    );
  }
  if (spec.kind === 'promotions') await promotionsOntoShelves(trx, stage, now);
  if (spec.kind === 'circular-items')
    await runWith(trx, `UPDATE circulars SET updated_at = ${now} WHERE id IN (SELECT DISTINCT circular_id FROM ${stage})`);
}

/** Every promotion of the file whose sale is not on its shelves yet (new or just changed) writes it there. */
async function promotionsOntoShelves(trx: Q, stage: string, now: number): Promise<void> {
  const promos = await runWith<{
    id: number;
    product_id: number;
    sale_price_cents: number;
    start_date: string;
    end_date: string;
    store_ids: string;
  }>(
    trx,
    `SELECT t.id, t.product_id, t.sale_price_cents, t.start_date, t.end_date, t.store_ids FROM promotions t JOIN ${stage} s ON t.code = s.code WHERE t.updated_at = ${now}`,
  );
  const shopping = promos.some((p) => p.store_ids === '[]')
    ? (await trx.selectFrom('stores').select('id').where('kind', '=', 'shopping').execute()).map((s) => s.id)
    : [];
  for (const p of promos) {
    const ids = JSON.parse(p.store_ids) as number[];
    const stores = ids.length ? ids : shopping;
    if (stores.length === 0) continue;
    await trx
      .updateTable('store_products')
      .set({ sale_price_cents: p.sale_price_cents, sale_start: p.start_date, sale_end: p.end_date, promotion_id: p.id, updated_at: now })
      .where('product_id', '=', p.product_id)
      .where('store_id', 'in', stores)
      .execute();
  }
}
