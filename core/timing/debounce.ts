// Debounce: `fn` runs once, `ms` after the last call (resize handling). The one copy for handlers, the
// header and the runtime; `cancel` drops a pending run (on disconnect or stop).

export interface Debounced {
  (): void;
  cancel(): void;
}

export function debounce(fn: () => void, ms: number): Debounced {
  let id: ReturnType<typeof setTimeout> | undefined;
  const run = (() => {
    clearTimeout(id);
    id = setTimeout(fn, ms);
  }) as Debounced;
  run.cancel = () => clearTimeout(id);
  return run;
}
