import type { AnyDb } from '../migration-helpers';
import { msType, withAutoId } from '../migration-helpers';

// Feed imports (docs/imports.md):
// - `imports` is the history (who, when, which file, counts, result) and the progress of the one running;
// - `import_lock` is the one-import-at-a-time lock: a single row naming its holder (process, host) with a
//   heartbeat, so a lock left by a process that died is taken over instead of blocking imports for good;
// - promotions gain the feed's own key (`code`), so a promotions file updates the promotions it made.
export async function up(db: AnyDb): Promise<void> {
  const ms = msType(db);
  await withAutoId(db, db.schema.createTable('imports'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_key', 'text') // the uploaded file kept for its apply; null for the command line
    .addColumn('file_sha256', 'text') // the same file applied again (and nothing changed since) is known at once
    .addColumn('mode', 'text', (c) => c.notNull()) // dry-run | apply
    .addColumn('options', 'text', (c) => c.notNull().defaultTo('{}')) // JSON { complete, skip_invalid }
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull()) // running | dry-run | applied | rejected | failed | interrupted
    .addColumn('phase', 'text', (c) => c.notNull().defaultTo('reading')) // reading | checking | applying | done
    .addColumn('rows_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bytes_read', ms, (c) => c.notNull().defaultTo(0))
    .addColumn('bytes_total', ms)
    .addColumn('counts', 'text', (c) => c.notNull().defaultTo('{}')) // JSON ImportCounts
    .addColumn('result', 'text', (c) => c.notNull().defaultTo('{}')) // JSON: rejected rows (capped), difference sample, error
    .addColumn('pid', 'integer')
    .addColumn('host', 'text')
    .addColumn('started_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .addColumn('finished_at', ms)
    .execute();
  await db.schema.createIndex('imports_started').on('imports').column('started_at').execute();

  await db.schema
    .createTable('import_lock')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('import_id', 'integer')
    .addColumn('pid', 'integer')
    .addColumn('host', 'text')
    .addColumn('token', 'text') // the holder's own random token: only it renews or releases the lock
    .addColumn('heartbeat_at', ms, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.insertInto('import_lock').values({ id: 1, import_id: null, pid: null, host: null, token: null, heartbeat_at: 0 }).execute();

  await db.schema.alterTable('promotions').addColumn('code', 'text').execute();
  await db.schema.createIndex('promotions_code').on('promotions').column('code').unique().execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
