import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

// An import is background work beside the shoppers: the thread that reads, checks and stages a feed runs at a lower
// CPU priority (a higher nice value), so when the cores are short the kernel runs shoppers' requests first
// (docs/imports.md, "Imports and shoppers"). On Linux the nice value belongs to a thread, so a server lowers only its
// import worker's thread, never the thread answering requests.

/** The default nice value of an import's thread (IMPORT_NICE; 0 leaves it as the process's). */
export const IMPORT_NICE_DEFAULT = 10;

/** IMPORT_NICE: a nice value from 0 (the process's own priority) to 19 (the lowest); unset: IMPORT_NICE_DEFAULT. */
export function parseImportNice(value: string | undefined): number {
  if (value === undefined || value === '') return IMPORT_NICE_DEFAULT;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 19) throw new Error(`IMPORT_NICE must be a whole number from 0 to 19, got "${value}"`);
  return n;
}

/** The calling thread's id on Linux (/proc/thread-self is "<pid>/task/<tid>"), else null. */
export function threadId(): number | null {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(tid) && tid > 0 ? tid : null;
  } catch {
    return null;
  }
}

/**
 * Gives the calling thread the nice value `nice` (never a higher priority than it has). Answers the thread's nice
 * value afterwards, or null where a thread's priority cannot be set alone (not Linux: there it would lower the whole
 * process, the server's request thread with it, so nothing is changed).
 */
export function lowerThreadPriority(nice: number): number | null {
  const tid = threadId();
  if (tid === null) return null;
  if (nice > getPriority(tid)) setPriority(tid, nice);
  return getPriority(tid);
}
