// How long each database query takes, for whoever watches (server/metrics.ts): the database layer imports nothing
// above it, so the watcher registers here.

export type QueryObserver = (durationMs: number, ok: boolean) => void;

let observer: QueryObserver | null = null;

export function observeQueries(fn: QueryObserver | null): void {
  observer = fn;
}

export function queryObserved(durationMs: number, ok: boolean): void {
  observer?.(durationMs, ok);
}

/** Per-statement detail for the request-timing log (server/plugins/request-timing.ts): off unless it registers. */
export interface StatementObserver {
  statement(durationMs: number, sql: string): void;
  /** Time a query waited for one of PostgreSQL's pooled connections. */
  poolWait(durationMs: number): void;
}

export let statementObserver: StatementObserver | null = null;

export function observeStatements(fn: StatementObserver | null): void {
  statementObserver = fn;
}
