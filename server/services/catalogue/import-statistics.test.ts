import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { IMPORTS_API } from '../../../core/api/admin';
import type { ImportDetail } from '../../../core/wire/imports';
import { signedInAs, useTestServer } from '../../testing/harness';
import { ANALYZE_ABOVE } from './import-apply';

// A large direct import on PostgreSQL gathers the table's statistics as it ends (import-apply.ts, ANALYZE_ABOVE):
// with the counts of the table before a first load of 40,000 products, the planner scanned and sorted the whole table
// for every batch the search index read, on the shoppers' cores, until autovacuum came by.

const server = useTestServer();

describe("a large import's statistics", () => {
  it('on PostgreSQL, are gathered as it is applied, not left to autovacuum', async ({ skip }) => {
    if (server.db.dialect !== 'postgres') return skip();
    const db = server.db.kysely;
    // Only the import may gather them here.
    await sql`ALTER TABLE products SET (autovacuum_enabled = false)`.execute(db);
    const admin = await signedInAs(server.url, 'admin');
    const upcs = Array.from({ length: ANALYZE_ABOVE + 200 }, (_, i) => String(772000000000 + i * 11));
    const res = await admin.raw(`${IMPORTS_API}?kind=products&mode=apply`, {
      method: 'POST',
      body: ['upc,name,department,price', ...upcs.map((u, i) => `${u},Counted Barley ${i},bakery,2.29`)].join('\n'),
      headers: { 'content-type': 'text/csv' },
    });
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as ImportDetail;
    let status = 'running';
    for (let i = 0; i < 2400 && status === 'running'; i++) {
      status = (await admin.get<ImportDetail>(`${IMPORTS_API}/${id}`)).body.status;
      if (status === 'running') await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(status).toBe('applied');
    // The answer says applied once the switch-in commits; the statistics follow at once, on the import's connection.
    let counted = 0;
    const rows = Number(
      (
        await db
          .selectFrom('products')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    for (let i = 0; i < 400 && counted !== rows; i++) {
      counted = Number((await sql<{ n: number }>`SELECT reltuples AS n FROM pg_class WHERE relname = 'products'`.execute(db)).rows[0].n);
      if (counted !== rows) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(counted).toBe(rows);
  });
});
