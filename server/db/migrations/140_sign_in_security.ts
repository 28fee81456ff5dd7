import type { AnyDb } from '../migration-helpers';
import { msType } from '../migration-helpers';

// Sign-in security: the addresses each account signed in from (they keep their own failure budget when
// someone else hammers the account), one-time links (administrator set-up and password reset, stored hashed),
// and an index to prune expired sessions cheaply.
export async function up(db: AnyDb): Promise<void> {
  const ms = msType(db);
  await db.schema
    .createTable('known_sign_in_addresses')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('last_seen', ms, (c) => c.notNull())
    .addPrimaryKeyConstraint('known_sign_in_addresses_pk', ['user_id', 'address'])
    .execute();
  await db.schema
    .createTable('one_time_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('expires_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
