import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/connection';
import { migrate } from '../server/db/migrate';
import { seed } from '../server/seed';

// `npm run seed`: migrate and (re)apply the fixtures; safe to run any number of times.
const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
await migrate(db);
// Production mode loads the catalogue and pages but no demo account (no known password).
await seed(db, { demoAccounts: config.mode !== 'production' });
await db.close();
console.log('Seed complete.');
