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
