import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { importHooks, type ImportOutcome, type ImportProgress, type ImportRequest } from './import-model';

// A server applies an uploaded feed on a worker thread of its own (docs/imports.md, "A server's imports"): the file's
// records, staged chunks and the difference's rows are garbage of the worker's heap, which `resourceLimits` keeps
// small, not of the server's, which V8 would let grow to about twice its live size before collecting. The worker
// opens its own database connection (SQLite in WAL mode takes a second connection; PostgreSQL a pool of 3), renews
// the import lock the server took (by its token), writes progress and the result to the history row as an import on
// the server's thread would, and reports its progress back, so `importHooks.onProgress` (the /metrics gauge) sees
// it. The test hooks (`onCopied`, `beforeCommit`) set on the server's thread run there, asked by the worker.

/** The database as the worker opens it again: PostgreSQL's URL, or SQLite's file. */
export interface WorkerDatabase {
  databaseUrl?: string;
  sqlitePath?: string;
}

export interface WorkerJob {
  id: number;
  database: WorkerDatabase;
  request: Omit<ImportRequest, 'open' | 'lock' | 'onRejected'>;
  /** The stored upload, read as a stream by the worker. */
  file: string;
  lockToken?: string;
  /** The test hooks set on the server's thread, which the worker asks for. */
  hooks: Array<'onCopied' | 'beforeCommit'>;
  /** The nice value the worker's thread runs at (IMPORT_NICE, import-priority.ts). */
  nice: number;
}

export type FromWorker =
  | { type: 'progress'; progress: ImportProgress }
  | { type: 'hook'; hook: 'onCopied' | 'beforeCommit'; id: number; n: number }
  | { type: 'done'; outcome: ImportOutcome };

export type ToWorker = { n: number; error?: string };

/**
 * The least heap a worker is given. Below it V8 may not even deserialize the new isolate, and that failure ("GC during
 * deserialization") is a fatal OOM of the whole process, not the worker's ERR_WORKER_OUT_OF_MEMORY: a 2 MB limit
 * killed the server on Node 26 (and on 24 for a bare worker).
 */
export const MIN_WORKER_HEAP_MB = 8;

/**
 * The worker's old generation (IMPORT_WORKER_HEAP_MB): its live data is a few MB (the file's UPCs, a chunk of rows, the
 * difference's sample; 13–22 MB of old space in all, its code included, while a 4-million-row price file is read),
 * the rest is garbage V8 lets pile up to the limit before collecting it. 24 MB, not 64: a SQLite server's peak applying
 * a 4-million-row price file went from 274 to 257 MB. (An earlier run on PostgreSQL with 24 failed within 5 s; the
 * same upload read 4 million rows with 24 since, its old space never above 17 MB: docs/performance.md, "Catalogue
 * imports".)
 */
export const WORKER_HEAP_MB = 24;
/**
 * Its young generation: 4 MB, not 8. The young generation is allocated whole once the worker has run a while (8.4 MB
 * of new space throughout a large file's reading at 8), and a chunk of staged rows is a few hundred KB.
 */
export const WORKER_YOUNG_MB = 4;
export function heapLimitMb(): number {
  const n = Number(process.env.IMPORT_WORKER_HEAP_MB);
  return Number.isFinite(n) && n > 0 ? Math.max(MIN_WORKER_HEAP_MB, n) : WORKER_HEAP_MB;
}

/** Whether a second connection reaches the same database (an in-memory SQLite one does not). */
export function workerCanOpen(database: WorkerDatabase): boolean {
  return !!database.databaseUrl || (!!database.sqlitePath && database.sqlitePath !== ':memory:');
}

/**
 * The worker's entry: the compiled one beside the compiled server (`node scripts/build.mjs`, dist/server), or the
 * TypeScript source under tsx and vitest, loaded through tsx's loader registered inside the worker (a worker does not
 * take `--import tsx` from its execArgv for its entry).
 */
function workerEntry(): { script: URL | string; eval: boolean } {
  const here = import.meta.url;
  // Tests name the compiled worker when the build is current (server/testing/harness.ts).
  if (process.env.IMPORT_WORKER_ENTRY) return { script: pathToFileURL(process.env.IMPORT_WORKER_ENTRY), eval: false };
  if (!/\.ts$/.test(new URL(here).pathname)) return { script: new URL('./import-worker.mjs', here), eval: false };
  const entry = new URL('./import-worker.ts', here).href;
  return {
    script: `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`,
    eval: true,
  };
}

/** Runs an import on a worker thread; resolves with its outcome, also when the worker dies (then: failed). */
export function runImportInWorker(db: Kysely<Database>, job: WorkerJob): Promise<ImportOutcome> {
  const entry = workerEntry();
  const started = Date.now();
  const limit = heapLimitMb();
  const worker = new Worker(entry.script, {
    eval: entry.eval,
    workerData: job,
    env: { ...process.env, TSX_TSCONFIG_PATH: process.env.TSX_TSCONFIG_PATH ?? 'tsconfig.base.json' },
    resourceLimits: { maxOldGenerationSizeMb: limit, maxYoungGenerationSizeMb: WORKER_YOUNG_MB },
    stdout: false,
    stderr: false,
  });
  return new Promise<ImportOutcome>((resolve) => {
    let outcome: ImportOutcome | null = null;
    let failure: Error | null = null;
    worker.on('message', (m: FromWorker) => {
      if (m.type === 'progress') importHooks.onProgress?.(m.progress);
      else if (m.type === 'done') {
        outcome = m.outcome;
        void worker.terminate();
      } else if (m.type === 'hook') {
        const hook = importHooks[m.hook];
        void Promise.resolve(hook?.(m.id)).then(
          () => worker.postMessage({ n: m.n } satisfies ToWorker),
          (error: unknown) => worker.postMessage({ n: m.n, error: (error as Error).message ?? String(error) } satisfies ToWorker),
        );
      }
    });
    worker.on('error', (error) => (failure = error));
    worker.on('exit', () => {
      if (outcome) return resolve(outcome);
      const why = failure?.message ?? 'the import stopped';
      const code = (failure as NodeJS.ErrnoException | null)?.code;
      const message = `The import failed and changed nothing: ${code === 'ERR_WORKER_OUT_OF_MEMORY' ? `it ran out of its ${limit} MB heap (IMPORT_WORKER_HEAP_MB)` : why}`;
      void markFailed(db, job, message).finally(() =>
        resolve({
          id: job.id,
          status: 'failed',
          counts: { rows: 0, rejected: 0, new: 0, changed: 0, unchanged: 0, removed: 0 },
          rejected: [],
          sample: { new: [], changed: [], removed: [] },
          error: { code: 'import_failed', message },
          ms: Date.now() - started,
          phases: {},
        }),
      );
    });
  });
}

/** A worker that died (out of its heap, a crash) leaves its history row running: it failed, and changed nothing. */
async function markFailed(db: Kysely<Database>, job: WorkerJob, message: string): Promise<void> {
  const id = job.id;
  importHooks.onProgress?.({ id, kind: job.request.kind, phase: 'done', rows: 0, bytes: 0, bytesTotal: null });
  const now = Date.now();
  await db
    .updateTable('imports')
    .set({
      status: 'failed',
      phase: 'done',
      result: JSON.stringify({
        rejected: [],
        rejected_total: 0,
        sample: { new: [], changed: [], removed: [] },
        error: { code: 'import_failed', message },
      }),
      updated_at: now,
      finished_at: now,
    })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute()
    .catch(() => undefined);
}
