import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import type { Readable } from 'node:stream';
import { CompiledQuery, type Kysely, sql } from 'kysely';
import { FEED_ROW_SCHEMAS, feedColumns, type ImportKind, plainStorePriceRow } from '../../../core/catalogue/rows';
import type { Db } from '../../db/connection';
import { bumpPageCacheVersion } from '../../db/page-cache-version';
import type { Database } from '../../db/schema';
import { type Actor, recordAudit } from './audit';
import { HEARTBEAT_MS, type ImportLock } from './import-lock';
import { type ColumnType, KIND_SPECS, type KindSpec, loadResolvers, type TargetColumn } from './import-kinds';
import { ImportFileError, openFeed } from './import-source';
import { cleanupSwap, copyIntoNext, dropOld, prepareSwap, SHELF, type SwapPlan, swapAbove, swapIn } from './import-swap';

// A feed import (docs/imports.md): read the file as a stream, check every row with the shared row rules
// (core/catalogue/rows.ts), stage the valid rows in small statements into a temporary table of this import's
// own, work out the difference with the catalogue in SQL, and — when applying — switch the difference in with
// one short transaction that also writes the one audit entry and bumps the page cache's version once. Nothing
// outside the staging table changes before that transaction commits, so a failure (or a killed process)
// anywhere before it leaves the catalogue exactly as it was.

export interface ImportCounts {
  rows: number;
  rejected: number;
  new: number;
  changed: number;
  unchanged: number;
  removed: number;
}

export interface RejectedRow {
  line: number;
  column: string;
  message: string;
}

export interface DiffSample {
  new: Array<{ label: string }>;
  changed: Array<{ label: string; changes: Record<string, [unknown, unknown]> }>;
  removed: Array<{ key: Record<string, unknown> }>;
}

export type ImportStatus = 'running' | 'dry-run' | 'applied' | 'rejected' | 'failed' | 'interrupted';

export interface ImportOutcome {
  id: number;
  status: Exclude<ImportStatus, 'running' | 'interrupted'>;
  counts: ImportCounts;
  /** The first REJECTED_KEPT rejected rows (the command line prints every one as it goes). */
  rejected: RejectedRow[];
  sample: DiffSample;
  error?: { code: string; message: string; column?: string; line?: number };
  ms: number;
  /** Milliseconds per phase: reading (parse, check, stage), checking, difference, switch-in. */
  phases: Record<string, number>;
}

export interface ImportRequest {
  kind: ImportKind;
  mode: 'dry-run' | 'apply';
  complete: boolean;
  skipInvalid: boolean;
  fileName: string;
  fileKey?: string | null;
  /** The file's SHA-256 when the caller already has it (an upload hashes as it stores); else it is read once. */
  fileSha256?: string;
  bytesTotal?: number | null;
  actor: Actor;
  open(): Readable;
  /** Held for an apply (acquireImportLock). */
  lock?: ImportLock;
  /** Every rejected row, as found (the command line prints them). */
  onRejected?(row: RejectedRow): void;
}

export const REJECTED_KEPT = 1000;
const SAMPLE = 20;
// Rows staged per statement. Smaller chunks leave fewer rows alive across the young generation's collections, so
// less of a large file's garbage reaches the old generation: a server applying a 400,000-row upload peaked at about
// 370 MB RSS with 500, 410–470 MB with 2,000 (docs/performance.md, "Catalogue imports").
const STAGE_CHUNK = 500;
const DIFF_SLICE = 50_000;
const PROGRESS_MS = 1000;

/** Progress of running imports, for a metrics gauge: set `importHooks.onProgress` (docs/imports.md). */
export const importHooks: {
  onProgress: ((p: { id: number; kind: ImportKind; phase: string; rows: number; bytes: number; bytesTotal: number | null }) => void) | null;
  /** Test-only: runs inside the switch-in transaction, after its writes, before it commits. */
  beforeCommit: ((id: number) => Promise<void>) | null;
  /** Test-only: runs between the short statements that stage rows or build the new shelf (no transaction open). */
  onCopied: ((id: number) => Promise<void>) | null;
} = {
  onProgress: null,
  onCopied: null,
  // The crash test (import-kill.test.ts) starts a server with IMPORT_TEST_HOLD_AT_SWITCH=<file>: the switch-in
  // writes that file and waits, so the test can SIGKILL the process with the transaction open.
  beforeCommit: process.env.IMPORT_TEST_HOLD_AT_SWITCH
    ? async () => {
        const { writeFileSync } = await import('node:fs');
        writeFileSync(process.env.IMPORT_TEST_HOLD_AT_SWITCH!, String(process.pid));
        await new Promise(() => undefined);
      }
    : null,
};

