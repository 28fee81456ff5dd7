import type { ServerConfig } from './config';
import type { Db } from './db/connection';
import { issueLink, LINK_PATH } from './auth/one-time-links';
import { demoAccountList, demoAccountsPresent, isSeeded, seed, seedState } from './seed';

// What a start does with the database in each mode. Demo (`npm start`): seed on the first start and print the
// demo accounts. Production (SITE_MODE=production): never seed, never a known password; refuse to start on an
// unseeded database or one that still holds a demo account, and print a one-time set-up link while there is
// no administrator.

export class StartRefused extends Error {}

export async function prepareDatabase(db: Db, config: ServerConfig, log: (line: string) => void = console.info): Promise<void> {
  if (config.mode === 'demo') {
    if (!(await isSeeded(db))) {
      log('Seeding the database from fixtures/ …');
      await seed(db);
    }
    log(`Demo mode: demo accounts (local use only):\n  ${demoAccountList().join('\n  ')}`);
    return;
  }
  const seeded = await seedState(db);
  // A database seeded by an earlier release is not empty: it starts, and says how to take the new seed content.
  if (seeded === 'older') log('The seed content is newer than this database: `SITE_MODE=production npm run seed` adds it.');
  if (seeded === 'none')
    throw new StartRefused(
      'Production mode: the database holds no catalogue yet. Load it once with `SITE_MODE=production npm run seed` (no demo accounts), then start again.',
    );
  const demo = await demoAccountsPresent(db);
  if (demo.length)
    throw new StartRefused(
      `Production mode refuses to start: demo accounts with their published passwords exist (${demo.join(', ')}). Remove them with "npm run accounts -- remove-demo" (or change their passwords).`,
    );
  const admin = await db.kysely.selectFrom('users').select('id').where('roles', 'like', '%"administrator"%').executeTakeFirst();
  if (!admin) {
    const token = await issueLink(db.kysely, 'setup', null);
    const origin = config.siteUrl ?? `http://${config.host}:${config.port}`;
    log(`No administrator yet. Create one with this one-time link (valid 24 hours): ${origin}${LINK_PATH.setup}/${token}`);
  }
}
