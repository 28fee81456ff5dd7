import { readdirSync, readFileSync } from 'node:fs';

// CPU time of other processes, read from Linux's /proc (clock ticks of USER_HZ, 100 a second): what a benchmark's
// server or database server spent, whatever else the shared machine ran meanwhile.

const HZ = 100;

function times(pid: number | string): { ppid: number; own: number; children: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command's closing parenthesis: ppid is the 2nd, utime/stime the 12th/13th, cutime/cstime next.
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { ppid: Number(f[1]), own: Number(f[11]) + Number(f[12]), children: Number(f[13]) + Number(f[14]) };
}

/** A process's own CPU seconds (user + system). */
export function processCpuSeconds(pid: number): number {
  return times(pid).own / HZ;
}

/**
 * A PostgreSQL cluster's CPU seconds: the postmaster's, the backends it has reaped (a closed connection's), and its
 * live children's (backends, checkpointer, WAL writer, autovacuum). Null when the cluster is not on this machine.
 */
export function clusterCpuSeconds(dataDirectory: string): number | null {
  let postmaster: number;
  try {
    postmaster = Number(readFileSync(`${dataDirectory}/postmaster.pid`, 'utf8').split('\n')[0]);
  } catch {
    return null;
  }
  const root = times(postmaster);
  let ticks = root.own + root.children;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const t = times(entry);
      if (t.ppid === postmaster) ticks += t.own;
    } catch {
      // ended meanwhile: the postmaster's children's times have it
    }
  }
  return ticks / HZ;
}
