import { pathToFileURL } from 'node:url';

/**
 * A worker thread's entry (`name`, a module beside the caller `here`): the compiled one beside the compiled server
 * (`node scripts/build.mjs`, dist/server/<name>.mjs), the file `envName` names (tests name the compiled worker when
 * the build is current: server/testing/harness.ts), or the TypeScript source under tsx and vitest, loaded through
 * tsx's loader registered inside the worker (a worker does not take `--import tsx` from its execArgv for its entry).
 */
export function workerEntry(here: string, name: string, envName: string): { script: URL | string; eval: boolean } {
  const named = process.env[envName];
  if (named) return { script: pathToFileURL(named), eval: false };
  if (!/\.ts$/.test(new URL(here).pathname)) return { script: new URL(`./${name}.mjs`, here), eval: false };
  const entry = new URL(`./${name}.ts`, here).href;
  return {
    script: `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`,
    eval: true,
  };
}

/** The environment a worker thread starts with (tsx reads the project's compiler options from it). */
export const workerEnv = (): NodeJS.ProcessEnv => ({
  ...process.env,
  TSX_TSCONFIG_PATH: process.env.TSX_TSCONFIG_PATH ?? 'tsconfig.base.json',
});
