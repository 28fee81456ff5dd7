import { CompiledQuery } from 'kysely';
import { FEED_ROW_SCHEMAS, feedColumns, plainStorePriceRow } from '../../../core/catalogue/rows';
import { loadResolvers, type Resolvers, type TargetColumn } from './import-kinds';
import { importHooks } from './import-model';
import type { ImportRun } from './import-run';
import { type FeedRecord, openFeed } from './import-source';
import { type Q, runWith, SQL_TYPES } from './import-sql';

// Reading a feed: the file as a stream of records (import-source.ts), each checked by the shared row rules
// (core/catalogue/rows.ts) and mapped to its table's columns (import-kinds.ts), then staged in small statements
// into a temporary table of this import's own. No catalogue table is written (on SQLite, not even locked).

// Rows staged per statement. Smaller chunks leave fewer rows alive across the young generation's collections, so
// less of a large file's garbage reaches the old generation: a server applying a 400,000-row upload peaked at about
// 370 MB RSS with 500, 410–470 MB with 2,000 (docs/performance.md, "Catalogue imports").
const STAGE_CHUNK = 500;

/** What the staged file has: its columns, and which of the table's columns it speaks for. */
export interface Staged {
  /** The file's own columns. */
  columns: string[];
  /** The table's columns the file has (compared and written); not the insert-only ones. */
  compared: TargetColumn[];
  /** Whether the file speaks for a column. */
  present(col: TargetColumn): boolean;
  /** The feed column a repeated key is reported in. */
  keyColumn: string;
}

/** Reads, checks and stages the whole file. */
export async function stageFile(run: ImportRun, conn: Q): Promise<Staged> {
  const { db, req, spec, progress } = run;
  const { all, required } = feedColumns(req.kind);
  const source = await openFeed(req.open(), all, required, {
    get bytes() {
      return progress.bytes;
    },
    set bytes(v: number) {
      progress.bytes = v;
    },
  });
  run.closeSource = source.close;
  const present = (col: TargetColumn) => !col.insertOnly && (col.from.length === 0 || col.from.some((f) => source.columns.includes(f)));
  const compared = spec.columns.filter(present);
  const resolvers = await loadResolvers(db.kysely, req.kind);
  const keyColumn = spec.key.find((k) => k.from.length > 0)?.from[0] ?? spec.key[0].name;

  const writer = await stagingWriter(run, conn);
  const keyNames = spec.key.map((k) => k.name);
  const keyOf =
    keyNames.length === 1
      ? (row: Record<string, unknown>) => String(row[keyNames[0]])
      : (row: Record<string, unknown>) => `${String(row[keyNames[0]])}\u0001${String(row[keyNames[1]])}`;
  if (keyNames.length > 2) throw new Error('a feed key has one or two columns');
  const check = rowChecker(run, resolvers);
  let chunk: Array<Record<string, unknown>> = [];
  let chunkKeys = new Map<string, number>();
  for await (const batch of source.batches)
    for (const rec of batch) {
      run.counts.rows++;
      const row = check(rec);
      if (row === null) continue;
      // A key repeated within the chunk is refused here; across chunks, by the staging table's primary key.
      const key = keyOf(row);
      const earlier = chunkKeys.get(key);
      if (earlier !== undefined) {
        run.reject({ line: rec.line, column: keyColumn, message: `repeats the row of line ${earlier}` });
        continue;
      }
      chunkKeys.set(key, rec.line);
      chunk.push(row);
      if (chunk.length >= STAGE_CHUNK) {
        await writer(chunk);
        chunk = [];
        chunkKeys = new Map();
      }
    }
  await writer(chunk);
  // PostgreSQL never gathers statistics on temporary tables by itself: without them it plans the difference and
  // the switch-in's joins as if the staging table were tiny.
  if (db.dialect === 'postgres') await runWith(conn, `ANALYZE ${run.stage}`);
  run.endPhase('reading');
  return { columns: source.columns, compared, present, keyColumn };
}

