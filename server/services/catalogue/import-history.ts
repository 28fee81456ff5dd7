import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { ImportKind } from '../../../core/catalogue/rows';
import type { KindSpec } from './import-kinds';
import type { DiffSample, Fingerprint, ImportCounts, ImportRequest, RejectedRow } from './import-model';
import type { ImportRun } from './import-run';
import { type Q, runWith, tableCount } from './import-sql';

// The same file again (docs/imports.md, Apply): an applied import notes what the catalogue looked like right after
// it (a fingerprint); when the same file with the same options comes again and nothing it wrote, nor what its rows
// refer to, has changed since, the answer is known without reading the file: all rows unchanged.

export async function hashOf(input: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of input) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** What a kind's rows depend on besides its own table: a change there can change what the same file means. */
const DEPENDS_ON: Record<ImportKind, string[]> = {
  products: ['departments'],
  'store-prices': ['products', 'stores'],
  promotions: ['products', 'stores', 'store_products'],
  'circular-items': ['products', 'circulars'],
  stores: [],
};

export interface PreviousImport {
  id: number;
  counts: ImportCounts;
  rejected: RejectedRow[];
  fingerprint: Fingerprint;
}

/** The last applied import of this very file with the same options, if nothing it wrote has changed since. */
export async function sameAsApplied(db: Q, spec: KindSpec, req: ImportRequest, sha: string): Promise<PreviousImport | null> {
  const prev = await db
    .selectFrom('imports')
    .select(['id', 'counts', 'result', 'options'])
    .where('kind', '=', req.kind)
    .where('status', '=', 'applied')
    .where('file_sha256', '=', sha)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!prev) return null;
  const options = JSON.parse(prev.options) as { complete?: boolean; skip_invalid?: boolean };
  if (!!options.complete !== req.complete) return null;
  const result = JSON.parse(prev.result) as { fingerprint?: Fingerprint; rejected?: RejectedRow[]; rejected_total?: number };
  const fp = result.fingerprint;
  if (!fp || (result.rejected_total ?? 0) > (result.rejected?.length ?? 0)) return null;
  if ((await tableCount(db, spec.table)) !== fp.count) return null;
  const watched = [...(spec.hasUpdatedAt ? [spec.table] : []), ...DEPENDS_ON[req.kind]];
  for (const table of watched) {
    const newer = await runWith(db, `SELECT 1 AS x FROM ${table} WHERE updated_at > ${Number(fp.applied_at)} LIMIT 1`);
    if (newer.length) return null;
  }
  return { id: prev.id, counts: JSON.parse(prev.counts) as ImportCounts, rejected: result.rejected ?? [], fingerprint: fp };
}

/** The `after` of an import's one audit entry. */
export function auditAfter(req: ImportRequest, counts: ImportCounts, sample: DiffSample) {
  return { kind: req.kind, file: req.fileName, complete: req.complete, skip_invalid: req.skipInvalid, counts, difference: sample };
}

/** Takes over an earlier import's answer for the same file (the counts: all rows unchanged). */
export function takeOver(run: ImportRun, previous: PreviousImport): void {
  run.sameAs = previous.id;
  Object.assign(run.counts, previous.counts, {
    new: 0,
    changed: 0,
    removed: 0,
    unchanged: previous.counts.new + previous.counts.changed + previous.counts.unchanged,
  });
  run.rejected.push(...previous.rejected);
  for (const row of previous.rejected) run.req.onRejected?.(row);
}

/**
 * After an applied import: its fingerprint, onto its history row. Counted just after the commit (not inside it, to
 * keep the write lock short): a row changed in between has a newer updated_at and still makes the next same-file run
 * a full one; only a row deleted in that instant would go unnoticed by it.
 */
export async function recordFingerprint(run: ImportRun, phases: Record<string, number>): Promise<void> {
  const db = run.db.kysely;
  run.fingerprint = { applied_at: run.appliedAt, count: await tableCount(db, run.spec.table) };
  const row = await db.selectFrom('imports').select('result').where('id', '=', run.id).executeTakeFirstOrThrow();
  await db
    .updateTable('imports')
    .set({ result: JSON.stringify({ ...JSON.parse(row.result), phases, phases_cpu: run.phasesCpu, fingerprint: run.fingerprint }) })
    .where('id', '=', run.id)
    .execute();
}
