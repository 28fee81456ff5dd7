import type { AnyDb } from '../migration-helpers';
import { msType } from '../migration-helpers';

// Failed sign-in counters, in the database so every server process enforces the same limit.
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('login_attempts')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', msType(db), (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();
}
