import { removeDemoAccounts, seededDemoAccounts } from '../server/auth/demo-accounts';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/connection';
import { migrate } from '../server/db/migrate';

// `npm run accounts -- <command>`: account chores for the operator (docs/security.md).
//   list-demo    the accounts the seeder created as demo accounts (published passwords)
//   remove-demo  deletes them, with their sessions, carts, orders and lists (a production start refuses while
//                one keeps its published password)
const [command] = process.argv.slice(2);
const USAGE = 'Usage: npm run accounts -- list-demo | remove-demo';
if (command !== 'list-demo' && command !== 'remove-demo') {
  console.error(USAGE);
  process.exit(2);
}
const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
try {
  await migrate(db);
  if (command === 'list-demo') {
    const rows = await seededDemoAccounts(db.kysely);
    console.log(rows.length ? rows.map((r) => r.email).join('\n') : 'No demo accounts.');
  } else {
    const removed = await removeDemoAccounts(db.kysely);
    console.log(removed.length ? `Removed ${removed.length} demo account(s): ${removed.join(', ')}` : 'No demo accounts to remove.');
  }
} finally {
  await db.close();
}
