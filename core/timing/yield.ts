// Long work cut into tasks of a few milliseconds: between two, the browser paints and answers input. A task
// over 50 ms is what a phone's visitor feels (and what total blocking time counts).

/** Resolves in a task of its own, ahead of timers where the browser can (scheduler.yield). */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Hands out time slices. `next()` answers undefined while the current task has run under `budgetMs` since its
 * first call: the caller goes on at once, with no await between the check and its work, so the check sees the
 * time the steps before it took. Once the budget is spent it answers a promise that resolves in a new task.
 * Work that asks before each step never holds the main thread much longer than the budget and one step;
 * steps that already come in tasks of their own (a chunk arriving) never wait.
 */
export class TimeSlicer {
  private sliceStart = -1;

  constructor(
    private readonly budgetMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  next(): Promise<void> | undefined {
    if (this.sliceStart < 0) this.startSlice();
    else if (this.now() - this.sliceStart >= this.budgetMs) return yieldToBrowser().then(() => this.startSlice());
    return undefined;
  }

  private startSlice(): void {
    this.sliceStart = this.now();
    // A timer runs in a task of its own, so when it fires the task this slice began in is over: the next
    // step starts a fresh slice.
    setTimeout(() => (this.sliceStart = -1), 0);
  }
}
