import type { AnyDb } from '../migration-helpers';

// A trashed document remembers the status it was trashed in, so Restore puts a published page back online
// instead of leaving it a draft (docs/editor.md, "Trash and restore").
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('documents').addColumn('trashed_status', 'text').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
