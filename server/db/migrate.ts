import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './connection';
import { loadMigrations } from './migration-files';

class FolderProvider implements MigrationProvider {
  getMigrations(): Promise<Record<string, Migration>> {
    return loadMigrations();
  }
}

export async function migrate(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db: db.kysely, provider: new FolderProvider() });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
