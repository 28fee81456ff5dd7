import { useCallback, useRef, useState } from 'react';
import { errorMessage, fieldErrors } from '../../core/http';

// The one way a component tracks work it started (a save, an add to cart, a store choice): each task has a key
// (a product id, 'save'), runs at most once at a time, shows as busy while it runs, and leaves the message of
// its failure in `error` (cleared when the next task starts). Screens built on it: the shop, the editor panels.

export interface Tasks<K> {
  /** The keys of the tasks running now. */
  readonly running: ReadonlySet<K>;
  /** Whether task `key` runs (any task, without a key). */
  busy(key?: K): boolean;
  /** The last failure's message, null after a task started. */
  readonly error: string | null;
  setError(message: string | null): void;
  /**
   * Runs `fn` as task `key` unless that task already runs; true when it ran and succeeded. A failure's message
   * goes to `onFailure` when given (a screen that shows it elsewhere), else to `error`.
   */
  run(key: K, fn: () => Promise<void>, onFailure?: (message: string) => void): Promise<boolean>;
}

/** `describe` turns a failure into the message shown (default: the server's message; a form may prefer a field's). */
export function useTasks<K = 'task'>(describe: (error: unknown) => string = errorMessage): Tasks<K> {
  const [running, setRunning] = useState<ReadonlySet<K>>(() => new Set());
  const [error, setError] = useState<string | null>(null);
  // The state above is what renders; this is what `run` checks, so a second click before the re-render is refused.
  const now = useRef(new Set<K>());
  const run = useCallback(async (key: K, fn: () => Promise<void>, onFailure?: (message: string) => void): Promise<boolean> => {
    if (now.current.has(key)) return false;
    now.current.add(key);
    setRunning(new Set(now.current));
    setError(null);
    try {
      await fn();
      return true;
    } catch (e) {
      (onFailure ?? setError)(describe(e));
      return false;
    } finally {
      now.current.delete(key);
      setRunning(new Set(now.current));
    }
    // `describe` is fixed for the component's life (a module-level function at every call site).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const busy = useCallback((key?: K): boolean => (key === undefined ? running.size > 0 : running.has(key)), [running]);
  return { running, busy, error, setError, run };
}

/** A form's failure message: the server's message for `field` when it names that field, else its message. */
export const messageFor =
  (field: string) =>
  (error: unknown): string =>
    fieldErrors(error)[field] ?? errorMessage(error);
