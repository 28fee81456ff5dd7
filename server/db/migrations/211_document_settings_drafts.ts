import type { AnyDb } from '../migration-helpers';

// Page and popup settings are part of the draft: saved settings and conditions wait in draft_* until publish,
// and every revision keeps the settings it was saved with, so they can be restored (docs/editor.md,
// "Settings are part of the draft").
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('documents').addColumn('draft_settings', 'text').execute();
  await db.schema.alterTable('documents').addColumn('draft_conditions', 'text').execute();
  await db.schema.alterTable('document_revisions').addColumn('settings', 'text').execute();
  await db.schema.alterTable('document_revisions').addColumn('conditions', 'text').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
