import type { AnyDb } from '../migration-helpers';
import { msType } from '../migration-helpers';

// Content blocks get a time window (shown from starts_at, until ends_at; null = open) and a title for the
// content screen. The window is applied when blocks are read, so every server agrees without a job.
export async function up(db: AnyDb): Promise<void> {
  const ms = msType(db);
  await db.schema.alterTable('content_blocks').addColumn('starts_at', ms).execute();
  await db.schema.alterTable('content_blocks').addColumn('ends_at', ms).execute();
  await db.schema
    .alterTable('content_blocks')
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
