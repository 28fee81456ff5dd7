import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';

// Which server processes have a SQLite database open: each writes `<db>.server-<pid>` beside the file while it
// runs (removed at exit; a file whose process is gone, after a SIGKILL, does not count). `npm run restore`
// refuses while any is alive: replacing the file under a running server would lose what it writes next.

const markerPattern = (database: string) => new RegExp(`^${basename(database).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.server-(\\d+)$`);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Marks this process as running on the database until it exits. */
export function markRunning(database: string): void {
  const marker = `${database}.server-${process.pid}`;
  writeFileSync(marker, `${process.pid}\n`);
  process.once('exit', () => rmSync(marker, { force: true }));
}

/** The live server processes on the database. */
export function runningServers(database: string): number[] {
  const pattern = markerPattern(database);
  let names: string[];
  try {
    names = readdirSync(dirname(database) || '.');
  } catch {
    return [];
  }
  return names.map((name) => Number(pattern.exec(name)?.[1] ?? 0)).filter((pid) => pid > 0 && pid !== process.pid && alive(pid));
}
