import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPostgresUrl } from '../../testing/databases';
import { openDatabase, type Db } from '../../db/connection';
import { migrate } from '../../db/migrate';
import { seed } from '../../seed';
import { addScaleCatalogue } from '../../testing/scale-catalogue';
import { startTestServer, type TestServer } from '../../testing/harness';
import { TEST_PASSWORD_COST } from '../../testing/password-cost';

// Every statement the shop's API tests run is answered from indexes: this file runs those tests with
// SQL_LOG_FILE (server/db/connection.ts), then EXPLAINs each distinct statement that reads products or
// store_products, and fails on a full scan of either. On SQLite the plans are taken on the 40,000 products ×
// 100 stores catalogue (server/testing/scale-catalogue.ts, analysed); on PostgreSQL on the seed with
// enable_seqscan off, where a sequential scan is left only when no index can answer. Slow (it runs the shop's
// API suite and builds 4 million shelf rows): minutes, not seconds.

/** Statements that read the whole catalogue on purpose carry this comment (the search index's one build). */
const WHOLE_CATALOGUE = /\/\* whole catalogue: /;
const TOUCHES = /\b(store_products|products)\b/i;

interface Logged {
  sql: string;
  parameters: unknown[];
}

/** The plan's full scans of products or store_products, if any. */
export function fullScans(dialect: 'sqlite' | 'postgres', plan: string[]): string[] {
  const pattern =
    dialect === 'sqlite'
      ? // SQLite: "SCAN products" (the table) or "SCAN products USING [COVERING] INDEX …" (all of an index).
        /^SCAN (store_products|products)\b/
      : /Seq Scan on (store_products|products)\b/;
  return plan.filter((line) => pattern.test(line.trim().replace(/^[-|` ]+/, '')));
}

let dir: string;
const statements: Logged[] = [];
let db: Db;
let server: TestServer | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hl-plans-'));
  const log = join(dir, 'sql.jsonl');
  // The shop's API tests, this one excepted, in a vitest of their own that logs every statement.
  const files = readdirSync('server/routes/shop')
    .filter((f) => f.endsWith('.test.ts') && f !== 'query-plans.test.ts')
    .map((f) => join('server/routes/shop', f));
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--project', 'api', ...files], {
      // This worker's own ids would mark the child's setup as a test file's work.
      env: { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST'))), SQL_LOG_FILE: log },
      stdio: ['ignore', openSync(join(dir, 'suite.log'), 'w'), 'inherit'],
    });
    child.on('exit', resolve);
  });
  // A failing shop test is reported by its own run; the statements it ran before failing are still planned here.
  if (code !== 0) console.warn(`the shop's API tests exited with ${code} while their SQL was captured (${join(dir, 'suite.log')})`);
  const seen = new Set<string>();
  for (const line of existsSync(log) ? readFileSync(log, 'utf8').split('\n') : []) {
    if (!line) continue;
    const s = JSON.parse(line) as Logged & { worker?: string };
    // Test files only: the suite's global setup (migrations, seeding the template) is not the shop at work.
    if (!s.worker) continue;
    if (!TOUCHES.test(s.sql) || !/^\s*(select|update|delete|with)\b/i.test(s.sql) || seen.has(s.sql)) continue;
    seen.add(s.sql);
    statements.push(s);
  }
  if (isPostgresUrl(process.env.DATABASE_URL)) {
    server = await startTestServer();
    db = server.db;
  } else {
    db = await openDatabase({ sqlitePath: join(dir, 'scale.db') });
    await migrate(db);
    await seed(db, { passwordCost: TEST_PASSWORD_COST });
    await addScaleCatalogue(db, {
      products: Number(process.env.PLANS_PRODUCTS ?? 40_000),
      stores: Number(process.env.PLANS_STORES ?? 100),
    });
  }
}, 900_000);

afterAll(async () => {
  if (server) await server.close();
  else await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('query plans of the shop', () => {
  it('captured the shop’s statements (lists, search, product, cart, order, prices)', () => {
    expect(statements.length).toBeGreaterThan(30);
    for (const part of ['store_products', 'product_attributes', '"updated_at" >'])
      expect(
        statements.some((s) => s.sql.includes(part)),
        part,
      ).toBe(true);
  });

  it('no statement scans products or store_products', async () => {
    if (db.dialect === 'postgres') await sql`set enable_seqscan = off`.execute(db.kysely);
    const offenders: string[] = [];
    for (const s of statements) {
      if (WHOLE_CATALOGUE.test(s.sql)) continue;
      const plan = await explainBound(db, s);
      const scans = fullScans(db.dialect, plan);
      if (scans.length) offenders.push(`${s.sql}\n    ${scans.join('\n    ')}`);
    }
    expect(offenders).toEqual([]);
  });

  it('probe: an unindexed query is caught', async () => {
    const probe = {
      sql:
        db.dialect === 'sqlite'
          ? 'select id from products where description like ? and catalog = ?'
          : 'select id from products where description like $1',
      parameters: db.dialect === 'sqlite' ? ['%crunchy%', 'grocery'] : ['%crunchy%'],
    };
    const shelf = {
      sql:
        db.dialect === 'sqlite'
          ? 'select product_id from store_products where available = ?'
          : 'select product_id from store_products where available = $1',
      parameters: [0],
    };
    if (db.dialect === 'postgres') await sql`set enable_seqscan = off`.execute(db.kysely);
    // products_catalog_name leads with catalog: SQLite may search it for catalog = ?, so the probe without it.
    const bare = { sql: probe.sql.replace(/ and catalog = \?/, ''), parameters: probe.parameters.slice(0, 1) };
    expect(fullScans(db.dialect, await explainBound(db, bare)).length).toBeGreaterThan(0);
    expect(fullScans(db.dialect, await explainBound(db, shelf)).length).toBeGreaterThan(0);
  });
});

/** EXPLAIN with the statement's own parameters bound (the plan can depend on them). */
async function explainBound(db: Db, s: Logged): Promise<string[]> {
  const k = db.kysely;
  const prefix = db.dialect === 'sqlite' ? 'explain query plan ' : 'explain ';
  const result = await k.executeQuery<Record<string, unknown>>(CompiledQuery.raw(`${prefix}${s.sql}`, s.parameters));
  return result.rows.map((r) => String(db.dialect === 'sqlite' ? r.detail : r['QUERY PLAN']));
}
