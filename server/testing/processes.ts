import { readdirSync, readFileSync } from 'node:fs';

/** Whether a process is still running (Linux /proc). */
export const alive = (pid: number): boolean => readdirSync('/proc').includes(String(pid));

/** The processes whose parent is `pid` (Linux /proc). */
export function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return /^PPid:\s+(\d+)$/m.exec(readFileSync(`/proc/${d}/status`, 'utf8'))?.[1] === String(pid);
      } catch {
        return false;
      }
    })
    .map(Number);
}
