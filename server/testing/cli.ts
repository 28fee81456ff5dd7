import { existsSync } from 'node:fs';
import { currentCompiledServer } from '../../scripts/build-stamp.mjs';

/** The project's command lines that tests run as a process (`npm run backup`, `npm run import`, `npm run accounts`). */
export type Cli = 'backup' | 'import' | 'accounts';

/**
 * The arguments for `node` that run command line `name`: the compiled one beside the compiled server
 * (scripts/build-server.mjs) when the build is current, as it is in `npm test` after the build step, as server
 * processes are; otherwise the sources through tsx (with TSX_TSCONFIG_PATH in the environment). Compiled, a run cost
 * about 0.1 CPU-s instead of 0.9 (tsx loading and compiling the sources; docs/testing.md).
 */
export function cliArgs(name: Cli): string[] {
  const compiled = `dist/server/cli-${name}.mjs`;
  return currentCompiledServer() && existsSync(compiled) ? [compiled] : ['--import', 'tsx', `scripts/${name}.ts`];
}
