import type { ImportRun } from './import-run';
import type { Staged } from './import-stage';
import { BOUND, countOf, type Q, runBound, runWith } from './import-sql';

// What the database checks once the file is staged (keys repeated across chunks, unique columns another row
// already has), and the difference with the catalogue, worked out in SQL: new, changed, unchanged and (for a
// complete feed) removed rows, with a sample of each.

const SAMPLE = 20;
const DIFF_SLICE = 50_000;

/** The SQL that tells the staged rows (alias s) from the table's (alias t). */
export interface DiffPlan extends Staged {
  keyMatch(a: string, b: string): string;
  /** A staged row differs from its table row in a column the file has. */
  differs: string;
  /** A table row a complete feed removes. */
  removedWhere: string;
  /** A staged row the table does not have yet. */
  newWhere: string;
}

export function diffPlan(run: ImportRun, staged: Staged): DiffPlan {
  const { spec, stage, db } = run;
  const distinct = db.dialect === 'postgres' ? 'IS DISTINCT FROM' : 'IS NOT';
  const keyMatch = (a: string, b: string) => spec.key.map((k) => `${a}.${k.name} = ${b}.${k.name}`).join(' AND ');
  const differs = staged.compared.length ? staged.compared.map((c) => `t.${c.name} ${distinct} s.${c.name}`).join(' OR ') : '1 = 0';
  const scope = spec.removalScope.replaceAll('{stage}', stage);
  const stillActive = spec.removal.mode === 'deactivate' ? ` AND ${spec.removal.stillActive}` : '';
  const removedWhere = `${scope}${stillActive} AND NOT EXISTS (SELECT 1 FROM ${stage} s WHERE ${keyMatch('t', 's')})`;
  const newWhere = `NOT EXISTS (SELECT 1 FROM ${spec.table} t WHERE ${keyMatch('t', 's')})`;
  return { ...staged, keyMatch, differs, removedWhere, newWhere };
}

/**
 * Rows the database refuses: a key that repeats an earlier chunk's row (the first stands), a unique column another
 * row already has. Answers 'rejected' when an apply must stop there (rows rejected, --skip-invalid not given).
 */
export async function checkStaged(run: ImportRun, conn: Q, plan: DiffPlan): Promise<'rejected' | 'ok'> {
  const { spec, stage, req, counts } = run;
  run.progress.phase = 'checking';
  const dbRejected = new Set<number>();
  const dups = await runWith<{ line: number; dup: string }>(conn, `SELECT line, dup FROM ${stage} WHERE dup IS NOT NULL`);
  for (const d of dups)
    for (const line of String(d.dup).split(','))
      run.reject({ line: Number(line), column: plan.keyColumn, message: `repeats the row of line ${d.line}` });
  const { keyMatch } = plan;
  for (const unique of spec.uniques ?? []) {
    const col = [...spec.key, ...spec.columns].find((c) => c.name === unique)!;
    const onlyNew = col.insertOnly ? ` AND NOT EXISTS (SELECT 1 FROM ${spec.table} t2 WHERE ${keyMatch('t2', 's')})` : '';
    const clashes = await runWith<{ line: number; value: string }>(
      conn,
      `SELECT s.line, s.${unique} AS value FROM ${stage} s JOIN ${spec.table} t ON t.${unique} = s.${unique} WHERE NOT (${keyMatch('t', 's')})${onlyNew}`,
    );
    const feedColumn = col.from[0] ?? 'name';
    for (const c of clashes) {
      dbRejected.add(Number(c.line));
      run.reject({ line: Number(c.line), column: feedColumn, message: `gives the ${unique} "${c.value}", which another row already has` });
    }
  }
  run.rejected.sort((a, b) => a.line - b.line);
  if (counts.rejected > 0 && req.mode === 'apply' && !req.skipInvalid) return 'rejected';
  const lines = [...dbRejected];
  for (let i = 0; i < lines.length; i += 500)
    await runWith(conn, `DELETE FROM ${stage} WHERE line IN (${lines.slice(i, i + 500).join(',')})`);
  run.endPhase('checking');
  return 'ok';
}

