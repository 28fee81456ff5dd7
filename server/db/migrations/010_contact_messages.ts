import type { AnyDb } from '../migration-helpers';
import { msType, withAutoId } from '../migration-helpers';

// Contact form messages (store layer).
export async function up(db: AnyDb): Promise<void> {
  await withAutoId(db, db.schema.createTable('contact_messages'))
    .addColumn('store_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', msType(db), (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contact_messages_store').on('contact_messages').columns(['store_id', 'created_at']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
