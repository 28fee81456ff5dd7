import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../core/http';
import { http } from '../core/http';

// What an admin screen shows from the server: GET `path` when the screen opens (again when the path changes),
// null until the first answer arrives; `reload` after the screen changed something. A failed call hands its
// message to `onError` (none: the failure is ignored) and keeps what was shown.

export function useAdminData<T>(path: string, onError?: (message: string) => void): [T | null, () => Promise<void>] {
  const [data, setData] = useState<T | null>(null);
  const report = useRef(onError);
  useEffect(() => {
    report.current = onError;
  });
  const reload = useCallback(
    () =>
      http<T>(path).then(setData, (e: unknown) => {
        report.current?.(errorMessage(e));
      }),
    [path],
  );
  useEffect(() => {
    void reload();
  }, [reload]);
  return [data, reload];
}
