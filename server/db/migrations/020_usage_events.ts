import type { AnyDb } from '../migration-helpers';
import { msType, withAutoId } from '../migration-helpers';

// Usage events sent by the runtime's events manager (docs/api.md), detail fields already whitelisted.
export async function up(db: AnyDb): Promise<void> {
  await withAutoId(db, db.schema.createTable('usage_events'))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('page', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_id', 'integer')
    .addColumn('created_at', msType(db), (c) => c.notNull())
    .execute();
  await db.schema.createIndex('usage_events_event_idx').on('usage_events').columns(['event', 'created_at']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('usage_events').execute();
}
