import type { AnyDb } from '../migration-helpers';
import { msType, withAutoId } from '../migration-helpers';

// Measured content, hardened (docs/security.md, "A/B measurements"): a view (impression) is issued by the server,
// one row per view, and clicks, closes and add-to-cart must name one; events older than 30 days are rolled up
// into daily counts; refused events are counted per day and reason so the A/B screen can show them.
export async function up(db: AnyDb): Promise<void> {
  const ms = msType(db);
  await db.schema
    .createTable('content_views')
    .addColumn('view_id', 'text', (c) => c.primaryKey())
    .addColumn('subject_type', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'integer', (c) => c.notNull())
    .addColumn('variant', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull()) // YYYY-MM-DD (UTC)
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('content_views_by_day').on('content_views').column('day').execute();

  await withAutoId(db, db.schema.createTable('content_event_days'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('subject_type', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'integer', (c) => c.notNull())
    .addColumn('variant', 'text', (c) => c.notNull())
    .addColumn('store_id', 'integer')
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('impression', 'integer', (c) => c.notNull())
    .addColumn('click', 'integer', (c) => c.notNull())
    .addColumn('close', 'integer', (c) => c.notNull())
    .addColumn('add_to_cart', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('content_event_days_by_day')
    .on('content_event_days')
    .columns(['day', 'subject_type', 'subject_id'])
    .execute();

  await db.schema
    .createTable('content_event_refusals')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('content_event_refusals_pk', ['day', 'reason'])
    .execute();
}
