import type { AnyDb } from '../migration-helpers';
import { msType, withAutoId } from '../migration-helpers';

// Editor and admin: a draft beside each document's published tree (visitors only ever read `tree`),
// uploaded files, the upload debug log, and usage events from the editor and admin screens.
export async function up(db: AnyDb): Promise<void> {
  const ms = msType(db);
  await db.schema.alterTable('documents').addColumn('draft_tree', 'text').execute();
  await db.schema.alterTable('documents').addColumn('draft_updated_at', ms).execute();
  await db.schema.alterTable('documents').addColumn('published_at', ms).execute();

  await withAutoId(db, db.schema.createTable('uploads'))
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();

  await withAutoId(db, db.schema.createTable('debug_log'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('context', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
