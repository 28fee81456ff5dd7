import { sql } from 'kysely';
import type { AnyDb } from '../migration-helpers';

// How an account was created: 1 = by the seeder as a demo account (published password). A production start
// refuses while such an account keeps its password; a sign-up can never set it (docs/security.md). Accounts
// of existing databases with the demo addresses were created by the seeder (sign-ups of those addresses were
// possible but are what this closes), so they are marked; an operator removes them with
// `npm run accounts -- remove-demo`.
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('seeded_demo', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .updateTable('users')
    .set({ seeded_demo: 1 })
    .where((eb) =>
      eb.or([
        eb(sql`lower(email)`, 'like', '%@harvestlane.test'),
        eb(sql`lower(email)`, 'in', ['casey@example.test', 'jordan@example.test']),
      ]),
    )
    .execute();
}
