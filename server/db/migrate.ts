import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './connection';
import { loadMigrations } from './migration-files';

class FolderProvider implements MigrationProvider {
  getMigrations(): Promise<Record<string, Migration>> {
    return loadMigrations();
  }
}

/**
 * Runs every migration not yet applied. Areas own number ranges (CONTRIBUTING.md), so a migration of one area can
 * land after a higher-numbered one of another: a database that already ran 200 must still take a new 190, which
 * Kysely refuses unless unordered migrations are allowed. Each migration stands on its own, so order across areas
 * does not matter; within an area numbers still grow.
 */
export async function migrate(db: Db, provider: MigrationProvider = new FolderProvider()): Promise<string[]> {
  const migrator = new Migrator({ db: db.kysely, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
