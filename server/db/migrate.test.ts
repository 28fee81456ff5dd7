import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openDatabase, type Db } from './connection';
import { migrate } from './migrate';
import { loadMigrations } from './migration-files';

let db: Db | undefined;
let dir: string | undefined;
afterEach(async () => {
  await db?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it('applies a migration that lands after a higher-numbered one already ran (areas own number ranges)', async () => {
  dir = mkdtempSync(join(tmpdir(), 'hl-migrate-'));
  db = await openDatabase({ sqlitePath: join(dir, 'site.db') });
  const all = await loadMigrations();
  const names = Object.keys(all).sort();
  // A database migrated before one area's migration landed: every migration but one in the middle.
  const late = names.find((n) => n.startsWith('190_')) ?? names[Math.floor(names.length / 2)];
  const { [late]: _held, ...earlier } = all;
  await migrate(db, { getMigrations: async () => earlier });
  const applied = await migrate(db, { getMigrations: async () => all });
  expect(applied).toEqual([late]);
});
