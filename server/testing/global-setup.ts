import { spawnSync } from 'node:child_process';
import { buildIsCurrent } from '../../scripts/build-stamp.mjs';
import { migrate } from '../db/migrate';
import { seed } from '../seed';
import { createTemplate } from './databases';
import { TEST_PASSWORD_COST } from './password-cost';

// Migrates and seeds one template database (SQLite file, or a PostgreSQL database when DATABASE_URL is
// set); each test file starts from a copy of it.
export default async function setup({ provide }: { provide: (key: string, value: string) => void }): Promise<() => Promise<void>> {
  // The site stylesheet as the sources are now: pages served in tests link the current build (in `npm test` the
  // build step has just written it).
  if (!buildIsCurrent() && spawnSync(process.execPath, ['scripts/build-styles.mjs'], { stdio: 'inherit' }).status !== 0)
    throw new Error('building the styles failed');
  const template = await createTemplate();
  const db = await template.open();
  await migrate(db);
  // The seeded accounts sign in hundreds of times a run: a fixture's scrypt cost (password-cost.ts).
  await seed(db, { passwordCost: TEST_PASSWORD_COST });
  await db.close();
  provide('templateDb', template.location);
  return () => template.dispose();
}

declare module 'vitest' {
  export interface ProvidedContext {
    templateDb: string;
  }
}
