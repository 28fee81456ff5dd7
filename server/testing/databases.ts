import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { openDatabase, type Db } from '../db/connection';
import type { Client as PgClient } from 'pg';

// Test databases: SQLite files copied from a seeded template, or, when DATABASE_URL points at PostgreSQL,
// databases created from a seeded template database. Either way each test file gets its own database.

export const isPostgresUrl = (url: string | undefined): url is string => !!url && /^postgres(ql)?:\/\//.test(url);

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(url: string, fn: (client: PgClient) => Promise<T>): Promise<T> {
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates an empty database for the template; returns where it is. */
export async function createTemplate(): Promise<{ location: string; open: () => Promise<Db>; dispose: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (isPostgresUrl(url)) {
    const name = `hl_template_${randomBytes(4).toString('hex')}`;
    await admin(url, (c) => c.query(`CREATE DATABASE ${name}`));
    const location = withDatabase(url, name);
    return {
      location,
      open: () => openDatabase({ databaseUrl: location }),
      dispose: () => admin(url, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'hl-template-'));
  const location = join(dir, 'template.db');
  return {
    location,
    open: () => openDatabase({ sqlitePath: location }),
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A fresh copy of the template for one test server. */
export async function cloneTemplate(
  template: string,
): Promise<{ db: Db; sqlitePath?: string; databaseUrl?: string; dispose: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (isPostgresUrl(url)) {
    const name = `hl_test_${randomBytes(6).toString('hex')}`;
    const templateName = new URL(template).pathname.slice(1);
    // CREATE DATABASE … TEMPLATE fails while another clone is being made from it: retry briefly.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin(url, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${templateName}`));
        break;
      } catch (error) {
        if (attempt > 40) throw error;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
    const databaseUrl = withDatabase(url, name);
    const db = await openDatabase({ databaseUrl });
    return {
      db,
      databaseUrl,
      dispose: async () => admin(url, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'hl-test-'));
  const sqlitePath = join(dir, 'site.db');
  copyFileSync(template, sqlitePath);
  const db = await openDatabase({ sqlitePath });
  return { db, sqlitePath, dispose: async () => rmSync(dir, { recursive: true, force: true }) };
}
