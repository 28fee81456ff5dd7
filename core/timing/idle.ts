// Work that is not needed for the first view runs when the browser is idle, or after `timeoutMs` at the
// latest (requestIdleCallback's own timeout; a plain timer where the browser has no idle callbacks).

export interface IdleHandle {
  cancel(): void;
}

export function whenIdle(fn: () => void, timeoutMs: number): IdleHandle {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => fn(), { timeout: timeoutMs });
    return { cancel: () => cancelIdleCallback(id) };
  }
  const id = setTimeout(fn, Math.min(timeoutMs, 1));
  return { cancel: () => clearTimeout(id) };
}
