import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { isMainThread } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/connection';
import type { Database } from '../../db/schema';
import { HEARTBEAT_MS } from './import-lock';
import { type KindSpec, KIND_SPECS } from './import-kinds';
import {
  type DiffSample,
  type Fingerprint,
  type ImportCounts,
  type ImportOutcome,
  type ImportRequest,
  importHooks,
  REJECTED_KEPT,
  type RejectedRow,
} from './import-model';
import { ImportFileError } from './import-source';
import type { Q } from './import-sql';

// One running import's state: its counts, rejected rows and difference sample, the time per phase, and its history
// row (`imports`), updated every second with its phase and the rows and bytes read, and once more with its result.

const PROGRESS_MS = 1000;

/**
 * CPU milliseconds spent so far by this import: the whole process's on the command line (its own process), this
 * thread's alone on a server's worker thread (where the process's would count the server's requests too), read from
 * Linux's /proc/thread-self (10 ms ticks); elsewhere the process's.
 */
function cpuMs(): number {
  if (!isMainThread)
    try {
      const stat = readFileSync('/proc/thread-self/stat', 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      // not Linux: the process's
    }
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

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

export class ImportRun {
  readonly started = Date.now();
  readonly spec: KindSpec;
  readonly counts: ImportCounts = { rows: 0, rejected: 0, new: 0, changed: 0, unchanged: 0, removed: 0 };
  readonly rejected: RejectedRow[] = [];
  readonly sample: DiffSample = { new: [], changed: [], removed: [] };
  readonly progress = { phase: 'reading', bytes: 0 };
  readonly phases: Record<string, number> = {};
  /** CPU time per phase, ms (cpuMs): on a shared machine, what each phase cost whatever else ran. */
  readonly phasesCpu: Record<string, number> = {};
  /** The staging table, this import's own. */
  readonly stage: string;
  /** Set by the history: the catalogue's state right after this import applied. */
  fingerprint: Fingerprint | null = null;
  sameAs: number | null = null;
  /** The updated_at the switch-in stamps on the rows it writes. */
  appliedAt: number;
  closeSource: () => Promise<void> = async () => undefined;
  private phaseStart = Date.now();
  private phaseCpuStart = cpuMs();
  private lockLost = false;
  private lastBeat = Date.now();
  private ticking: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;

  constructor(
    readonly db: Db,
    readonly req: ImportRequest,
    readonly id: number,
  ) {
    this.spec = KIND_SPECS[req.kind];
    this.stage = `import_stage_${id}`;
    this.appliedAt = this.started;
    this.timer = setInterval(() => {
      this.ticking = this.ticking.then(() => this.tick()).catch(() => undefined);
    }, PROGRESS_MS);
    this.timer.unref();
  }

  endPhase(name: string): void {
    this.phases[name] = Date.now() - this.phaseStart;
    this.phaseStart = Date.now();
    const cpu = cpuMs();
    this.phasesCpu[name] = Math.round(cpu - this.phaseCpuStart);
    this.phaseCpuStart = cpu;
  }

  reject(row: RejectedRow): void {
    this.counts.rejected++;
    if (this.rejected.length < REJECTED_KEPT) this.rejected.push(row);
    this.req.onRejected?.(row);
  }

  /** Stops the import when another process took its lock over (it was deemed dead). */
  checkLock(): void {
    if (this.lockLost) throw new Error('Another process took the import lock over: this import stopped.');
  }

  /** Progress to the history row and the hook; renews the lock's heartbeat. */
  async tick(): Promise<void> {
    const { id, req, counts, progress } = this;
    importHooks.onProgress?.({
      id,
      kind: req.kind,
      phase: progress.phase,
      rows: counts.rows,
      bytes: progress.bytes,
      bytesTotal: req.bytesTotal ?? null,
    });
    await this.db.kysely
      .updateTable('imports')
      .set({ phase: progress.phase, rows_read: counts.rows, bytes_read: progress.bytes, updated_at: Date.now() })
      .where('id', '=', id)
      .execute();
    if (req.lock && Date.now() - this.lastBeat >= HEARTBEAT_MS) {
      this.lastBeat = Date.now();
      if (!(await req.lock.renew())) this.lockLost = true;
    }
  }

  /** Writes the result to the history row (inside the switch-in's transaction when `write` is given). */
  async finish(status: ImportOutcome['status'], error?: ImportOutcome['error'], write?: Q): Promise<ImportOutcome> {
    const { id, req, counts, progress, rejected, sample, phases } = this;
    importHooks.onProgress?.({
      id,
      kind: req.kind,
      phase: 'done',
      rows: counts.rows,
      bytes: progress.bytes,
      bytesTotal: req.bytesTotal ?? null,
    });
    const outcome: ImportOutcome = {
      id,
      status,
      counts,
      rejected,
      sample,
      error,
      ms: Date.now() - this.started,
      phases,
      phasesCpu: this.phasesCpu,
    };
    await (write ?? this.db.kysely)
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
          phases_cpu: this.phasesCpu,
          fingerprint: this.fingerprint,
          same_as: this.sameAs,
        }),
        updated_at: Date.now(),
        finished_at: Date.now(),
      })
      .where('id', '=', id)
      .execute();
    return outcome;
  }

  /** The outcome of an import that threw: the file's fault (ImportFileError) or the database's. */
  async failed(error: unknown): Promise<ImportOutcome> {
    const e =
      error instanceof ImportFileError
        ? { code: error.code, message: error.message, column: error.column, line: error.line }
        : { code: 'import_failed', message: `The import failed and changed nothing: ${(error as Error).message}` };
    return this.finish('failed', e).catch(() => ({
      id: this.id,
      status: 'failed' as const,
      counts: this.counts,
      rejected: this.rejected,
      sample: this.sample,
      error: e,
      ms: Date.now() - this.started,
      phases: this.phases,
      phasesCpu: this.phasesCpu,
    }));
  }

  /** Stops the progress timer and closes the file. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.closeSource().catch(() => undefined);
    await this.ticking;
  }
}
