// A temporary folder that belongs to this process (named `<prefix>-<pid>-XXXXXX`). Test and bench servers keep
// their database there and are often ended with SIGKILL (Playwright ends its web servers so), which runs no exit
// hook: so each start also removes the folders whose process is gone, and a developer's /tmp keeps at most the
// folders of the servers running now, not one database per run ever made.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** @param {number} pid */
function running(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
}

/**
 * Creates this process's folder for `prefix` after removing those of processes that ended, and removes it
 * when this process exits normally.
 * @param {string} prefix
 * @returns {string} the folder's path
 */
export function ownTempDir(prefix) {
  const root = tmpdir();
  const pattern = new RegExp(`^${prefix}-(\\d+)-[A-Za-z0-9]{6}$`);
  for (const name of readdirSync(root)) {
    const pid = Number(pattern.exec(name)?.[1] ?? 0);
    // Servers start side by side and sweep at once: a folder another start already removed is fine.
    if (pid && !running(pid)) rmSync(join(root, name), { recursive: true, force: true, maxRetries: 2 });
  }
  const dir = mkdtempSync(join(root, `${prefix}-${process.pid}-`));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
