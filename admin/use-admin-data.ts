import { useCallback, useEffect, useRef, useState } from 'react';
import { urlOf } from '../core/api/client';
import type { AnyEndpoint, Answer, PathParams, QueryOf } from '../core/api/endpoint';
import { errorMessage, http } from '../core/http';

// What an admin screen shows from the server: GET the endpoint (core/api/) when the screen opens (again when its
// address changes), null until that address's first answer arrives; `reload` after the screen changed something.
// A failed call hands its message to `onError` (none: the failure is ignored) and keeps what was shown for that
// address. Answers can arrive out of order (day 1's slow answer after day 2's): only the latest request's answer is
// taken, and data is shown only under the address it was asked for.

export interface AdminDataOptions<E extends AnyEndpoint> {
  params?: PathParams<E['path']>;
  query?: QueryOf<E> | string;
}

export function useAdminData<E extends AnyEndpoint>(
  endpoint: E,
  onError?: (message: string) => void,
  options?: AdminDataOptions<E>,
): [Answer<E> | null, () => Promise<void>];
export function useAdminData<T>(
  target: AnyEndpoint,
  onError?: (message: string) => void,
  options?: { params?: Record<string, string | number>; query?: unknown },
): [T | null, () => Promise<void>] {
  const path = urlOf(target, options?.params, options?.query);
  const [shown, setShown] = useState<{ path: string; data: T } | null>(null);
  const report = useRef(onError);
  const latest = useRef(0);
  useEffect(() => {
    report.current = onError;
  });
  const reload = useCallback(() => {
    const request = ++latest.current;
    return http<T>(path).then(
      (data) => {
        if (request === latest.current) setShown({ path, data });
      },
      (e: unknown) => {
        if (request === latest.current) report.current?.(errorMessage(e));
      },
    );
  }, [path]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return [shown?.path === path ? shown.data : null, reload];
}