/**
 * On SQLite every statement runs to its end on its connection's thread (better-sqlite3 is synchronous), so a large
 * file's difference is worked out in slices of rowids: other queries run between them. PostgreSQL takes it whole.
 * Each slice is the same condition with its bounds as parameters (runBound): one statement of each kind, not one per
 * slice.
 */
async function slices(run: ImportRun, conn: Q, table: string, alias: string): Promise<Slice[]> {
  if (run.db.dialect !== 'sqlite') return [{ where: '1 = 1', params: [] }];
  const top = await countOf(conn, `SELECT coalesce(max(rowid), 0) AS n FROM ${table}`);
  return Array.from({ length: Math.ceil(top / DIFF_SLICE) }, (_, i) => ({
    where: `${alias}.rowid > ${BOUND} AND ${alias}.rowid <= ${BOUND}`,
    params: [i * DIFF_SLICE, (i + 1) * DIFF_SLICE],
  }));
}

interface Slice {
  where: string;
  params: number[];
}

/** Counts the new, changed, unchanged and removed rows, and samples each. */
export async function difference(run: ImportRun, conn: Q, plan: DiffPlan): Promise<void> {
  const { spec, stage, counts, sample, req } = run;
  const { compared, newWhere, differs, removedWhere, keyMatch } = plan;
  const order = run.db.dialect === 'sqlite' ? 's.rowid' : 's.line';
  const total = await countOf(conn, `SELECT count(*) AS n FROM ${stage}`);
  const changedFrom = `${stage} s JOIN ${spec.table} t ON ${keyMatch('t', 's')} WHERE (${differs})`;
  const changedColumns = `s.label AS label, ${compared.map((c) => `t.${c.name} AS "b_${c.name}", s.${c.name} AS "a_${c.name}"`).join(', ')}`;
  for (const { where: slice, params } of await slices(run, conn, stage, 's')) {
    counts.new += await countOf(conn, `SELECT count(*) AS n FROM ${stage} s WHERE ${newWhere} AND ${slice}`, params);
    if (compared.length) counts.changed += await countOf(conn, `SELECT count(*) AS n FROM ${changedFrom} AND ${slice}`, params);
    if (sample.new.length < SAMPLE)
      for (const r of await runBound<{ label: string }>(
        conn,
        `SELECT s.label FROM ${stage} s WHERE ${newWhere} AND ${slice} ORDER BY ${order} LIMIT ${SAMPLE}`,
        params,
      ))
        if (sample.new.length < SAMPLE) sample.new.push({ label: r.label });
    if (compared.length && sample.changed.length < SAMPLE)
      for (const r of await runBound<Record<string, unknown>>(
        conn,
        `SELECT ${changedColumns} FROM ${changedFrom} AND ${slice} ORDER BY ${order} LIMIT ${SAMPLE}`,
        params,
      )) {
        if (sample.changed.length >= SAMPLE) break;
        const changes: Record<string, [unknown, unknown]> = {};
        for (const c of compared) {
          const before = r[`b_${c.name}`];
          const after = r[`a_${c.name}`];
          if (before !== after && !(before === null && after === null)) changes[c.name] = [before, after];
        }
        sample.changed.push({ label: String(r.label), changes });
      }
  }
  counts.unchanged = total - counts.new - counts.changed;
  if (req.complete)
    for (const { where: slice, params } of await slices(run, conn, spec.table, 't')) {
      counts.removed += await countOf(conn, `SELECT count(*) AS n FROM ${spec.table} t WHERE ${removedWhere} AND ${slice}`, params);
      if (sample.removed.length < SAMPLE)
        for (const key of await runBound<Record<string, unknown>>(
          conn,
          `SELECT ${spec.key.map((k) => `t.${k.name}`).join(', ')} FROM ${spec.table} t WHERE ${removedWhere} AND ${slice} LIMIT ${SAMPLE}`,
          params,
        ))
          if (sample.removed.length < SAMPLE) sample.removed.push({ key });
    }
  run.endPhase('difference');
}
