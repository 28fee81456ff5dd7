import { msType, withAutoId, type AnyDb } from '../migration-helpers';

// Roles and approval (docs/editor.md, "Roles and approval"): what each editorial role may edit and whether it
// publishes or submits for review; the review of each submission with its comments; the soft lock of a document
// an editor has open (its holder and last heartbeat).
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('role_policies')
    .addColumn('role', 'text', (c) => c.primaryKey())
    .addColumn('doc_types', 'text', (c) => c.notNull()) // JSON DocumentType[]
    .addColumn('publish', 'integer', (c) => c.notNull()) // 1 publishes, 0 submits for review
    .addColumn('updated_by', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', msType(db), (c) => c.notNull())
    .execute();

  await withAutoId(db, db.schema.createTable('document_reviews'))
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull()) // pending | changes_requested | approved
    .addColumn('submitted_by_id', 'integer')
    .addColumn('submitted_by', 'text', (c) => c.notNull())
    .addColumn('submitted_at', msType(db), (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('publish_at', msType(db))
    .addColumn('decided_by_id', 'integer')
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', msType(db))
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('document_reviews_document').on('document_reviews').columns(['document_id', 'id']).execute();
  await db.schema.createIndex('document_reviews_status').on('document_reviews').columns(['status', 'submitted_at']).execute();

  await db.schema
    .createTable('document_locks')
    .addColumn('document_id', 'integer', (c) => c.primaryKey().references('documents.id').onDelete('cascade'))
    .addColumn('token', 'text', (c) => c.notNull()) // the editor tab's own random token
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('since', msType(db), (c) => c.notNull())
    .addColumn('heartbeat_at', msType(db), (c) => c.notNull())
    .addColumn('previous_token', 'text') // the tab that was taken over, told at its next heartbeat or save
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
