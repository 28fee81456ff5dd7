import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A function of constant identity that calls the latest `fn` given: a memoised child (the editor's top bar, its
 * status line) keeps its props equal across renders while its handlers still see the current state.
 */
export function useEvent<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
