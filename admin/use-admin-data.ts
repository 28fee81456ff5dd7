import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage, http } from '../core/http';

// What an admin screen shows from the server: GET `path` when the screen opens (again when the path changes),
// null until that path's first answer arrives; `reload` after the screen changed something. A failed call hands
// its message to `onError` (none: the failure is ignored) and keeps what was shown for that path. Answers can
// arrive out of order (day 1's slow answer after day 2's): only the latest request's answer is taken, and data
// is shown only under the path it was asked for.

export function useAdminData<T>(path: string, onError?: (message: string) => void): [T | null, () => Promise<void>] {
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
