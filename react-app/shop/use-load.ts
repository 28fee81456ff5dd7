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
  // `for`: the key the state was asked for. Until the effect asks for a new key, the data is another key's: it is
  // loading from that very render (a view changed by the address never shows the last view's data, not even for a
  // frame; docs/shop.md, "Deep links").
  const [state, setState] = useState<{ data: T | null; error: string | null; loading: boolean; for: string | null }>(() =>
    initial && initial.key === key
      ? { data: initial.data, error: null, loading: false, for: key }
      : { data: null, error: null, loading: key !== null, for: key },
  );
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (key === null) return;
    if (preloaded.current === key && tick === 0) return; // rendered by the server: nothing to fetch
    preloaded.current = null;
    let live = true;
    // Loading starts with the request the key asks for; a render-time flag could not be cancelled.
    setState((s) => ({ ...s, loading: true, error: null, for: key }));
    load().then(
      (data) => live && setState({ data, error: null, loading: false, for: key }),
      (e: unknown) => live && setState((s) => ({ ...s, error: errorMessage(e), loading: false })),
    );
    return () => {
      live = false;
    };
    // `load` is a new closure on every render: the request is identified by `key` (and `tick` for reload).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  const set = useCallback((data: T) => setState((s) => ({ data, error: null, loading: false, for: s.for })), []);
  const { data, error, loading } = state;
  return { data, error, loading: loading || (key !== null && state.for !== key), reload, set };
}
