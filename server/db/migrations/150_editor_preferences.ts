import type { AnyDb } from '../migration-helpers';

// Editors' own preferences for the editor (for now whether the lightbox works inside it), one row
// per user, kept apart from the users table so account changes and preferences never overwrite each other.
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('editor_preferences')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('lightbox_enabled_in_editor', 'text', (c) => c.notNull().defaultTo('yes'))
    .execute();
}
