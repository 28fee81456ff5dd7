import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './connection';

const here = dirname(fileURLToPath(import.meta.url));

/** Every file in migrations/, in name order; a new migration is a new numbered file, nothing else to edit. */
class FolderProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const dir = join(here, 'migrations');
    const files = readdirSync(dir)
      .filter((f) => /^\d+_.*\.ts$/.test(f) && !f.endsWith('.test.ts'))
      .sort();
    const out: Record<string, Migration> = {};
    for (const file of files) out[file.replace(/\.ts$/, '')] = (await import(pathToFileURL(join(dir, file)).href)) as Migration;
    return out;
  }
}

export async function migrate(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db: db.kysely, provider: new FolderProvider() });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