/** The history row an import writes its progress and result to. */
export async function createImportRow(db: Kysely<Database>, req: Omit<ImportRequest, 'open'>): Promise<number> {
  const now = Date.now();
  const row = await db
    .insertInto('imports')
    .values({
      kind: req.kind,
      file_name: req.fileName.slice(0, 200),
      file_key: req.fileKey ?? null,
      mode: req.mode,
      options: JSON.stringify({ complete: req.complete, skip_invalid: req.skipInvalid }),
      user_id: req.actor.id,
      user_name: req.actor.name,
      status: 'running',
      bytes_total: req.bytesTotal ?? null,
      pid: process.pid,
      host: hostname(),
      started_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

type Q = Kysely<Database>;
const SQL_TYPES: Record<'sqlite' | 'postgres', Record<ColumnType, string>> = {
  sqlite: { int: 'INTEGER', text: 'TEXT', real: 'REAL', big: 'INTEGER' },
  postgres: { int: 'integer', text: 'text', real: 'real', big: 'bigint' },
};

/** Runs an import to its end; never throws for the file's or the rows' faults (they are in the outcome). */
export async function runImport(db: Db, req: ImportRequest, id: number): Promise<ImportOutcome> {
  const started = Date.now();
  const spec = KIND_SPECS[req.kind];
  const counts: ImportCounts = { rows: 0, rejected: 0, new: 0, changed: 0, unchanged: 0, removed: 0 };
  const rejected: RejectedRow[] = [];
  const sample: DiffSample = { new: [], changed: [], removed: [] };
  const progress = { phase: 'reading', bytes: 0 };
  const phases: Record<string, number> = {};
  let phaseStart = Date.now();
  const endPhase = (name: string) => {
    phases[name] = Date.now() - phaseStart;
    phaseStart = Date.now();
  };
  const reject = (row: RejectedRow) => {
    counts.rejected++;
    if (rejected.length < REJECTED_KEPT) rejected.push(row);
    req.onRejected?.(row);
  };
  let lockLost = false;
  let lastBeat = Date.now();
  const tick = async () => {
    const p = { id, kind: req.kind, phase: progress.phase, rows: counts.rows, bytes: progress.bytes, bytesTotal: req.bytesTotal ?? null };
    importHooks.onProgress?.(p);
    await db.kysely
      .updateTable('imports')
      .set({ phase: progress.phase, rows_read: counts.rows, bytes_read: progress.bytes, updated_at: Date.now() })
      .where('id', '=', id)
      .execute();
    if (req.lock && Date.now() - lastBeat >= HEARTBEAT_MS) {
      lastBeat = Date.now();
      if (!(await req.lock.renew())) lockLost = true;
    }
  };
  let ticking: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    ticking = ticking.then(tick).catch(() => undefined);
  }, PROGRESS_MS);
  timer.unref();

  // What the catalogue looked like right after this import applied: the same file again finds it so, or not.
  let fingerprint: Fingerprint | null = null;
  let sameAs: number | null = null;
  const finish = async (status: ImportOutcome['status'], error?: ImportOutcome['error'], write?: Q): Promise<ImportOutcome> => {
    importHooks.onProgress?.({
      id,
      kind: req.kind,
      phase: 'done',
      rows: counts.rows,
      bytes: progress.bytes,
      bytesTotal: req.bytesTotal ?? null,
    });
    const outcome: ImportOutcome = { id, status, counts, rejected, sample, error, ms: Date.now() - started, phases };
    await (write ?? db.kysely)
      .updateTable('imports')
      .set({
        status,
        phase: 'done',
        rows_read: counts.rows,
        bytes_read: progress.bytes,
        counts: JSON.stringify(counts),
        result: JSON.stringify({
          rejected,
          rejected_total: counts.rejected,
          sample,
          error: error ?? null,
          ms: outcome.ms,
          phases,
          fingerprint,
          same_as: sameAs,
        }),
        updated_at: Date.now(),
        finished_at: Date.now(),
      })
      .where('id', '=', id)
      .execute();
    return outcome;
  };

  const stage = `import_stage_${id}`;
  let closeSource = async () => undefined as void;
  let appliedAt = started;
  const work = async (conn: Q): Promise<ImportOutcome> => {
    const dialect = db.dialect;
    const types = SQL_TYPES[dialect];
    const distinct = dialect === 'postgres' ? 'IS DISTINCT FROM' : 'IS NOT';
    const { all, required } = feedColumns(req.kind);
    const source = await openFeed(req.open(), all, required, {
      get bytes() {
        return progress.bytes;
      },
      set bytes(v: number) {
        progress.bytes = v;
      },
    });
    closeSource = source.close;
    const present = (col: TargetColumn) => !col.insertOnly && (col.from.length === 0 || col.from.some((f) => source.columns.includes(f)));
    const staged = [...spec.key, ...spec.columns];
    const compared = spec.columns.filter(present);
    const resolvers = await loadResolvers(db.kysely, req.kind);

    await runWith(conn, `DROP TABLE IF EXISTS ${stage}`);
    await runWith(
      conn,
      `CREATE TEMP TABLE ${stage} (line integer NOT NULL, label text, dup text, ${staged.map((c) => `${c.name} ${types[c.type]}`).join(', ')}, PRIMARY KEY (${spec.key.map((k) => k.name).join(', ')}))`,
    );
    const names = ['line', 'label', ...staged.map((c) => c.name)];
    const insertSql = `INSERT INTO ${stage} (${names.join(', ')}) SELECT ${names.map((n) => `x.${n}`).join(', ')} FROM jsonb_to_recordset(@@JSON@@::jsonb) AS x(line integer, label text, ${staged.map((c) => `${c.name} ${types[c.type]}`).join(', ')}) ON CONFLICT (${spec.key.map((k) => k.name).join(', ')}) DO UPDATE SET dup = coalesce(${stage}.dup || ',', '') || excluded.line::text`;

    const schema = FEED_ROW_SCHEMAS[req.kind];
    // A price file's plain rows skip zod (the same answer, checked in rows.test.ts); the rest go through it.
    const plain = req.kind === 'store-prices' ? plainStorePriceRow : null;
    const keyColumn = spec.key.find((k) => k.from.length > 0)?.from[0] ?? spec.key[0].name;
    let chunk: Array<Record<string, unknown>> = [];
    let chunkKeys = new Map<string, number>();
    // SQLite: rows go in as bound values of one prepared multi-row INSERT (reused for every full statement), which
    // costs less per row than parsing a JSON array in SQL; PostgreSQL takes the chunk as one jsonb parameter.
    const perStatement = Math.max(1, Math.floor(30_000 / names.length));
    const valuesSql = (n: number) =>
      `INSERT INTO ${stage} (${names.join(', ')}) VALUES ${Array.from({ length: n }, () => `(${names.map(() => '?').join(', ')})`).join(', ')} ON CONFLICT (${spec.key.map((k) => k.name).join(', ')}) DO UPDATE SET dup = coalesce(dup || ',', '') || excluded.line`;
    const fullStatement = valuesSql(perStatement);
    const flush = async () => {
      if (chunk.length === 0) return;
      if (dialect === 'sqlite')
        for (let i = 0; i < chunk.length; i += perStatement) {
          const part = chunk.slice(i, i + perStatement);
          const params: unknown[] = [];
          for (const row of part) for (const n of names) params.push(row[n] ?? null);
          await conn.executeQuery(CompiledQuery.raw(part.length === perStatement ? fullStatement : valuesSql(part.length), params));
        }
      else await runWith(conn, insertSql, [JSON.stringify(chunk)]);
      chunk = [];
      chunkKeys = new Map();
      await importHooks.onCopied?.(id);
      if (lockLost) throw new Error('Another process took the import lock over: this import stopped.');
    };
    for await (const rec of source.records) {
      counts.rows++;
      if ('error' in rec) {
        reject({ line: rec.line, column: rec.column ?? '', message: rec.error });
        continue;
      }
      let data: unknown = plain?.(rec.values) ?? null;
      if (data === null) {
        const parsed = schema.safeParse(rec.values);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          const column = String(issue.path[0] ?? '');
          reject({ line: rec.line, column, message: rec.values[column] === undefined ? 'is required' : issue.message });
          continue;
        }
        data = parsed.data;
      }
      const mapped = spec.toRow(data as never, resolvers, rec.line);
      if ('column' in mapped) {
        reject({ line: rec.line, column: mapped.column, message: mapped.message });
        continue;
      }
      const key = spec.key.map((k) => String(mapped.values[k.name])).join('\u0001');
      const earlier = chunkKeys.get(key);
      if (earlier !== undefined) {
        reject({ line: rec.line, column: keyColumn, message: `repeats the row of line ${earlier}` });
        continue;
      }
      chunkKeys.set(key, rec.line);
      chunk.push({ line: rec.line, label: mapped.label, ...mapped.values });
      if (chunk.length >= STAGE_CHUNK) await flush();
    }
    await flush();
    // PostgreSQL never gathers statistics on temporary tables by itself: without them it plans the difference and
    // the switch-in's joins as if the staging table were tiny.
    if (dialect === 'postgres') await runWith(conn, `ANALYZE ${stage}`);
    endPhase('reading');

    progress.phase = 'checking';
    // Rows that repeat an earlier row's key (across chunks): the first one stands.
    const dbRejected = new Set<number>();
    const dups = await runWith<{ line: number; dup: string }>(conn, `SELECT line, dup FROM ${stage} WHERE dup IS NOT NULL`);
    for (const d of dups)
      for (const line of String(d.dup).split(','))
        reject({ line: Number(line), column: keyColumn, message: `repeats the row of line ${d.line}` });
    const keyMatch = (a: string, b: string) => spec.key.map((k) => `${a}.${k.name} = ${b}.${k.name}`).join(' AND ');
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
        reject({ line: Number(c.line), column: feedColumn, message: `gives the ${unique} "${c.value}", which another row already has` });
      }
    }
    rejected.sort((a, b) => a.line - b.line);
    if (counts.rejected > 0 && req.mode === 'apply' && !req.skipInvalid) return finish('rejected');
    const lines = [...dbRejected];
    for (let i = 0; i < lines.length; i += 500)
      await runWith(conn, `DELETE FROM ${stage} WHERE line IN (${lines.slice(i, i + 500).join(',')})`);

    endPhase('checking');
    // The difference.
    const differs = compared.length ? compared.map((c) => `t.${c.name} ${distinct} s.${c.name}`).join(' OR ') : '1 = 0';
    const scope = spec.removalScope.replaceAll('{stage}', stage);
    const stillActive = spec.removal.mode === 'deactivate' ? ` AND ${spec.removal.stillActive}` : '';
    const removedWhere = `${scope}${stillActive} AND NOT EXISTS (SELECT 1 FROM ${stage} s WHERE ${keyMatch('t', 's')})`;
    const newWhere = `NOT EXISTS (SELECT 1 FROM ${spec.table} t WHERE ${keyMatch('t', 's')})`;
    // On SQLite every statement runs to its end on the server's one thread (better-sqlite3 is synchronous), so a
    // large file's difference is worked out in slices of the staging table's rowids: shoppers' queries run between.
    const count = async (text: string) => Number((await runWith<{ n: number | string }>(conn, text))[0].n);
    const slices = async (table: string, alias: string): Promise<string[]> => {
      if (dialect !== 'sqlite') return ['1 = 1'];
      const top = await count(`SELECT coalesce(max(rowid), 0) AS n FROM ${table}`);
      return Array.from(
        { length: Math.ceil(top / DIFF_SLICE) },
        (_, i) => `${alias}.rowid > ${i * DIFF_SLICE} AND ${alias}.rowid <= ${(i + 1) * DIFF_SLICE}`,
      );
    };
    const order = dialect === 'sqlite' ? 's.rowid' : 's.line';
    const stageSlices = await slices(stage, 's');
    const total = await count(`SELECT count(*) AS n FROM ${stage}`);
    const changedFrom = `${stage} s JOIN ${spec.table} t ON ${keyMatch('t', 's')} WHERE (${differs})`;
    const changedColumns = `s.label AS label, ${compared.map((c) => `t.${c.name} AS "b_${c.name}", s.${c.name} AS "a_${c.name}"`).join(', ')}`;
    for (const slice of stageSlices) {
      counts.new += await count(`SELECT count(*) AS n FROM ${stage} s WHERE ${newWhere} AND ${slice}`);
      if (compared.length) counts.changed += await count(`SELECT count(*) AS n FROM ${changedFrom} AND ${slice}`);
      if (sample.new.length < SAMPLE)
        for (const r of await runWith<{ label: string }>(
          conn,
          `SELECT s.label FROM ${stage} s WHERE ${newWhere} AND ${slice} ORDER BY ${order} LIMIT ${SAMPLE}`,
        ))
          if (sample.new.length < SAMPLE) sample.new.push({ label: r.label });
      if (compared.length && sample.changed.length < SAMPLE)
        for (const r of await runWith<Record<string, unknown>>(
          conn,
          `SELECT ${changedColumns} FROM ${changedFrom} AND ${slice} ORDER BY ${order} LIMIT ${SAMPLE}`,
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
      for (const slice of await slices(spec.table, 't')) {
        counts.removed += await count(`SELECT count(*) AS n FROM ${spec.table} t WHERE ${removedWhere} AND ${slice}`);
        if (sample.removed.length < SAMPLE)
          for (const key of await runWith<Record<string, unknown>>(
            conn,
            `SELECT ${spec.key.map((k) => `t.${k.name}`).join(', ')} FROM ${spec.table} t WHERE ${removedWhere} AND ${slice} LIMIT ${SAMPLE}`,
          ))
            if (sample.removed.length < SAMPLE) sample.removed.push({ key });
      }

    endPhase('difference');
    if (req.mode === 'dry-run') return finish('dry-run');
    if (lockLost) throw new Error('Another process took the import lock over: this import stopped.');
    progress.phase = 'applying';
    await tick();
    appliedAt = started;
    if (counts.new + counts.changed + counts.removed === 0) {
      // The same file again: nothing to switch in, nothing for caches to drop.
      await recordAudit(db.kysely, req.actor, 'import', id, 'import', null, auditAfter(req, counts, sample));
      return finish('applied');
    }
    const insertColumns = (now: number) => {
      const cols: Array<[string, string]> = spec.key.map((k) => [k.name, `s.${k.name}`]);
      for (const col of spec.columns) {
        if (present(col) || col.insertOnly) cols.push([col.name, `s.${col.name}`]);
        else if (col.insertDefault) cols.push([col.name, col.insertDefault]);
      }
      if (spec.newId) cols.unshift(['id', spec.newId[dialect]]);
      if (spec.hasUpdatedAt) cols.push(['updated_at', String(now)]);
      return cols;
    };
    if (dialect === 'sqlite' && spec.table === SHELF && counts.new + counts.changed + counts.removed > swapAbove()) {
      // A large difference on SQLite's shelf: built beside the live shelf in short transactions, swapped in by a
      // short one (import-swap.ts), so carts and orders are written meanwhile.
      const now = Date.now();
      appliedAt = now;
      try {
        const columns = await prepareSwap(conn);
        const first = spec.key[0].name;
        const keys = new Set(spec.key.map((k) => k.name));
        const comparedNames = new Set(compared.map((c) => c.name));
        const plan: SwapPlan = {
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
          insert: insertColumns(now),
          removed: req.complete ? removedWhere : '1 = 0',
          stage,
          keyMatch: keyMatch('t', 's'),
        };
        await copyIntoNext(conn, plan, async () => {
          await importHooks.onCopied?.(id);
          if (lockLost) throw new Error('Another process took the import lock over: this import stopped.');
        });
        endPhase('building');
        const outcome = await switchIn(db, conn, async (trx) => {
          await swapIn(trx, plan);
          await recordAudit(trx, req.actor, 'import', id, 'import', null, auditAfter(req, counts, sample), now);
          await bumpPageCacheVersion(trx);
          const out = await finish('applied', undefined, trx);
          await importHooks.beforeCommit?.(id);
          endPhase('switch-in');
          out.phases = phases;
          return out;
        });
        await dropOld(conn).catch(() => undefined);
        return outcome;
      } catch (error) {
        await cleanupSwap(conn).catch(() => undefined);
        throw error;
      }
    }
    return switchIn(db, conn, async (trx) => {
      const now = Date.now();
      appliedAt = now;
      const setUpdated = spec.hasUpdatedAt ? `, updated_at = ${now}` : '';
      await beforeApply(trx, spec, stage, differs, removedWhere, req.complete, now);
      if (compared.length)
        await runWith(
          trx,
          `UPDATE ${spec.table} AS t SET ${compared.map((c) => `${c.name} = s.${c.name}`).join(', ')}${setUpdated} FROM ${stage} AS s WHERE ${keyMatch('t', 's')} AND (${differs})`,
        );
      const insertCols = insertColumns(now);
      if (counts.new > 0)
        await runWith(
          trx,
          `INSERT INTO ${spec.table} (${insertCols.map(([n]) => n).join(', ')}) SELECT ${insertCols.map(([, v]) => v).join(', ')} FROM ${stage} s WHERE ${newWhere}`,
        );
      if (req.complete && counts.removed > 0) {
        if (spec.removal.mode === 'delete') await runWith(trx, `DELETE FROM ${spec.table} AS t WHERE ${removedWhere}`);
        else await runWith(trx, `UPDATE ${spec.table} AS t SET ${spec.removal.set}${setUpdated} WHERE ${removedWhere}`);
      }
      await afterApply(trx, db.dialect, spec, stage, source.columns, now);
      await recordAudit(trx, req.actor, 'import', id, 'import', null, auditAfter(req, counts, sample), now);
      await bumpPageCacheVersion(trx);
      const outcome = await finish('applied', undefined, trx);
      await importHooks.beforeCommit?.(id);
      endPhase('switch-in');
      outcome.phases = phases;
      return outcome;
    });
  };

  try {
    const sha = req.fileSha256 ?? (await hashOf(req.open()));
    await db.kysely.updateTable('imports').set({ file_sha256: sha }).where('id', '=', id).execute();
    const previous = await sameAsApplied(db.kysely, spec, req, sha);
    if (previous) {
      // The file an earlier import applied, and nothing it wrote has changed since: nothing to do.
      sameAs = previous.id;
      Object.assign(counts, previous.counts, {
        new: 0,
        changed: 0,
        removed: 0,
        unchanged: previous.counts.new + previous.counts.changed + previous.counts.unchanged,
      });
      rejected.push(...previous.rejected);
      for (const row of previous.rejected) req.onRejected?.(row);
      if (req.mode === 'dry-run') return await finish('dry-run');
      if (counts.rejected > 0 && !req.skipInvalid) return await finish('rejected');
      fingerprint = previous.fingerprint;
      await recordAudit(db.kysely, req.actor, 'import', id, 'import', null, { ...auditAfter(req, counts, sample), same_as: previous.id });
      return await finish('applied');
    }
    const result = await (db.dialect === 'postgres'
      ? db.kysely.connection().execute(async (conn) => {
          try {
            return await work(conn);
          } finally {
            await runWith(conn, `DROP TABLE IF EXISTS ${stage}`).catch(() => undefined);
          }
        })
      : (async () => {
          try {
            return await work(db.kysely);
          } finally {
            await runWith(db.kysely, `DROP TABLE IF EXISTS temp.${stage}`).catch(() => undefined);
          }
        })());
    if (result.status === 'applied') {
      // Counted just after the commit (not inside it, to keep the write lock short): a row changed in between has a
      // newer updated_at and still makes the next same-file run a full one; only a row deleted in that instant
      // would go unnoticed by it.
      fingerprint = { applied_at: appliedAt, count: await tableCount(db.kysely, spec.table) };
      await db.kysely
        .updateTable('imports')
        .set({
          result: JSON.stringify({
            ...JSON.parse((await db.kysely.selectFrom('imports').select('result').where('id', '=', id).executeTakeFirstOrThrow()).result),
            phases: result.phases,
            fingerprint,
          }),
        })
        .where('id', '=', id)
        .execute();
    }
    return result;
  } catch (error) {
    const e =
      error instanceof ImportFileError
        ? { code: error.code, message: error.message, column: error.column, line: error.line }
        : { code: 'import_failed', message: `The import failed and changed nothing: ${(error as Error).message}` };
    return finish('failed', e).catch(() => ({
      id,
      status: 'failed' as const,
      counts,
      rejected,
      sample,
      error: e,
      ms: Date.now() - started,
      phases,
    }));
  } finally {
    clearInterval(timer);
    await closeSource().catch(() => undefined);
    await ticking;
  }
}

interface Fingerprint {
  /** Rows written by the import carry this updated_at; anything changed later has a larger one. */
  applied_at: number;
  /** The table's row count after it (a deleted row changes it). */
  count: number;
}

async function hashOf(input: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of input) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function tableCount(db: Q, table: string): Promise<number> {
  return Number((await runWith<{ n: number | string }>(db, `SELECT count(*) AS n FROM ${table}`))[0].n);
}

/** What a kind's rows depend on besides its own table: a change there can change what the same file means. */
const DEPENDS_ON: Record<ImportKind, string[]> = {
  products: ['departments'],
  'store-prices': ['products', 'stores'],
  promotions: ['products', 'stores', 'store_products'],
  'circular-items': ['products', 'circulars'],
  stores: [],
};

/** The last applied import of this very file with the same options, if nothing it wrote has changed since. */
async function sameAsApplied(
  db: Q,
  spec: KindSpec,
  req: ImportRequest,
  sha: string,
): Promise<{ id: number; counts: ImportCounts; rejected: RejectedRow[]; fingerprint: Fingerprint } | null> {
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

function auditAfter(req: ImportRequest, counts: ImportCounts, sample: DiffSample) {
  return { kind: req.kind, file: req.fileName, complete: req.complete, skip_invalid: req.skipInvalid, counts, difference: sample };
}

async function runWith<T = Record<string, unknown>>(conn: Q, text: string, params: unknown[] = []): Promise<T[]> {
  // The statement's text is built from this module's constants; values only travel as parameters (@@JSON@@).
  const [before, after] = text.split('@@JSON@@');
  const query = params.length === 0 ? sql.raw(text) : sql.join([sql.raw(before), sql`${params[0]}`, sql.raw(after)], sql.raw(''));
  const result = await query.execute(conn);
  return result.rows as T[];
}

/** The one short transaction; on SQLite it takes the write lock at once (BEGIN IMMEDIATE) on the one connection. */
async function switchIn<T>(db: Db, conn: Q, fn: (trx: Q) => Promise<T>): Promise<T> {
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

/** What a kind changes before its rows: promotions take their sales off the shelves they are about to change. */
async function beforeApply(
  trx: Q,
  spec: KindSpec,
  stage: string,
  differs: string,
  removedWhere: string,
  complete: boolean,
  now: number,
): Promise<void> {
  if (spec.kind === 'promotions') {
    const leaving = `SELECT t.id FROM promotions t JOIN ${stage} s ON t.code = s.code WHERE ${differs}${complete ? ` UNION SELECT t.id FROM promotions t WHERE ${removedWhere}` : ''}`;
    await runWith(
      trx,
      `UPDATE store_products SET sale_price_cents = NULL, sale_start = NULL, sale_end = NULL, promotion_id = NULL, updated_at = ${now} WHERE promotion_id IN (${leaving})`,
    );
  }
  if (spec.kind === 'products')
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
  if (spec.kind === 'promotions') {
    // Every promotion of the file whose sale is not on its shelves yet (new or just changed) writes it there.
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
  if (spec.kind === 'circular-items')
    await runWith(trx, `UPDATE circulars SET updated_at = ${now} WHERE id IN (SELECT DISTINCT circular_id FROM ${stage})`);
}
