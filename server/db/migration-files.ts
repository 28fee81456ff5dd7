import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Migration } from 'kysely';

// Every file in migrations/, in name order: a new migration is a new numbered file, nothing else to edit.
// Run from source (tsx, tests) the folder is read; the production build (scripts/build-server.mjs) replaces
// this module with static imports of the same files, so the compiled server needs no source folder.
export const MIGRATION_FILE = /^\d+_.*\.ts$/;

export async function loadMigrations(): Promise<Record<string, Migration>> {
  const dir = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
  const files = readdirSync(dir)
    .filter((f) => MIGRATION_FILE.test(f) && !f.endsWith('.test.ts'))
    .sort();
  const out: Record<string, Migration> = {};
  for (const file of files) out[file.replace(/\.ts$/, '')] = (await import(pathToFileURL(join(dir, file)).href)) as Migration;
  return out;
}
