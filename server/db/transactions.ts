import { Kysely, type TransactionBuilder } from 'kysely';
import { ApiError } from '../errors';

// Every `db.transaction().execute(…)` of the server runs here (the Kysely that openDatabase makes is a
// RetryingKysely). Under concurrent writes PostgreSQL may abort a transaction with serialization_failure (40001)
// or deadlock_detected (40P01): nothing was written, and the same work run again normally succeeds. So the whole
// transaction is run again, a few times, after a short random pause (two transactions that collided would collide
// again if both retried at once); if it still collides the caller gets 503 with Retry-After, not 500
// (docs/security.md, "Concurrent writes"). The callback must therefore do nothing outside the database that it
// cannot do twice.

/**
 * The "run it again" errors: PostgreSQL's, and SQLite's refusal to let a read snapshot write after another
 * connection (the import's) committed — rare since transactions begin IMMEDIATE (sqlite-dialect.ts), possible for a
 * single statement.
 */
const CONFLICT_CODES = new Set(['40001', '40P01', 'SQLITE_BUSY_SNAPSHOT']);

/** SQLite waited its whole busy timeout for the write lock: nothing was written; 503 rather than waiting again. */
export function isDatabaseBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY') && !CONFLICT_CODES.has(code);
}

export const CONFLICT_RETRY = {
  /** Runs in all, the first included. */
  attempts: 4,
  /** The pause before retry n is random in [0, baseMs × 2^n). */
  baseMs: 20,
  /** Retry-After (seconds) of the 503 when every run collided. */
  retryAfterSeconds: 1,
};

export function isTransactionConflict(error: unknown): boolean {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' && CONFLICT_CODES.has(code);
}

/** The answer when the database kept aborting the work as a conflict: 503, try again in a moment. */
export const conflictUnavailable = (): ApiError =>
  new ApiError(
    503,
    'rest_write_conflict',
    'Many changes are being saved at once and yours could not be saved. Please try again in a moment.',
    undefined,
    { 'Retry-After': String(CONFLICT_RETRY.retryAfterSeconds) },
  );

let retries = 0;
/** Transactions run again after a conflict since the process started (metrics). */
export const conflictRetries = (): number => retries;

const pause = (attempt: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.random() * CONFLICT_RETRY.baseMs * 2 ** attempt));

/** Runs `work` (one whole transaction) again while PostgreSQL aborts it as a conflict, then answers 503. */
export async function retryingConflicts<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (isDatabaseBusy(error)) throw conflictUnavailable();
      if (!isTransactionConflict(error)) throw error;
      if (attempt >= CONFLICT_RETRY.attempts) throw conflictUnavailable();
      retries++;
      await pause(attempt);
    }
  }
}

function retrying<DB>(builder: TransactionBuilder<DB>): TransactionBuilder<DB> {
  const wrapped = Object.create(builder) as TransactionBuilder<DB>;
  wrapped.execute = (callback) => retryingConflicts(() => builder.execute(callback));
  wrapped.setIsolationLevel = (level) => retrying(builder.setIsolationLevel(level));
  wrapped.setAccessMode = (mode) => retrying(builder.setAccessMode(mode));
  return wrapped;
}

/** Kysely whose transactions are run again on a conflict (above). */
export class RetryingKysely<DB> extends Kysely<DB> {
  override transaction(): TransactionBuilder<DB> {
    return retrying(super.transaction());
  }
}
