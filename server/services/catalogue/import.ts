import type { Db } from '../../db/connection';
import { recordAudit } from './audit';
import { applyDifference } from './import-apply';
import { checkStaged, diffPlan, difference } from './import-diff';
import { auditAfter, hashOf, recordFingerprint, sameAsApplied, takeOver } from './import-history';
import type { ImportOutcome, ImportRequest } from './import-model';
import { ImportRun } from './import-run';
import { type Q, runWith } from './import-sql';
import { stageFile } from './import-stage';

// A feed import (docs/imports.md): read the file as a stream, check every row with the shared row rules
// (core/catalogue/rows.ts), stage the valid rows in small statements into a temporary table of this import's
// own, work out the difference with the catalogue in SQL, and — when applying — switch the difference in with
// one short transaction that also writes the one audit entry and bumps the page cache's version once. Nothing
// outside the staging table changes before that transaction commits, so a failure (or a killed process)
// anywhere before it leaves the catalogue exactly as it was.

export {
  type DiffSample,
  type ImportCounts,
  importHooks,
  type ImportOutcome,
  type ImportProgress,
  type ImportRequest,
  type ImportStatus,
  REJECTED_KEPT,
  type RejectedRow,
} from './import-model';
export { createImportRow } from './import-run';

/** Runs an import to its end; never throws for the file's or the rows' faults (they are in the outcome). */
export async function runImport(db: Db, req: ImportRequest, id: number): Promise<ImportOutcome> {
  const run = new ImportRun(db, req, id);
  try {
    const sha = req.fileSha256 ?? (await hashOf(req.open()));
    await db.kysely.updateTable('imports').set({ file_sha256: sha }).where('id', '=', id).execute();
    const previous = await sameAsApplied(db.kysely, run.spec, req, sha);
    if (previous) {
      // The file an earlier import applied, and nothing it wrote has changed since: nothing to do.
      takeOver(run, previous);
      if (req.mode === 'dry-run') return await run.finish('dry-run');
      if (run.counts.rejected > 0 && !req.skipInvalid) return await run.finish('rejected');
      run.fingerprint = previous.fingerprint;
      await recordAudit(db.kysely, req.actor, 'import', id, 'import', null, {
        ...auditAfter(req, run.counts, run.sample),
        same_as: previous.id,
      });
      return await run.finish('applied');
    }
    const result = await onOwnConnection(run, (conn) => work(run, conn));
    if (result.status === 'applied') await recordFingerprint(run, result.phases);
    return result;
  } catch (error) {
    return run.failed(error);
  } finally {
    await run.stop();
  }
}

/** Stage, check, diff and (when applying) switch in. */
async function work(run: ImportRun, conn: Q): Promise<ImportOutcome> {
  const plan = diffPlan(run, await stageFile(run, conn));
  if ((await checkStaged(run, conn, plan)) === 'rejected') return run.finish('rejected');
  await difference(run, conn, plan);
  if (run.req.mode === 'dry-run') return run.finish('dry-run');
  return applyDifference(run, conn, plan);
}

/**
 * What the import's own PostgreSQL session runs with: no parallel workers. By default a large statement of the import
 * (the difference's counts over millions of rows, each index of a new shelf) takes two more processes besides its
 * own, three busy processes on a 2-core database host, and the shoppers' queries wait for a core behind them. On one
 * process the import takes longer and shoppers keep the other core (docs/imports.md, "Shoppers are not blocked").
 */
export const IMPORT_SESSION_SETTINGS = { max_parallel_workers_per_gather: '0', max_parallel_maintenance_workers: '0' };

/**
 * The staging table is a temporary one: on PostgreSQL the import holds one pooled connection throughout; SQLite has
 * one connection. Either way the table is dropped at the end.
 */
async function onOwnConnection(run: ImportRun, fn: (conn: Q) => Promise<ImportOutcome>): Promise<ImportOutcome> {
  const { db, stage } = run;
  if (db.dialect === 'postgres')
    return db.kysely.connection().execute(async (conn) => {
      for (const [name, value] of Object.entries(IMPORT_SESSION_SETTINGS)) await runWith(conn, `SET ${name} = ${value}`);
      try {
        return await fn(conn);
      } finally {
        await runWith(conn, `DROP TABLE IF EXISTS ${stage}`).catch(() => undefined);
        // The pooled connection goes back as it came.
        for (const name of Object.keys(IMPORT_SESSION_SETTINGS)) await runWith(conn, `RESET ${name}`).catch(() => undefined);
      }
    });
  try {
    return await fn(db.kysely);
  } finally {
    await runWith(db.kysely, `DROP TABLE IF EXISTS temp.${stage}`).catch(() => undefined);
  }
}
