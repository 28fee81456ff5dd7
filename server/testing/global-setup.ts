import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/connection';
import { migrate } from '../db/migrate';
import { seed } from '../seed';

// Migrates and seeds one template SQLite database; each test file starts from a copy of it.
export default async function setup({ provide }: { provide: (key: string, value: string) => void }): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'hl-template-'));
  const path = join(dir, 'template.db');
  const db = await openDatabase({ sqlitePath: path });
  await migrate(db);
  await seed(db);
  await db.close();
  provide('templateDb', path);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    templateDb: string;
  }
}
