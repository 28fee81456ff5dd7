/** A temporary folder of this process's own; see own-temp-dir.mjs. */
export function ownTempDir(prefix: string): string;
