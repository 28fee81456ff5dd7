import type { AnyDb } from '../migration-helpers';
import { msType, withAutoId } from '../migration-helpers';

// Editorial workflow: a version on each document (every save and publish bumps it, so a save based on an
// older version is refused), the revisions those saves made, and a schedule (publish at / unpublish at)
// applied when the document is read, so any number of servers agree without a job.
export async function up(db: AnyDb): Promise<void> {
  const ms = msType(db);
  await db.schema
    .alterTable('documents')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('documents').addColumn('scheduled_tree', 'text').execute();
  await db.schema.alterTable('documents').addColumn('publish_at', ms).execute();
  await db.schema.alterTable('documents').addColumn('unpublish_at', ms).execute();

  await withAutoId(db, db.schema.createTable('document_revisions'))
    .addColumn('document_id', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull()) // draft | autosave | publish | restore | schedule
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('tree', 'text', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull().defaultTo('[]')) // JSON element changes against the document before
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('document_revisions_by_document').on('document_revisions').columns(['document_id', 'id']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
