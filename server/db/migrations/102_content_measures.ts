import type { AnyDb } from '../migration-helpers';
import { msType, withAutoId } from '../migration-helpers';

// Measured content: one row per (view, subject, event), so a view counts once however often the browser
// retries or sends in parallel; and A/B variants (variant B of a popup or a content block).
export async function up(db: AnyDb): Promise<void> {
  const ms = msType(db);
  await withAutoId(db, db.schema.createTable('content_events'))
    .addColumn('view_id', 'text', (c) => c.notNull())
    .addColumn('subject_type', 'text', (c) => c.notNull()) // popup | block
    .addColumn('subject_id', 'integer', (c) => c.notNull())
    .addColumn('variant', 'text', (c) => c.notNull()) // A | B
    .addColumn('event', 'text', (c) => c.notNull()) // impression | click | close | add_to_cart
    .addColumn('store_id', 'integer')
    .addColumn('audience', 'text', (c) => c.notNull()) // anonymous | customer
    .addColumn('day', 'text', (c) => c.notNull()) // YYYY-MM-DD (UTC)
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('content_events_once')
    .on('content_events')
    .columns(['view_id', 'subject_type', 'subject_id', 'event'])
    .unique()
    .execute();
  await db.schema.createIndex('content_events_by_day').on('content_events').columns(['day', 'subject_type', 'subject_id']).execute();

  await withAutoId(db, db.schema.createTable('content_variants'))
    .addColumn('subject_type', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'integer', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull()) // JSON: {html} for a block, {tree} for a popup
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('content_variants_one').on('content_variants').columns(['subject_type', 'subject_id']).unique().execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