/** Checks one record against the row rules and maps it; null when it is rejected (and reported). */
function rowChecker(run: ImportRun, resolvers: Resolvers): (rec: FeedRecord) => Record<string, unknown> | null {
  const { req, spec } = run;
  const schema = FEED_ROW_SCHEMAS[req.kind];
  // A price file's plain rows skip zod (the same answer, checked in rows.test.ts); the rest go through it.
  const plain = req.kind === 'store-prices' ? plainStorePriceRow : null;
  return (rec) => {
    if ('error' in rec) {
      run.reject({ line: rec.line, column: rec.column ?? '', message: rec.error });
      return null;
    }
    let data: unknown = plain?.(rec.values) ?? null;
    if (data === null) {
      const parsed = schema.safeParse(rec.values);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const column = String(issue.path[0] ?? '');
        run.reject({ line: rec.line, column, message: rec.values[column] === undefined ? 'is required' : issue.message });
        return null;
      }
      data = parsed.data;
    }
    const mapped = spec.toRow(data as never, resolvers, rec.line);
    if ('column' in mapped) {
      run.reject({ line: rec.line, column: mapped.column, message: mapped.message });
      return null;
    }
    // The mapped values are this row's own: line and label go onto them rather than into a copy.
    const row = mapped.values;
    row.line = rec.line;
    row.label = mapped.label;
    return row;
  };
}

/** Creates the staging table; answers the function that writes a chunk of rows into it. */
async function stagingWriter(run: ImportRun, conn: Q): Promise<(chunk: Array<Record<string, unknown>>) => Promise<void>> {
  const { db, spec, stage, id } = run;
  const dialect = db.dialect;
  const types = SQL_TYPES[dialect];
  const staged = [...spec.key, ...spec.columns];
  const keyList = spec.key.map((k) => k.name).join(', ');
  await runWith(conn, `DROP TABLE IF EXISTS ${stage}`);
  await runWith(
    conn,
    `CREATE TEMP TABLE ${stage} (line integer NOT NULL, label text, dup text, ${staged.map((c) => `${c.name} ${types[c.type]}`).join(', ')}, PRIMARY KEY (${keyList}))`,
  );
  const names = ['line', 'label', ...staged.map((c) => c.name)];
  // PostgreSQL: one array per column, unnested into rows (a typed array parameter costs less per row to send and to
  // read than a JSON object naming every column of every row).
  const pgTypes = ['integer', 'text', ...staged.map((c) => types[c.type])];
  const unnestSql = `INSERT INTO ${stage} (${names.join(', ')}) SELECT * FROM unnest(${pgTypes.map((t, i) => `$${i + 1}::${t}[]`).join(', ')}) ON CONFLICT (${keyList}) DO UPDATE SET dup = coalesce(${stage}.dup || ',', '') || excluded.line::text`;
  const perStatement = Math.max(1, Math.floor(30_000 / names.length));
  const valuesSql = (n: number) =>
    `INSERT INTO ${stage} (${names.join(', ')}) VALUES ${Array.from({ length: n }, () => `(${names.map(() => '?').join(', ')})`).join(', ')} ON CONFLICT (${keyList}) DO UPDATE SET dup = coalesce(dup || ',', '') || excluded.line`;
  const fullStatement = valuesSql(perStatement);
  return async (chunk) => {
    if (chunk.length === 0) return;
    if (dialect === 'sqlite')
      for (let i = 0; i < chunk.length; i += perStatement) {
        const part = chunk.slice(i, i + perStatement);
        const params: unknown[] = [];
        for (const row of part) for (const n of names) params.push(row[n] ?? null);
        await conn.executeQuery(CompiledQuery.raw(part.length === perStatement ? fullStatement : valuesSql(part.length), params));
      }
    else {
      const columns = names.map(() => new Array<unknown>(chunk.length));
      for (let r = 0; r < chunk.length; r++) {
        const row = chunk[r];
        for (let c = 0; c < names.length; c++) columns[c][r] = row[names[c]] ?? null;
      }
      await conn.executeQuery(CompiledQuery.raw(unnestSql, columns));
    }
    await importHooks.onCopied?.(id);
    run.checkLock();
  };
}
