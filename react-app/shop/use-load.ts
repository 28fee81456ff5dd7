import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from './client';

export interface Loaded<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  reload: () => void;
  set: (data: T) => void;
}

/**
 * Runs a fetch when its key changes; a later answer never overwrites a newer request's. `initial` is what the
 * server rendered for a key (island props): the first render shows it, as the server did, and is not fetched.
 */
export function useLoad<T>(key: string | null, load: () => Promise<T>, initial?: { key: string; data: T } | null): Loaded<T> {
  const preloaded = useRef(initial && initial.key === key ? key : null);
  const [state, setState] = useState<{ data: T | null; error: string | null; loading: boolean }>(() =>
    initial && initial.key === key
      ? { data: initial.data, error: null, loading: false }
      : { data: null, error: null, loading: key !== null },
  );
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (key === null) return;
    if (preloaded.current === key && tick === 0) return; // rendered by the server: nothing to fetch
    preloaded.current = null;
    let live = true;
    // Loading starts with the request the key asks for; a render-time flag could not be cancelled.
    setState((s) => ({ ...s, loading: true, error: null }));
    load().then(
      (data) => live && setState({ data, error: null, loading: false }),
      (e: unknown) => live && setState((s) => ({ ...s, error: errorMessage(e), loading: false })),
    );
    return () => {
      live = false;
    };
    // `load` is a new closure on every render: the request is identified by `key` (and `tick` for reload).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  const set = useCallback((data: T) => setState({ data, error: null, loading: false }), []);
  return { ...state, reload, set };
}
