import { appendFileSync, createReadStream } from 'node:fs';
import { getHeapSpaceStatistics } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { sql } from 'kysely';
import { openDatabase } from '../../db/connection';
import { runImport } from './import';
import { heldImportLock } from './import-lock';
import { importHooks } from './import-model';
import { lowerThreadPriority } from './import-priority';
import type { FromWorker, ToWorker, WorkerJob } from './import-thread';

// The worker thread a server applies an uploaded feed on (import-thread.ts): its own database connection, the same
// runImport as the command line's, its progress and the test hooks relayed to the server's thread.

const job = workerData as WorkerJob;
// Shoppers' requests first: this thread reads and stages the file at a lower CPU priority (import-priority.ts).
lowerThreadPriority(job.nice);
// 2 MB each, not 8: a server applying a 4-million-row price file peaked 17 MB lower with this and the worker's heap
// at 24 MB (import-thread.ts), for about a fifth more of the import's CPU (docs/performance.md, "Catalogue imports").
const WORKER_CACHE_KB = 2048;
const port = parentPort!;
const post = (m: FromWorker) => port.postMessage(m);

let asked = 0;
const waiting = new Map<number, { resolve(): void; reject(error: Error): void }>();
port.on('message', (m: ToWorker) => {
  const w = waiting.get(m.n);
  waiting.delete(m.n);
  if (m.error !== undefined) w?.reject(new Error(m.error));
  else w?.resolve();
});
const ask = (hook: 'onCopied' | 'beforeCommit', id: number) =>
  new Promise<void>((resolve, reject) => {
    const n = ++asked;
    waiting.set(n, { resolve, reject });
    post({ type: 'hook', hook, id, n });
  });

// IMPORT_WORKER_MEMORY_LOG=path (diagnostics, off by default): the worker's own heap by space every 0.5 s and its
// progress, one JSON line each, to tell its share of the server's memory from the main thread's (docs/imports.md).
const memoryLog = process.env.IMPORT_WORKER_MEMORY_LOG;
const MB = 1024 * 1024;
const round = (n: number) => Math.round((n / MB) * 10) / 10;
if (memoryLog)
  setInterval(() => {
    const m = process.memoryUsage();
    const spaces = Object.fromEntries(getHeapSpaceStatistics().map((s) => [s.space_name, round(s.space_size)]));
    const line = {
      t: Date.now(),
      processRss: round(m.rss),
      heapTotal: round(m.heapTotal),
      heapUsed: round(m.heapUsed),
      external: round(m.external),
      spaces,
    };
    appendFileSync(memoryLog, `${JSON.stringify(line)}\n`);
  }, 500).unref();
importHooks.onProgress = (progress) => {
  if (memoryLog) appendFileSync(memoryLog, `${JSON.stringify({ t: Date.now(), phase: progress.phase, rows: progress.rows })}\n`);
  post({ type: 'progress', progress });
};
importHooks.onCopied = job.hooks.includes('onCopied') ? (id) => ask('onCopied', id) : null;
importHooks.beforeCommit = job.hooks.includes('beforeCommit') ? (id) => ask('beforeCommit', id) : null;

// A pool of 3 on PostgreSQL: the import's own connection (its staging table), progress and the lock's heartbeat.
const db = await openDatabase({ ...job.database, poolMax: 3 });
// SQLite keeps a page cache per schema of a connection (16 MB each by default): this second connection's, for the
// shelf and for the staging table, counts in the server's memory while it applies (docs/imports.md); the pages it
// drops stay in the operating system's file cache, which is not the server's.
if (db.dialect === 'sqlite')
  for (const schema of ['main', 'temp']) await sql.raw(`PRAGMA ${schema}.cache_size = -${WORKER_CACHE_KB}`).execute(db.kysely);
let outcome;
try {
  outcome = await runImport(
    db,
    {
      ...job.request,
      lock: job.lockToken ? heldImportLock(db.kysely, job.lockToken) : undefined,
      open: () => createReadStream(job.file, { highWaterMark: 256 * 1024 }),
    },
    job.id,
  );
} finally {
  await db.close();
}
post({ type: 'done', outcome });
