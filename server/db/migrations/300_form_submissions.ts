import { msType, withAutoId, type AnyDb } from '../migration-helpers';

// Form widget submissions (docs/widgets.md, "Form"): what visitors sent through a Form widget, for the admin inbox.
// The values are JSON text ([{name, label, value}], the labels as the form had them when it was sent).
export async function up(db: AnyDb): Promise<void> {
  await withAutoId(db, db.schema.createTable('form_submissions'))
    .addColumn('document_id', 'integer', (c) => c.notNull())
    .addColumn('element_id', 'text', (c) => c.notNull())
    .addColumn('form_name', 'text', (c) => c.notNull())
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('page_path', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('emailed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', msType(db), (c) => c.notNull())
    .execute();
  await db.schema.createIndex('form_submissions_created').on('form_submissions').column('created_at').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
