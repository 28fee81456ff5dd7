import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { observeStatements } from '../../db/observe';
import { startTestServer, type TestServer, visitorAt } from '../../testing/harness';

// A shop list is answered in few statements: at 100 req/s on two cores each round trip to PostgreSQL is a chance
// to wait for a core, and the lists' p99 was made of such waits (docs/performance.md, Scale). A kept list reads the
// page-cache version, then its products with their shelf rows and the circulars' sales for them, at once; the
// store's row is kept per version.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  observeStatements(null);
  await server.close();
});

/** The statements one request ran (requests here run one at a time). */
async function statementsOf(path: string): Promise<string[]> {
  const c = await visitorAt(server.url);
  const seen: string[] = [];
  observeStatements({ statement: (_ms, text) => seen.push(text), poolWait: () => undefined });
  try {
    const r = await c.json<{ items: unknown[] }>(path);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.items.length).toBeGreaterThan(0);
  } finally {
    observeStatements(null);
  }
  return seen;
}

describe('round trips of a shop list', () => {
  it('a kept aisle, attribute list or price order: three statements, no store read', async () => {
    for (const path of [
      '/api/shop/v1/products?store_id=1001&department=10200',
      '/api/shop/v1/products?store_id=1002&attributes=organic,vegan',
      '/api/shop/v1/products?store_id=1001&department=102&sort=price_asc',
    ]) {
      await statementsOf(path); // the first answer counts the list and reads the store
      const kept = await statementsOf(path);
      expect(kept, kept.join('\n')).toHaveLength(3);
      expect(
        kept.some((s) => /from "stores"/.test(s)),
        kept.join('\n'),
      ).toBe(false);
    }
  });

  it("a store's edit is read on the next list (stores move the page-cache version)", async () => {
    const path = '/api/shop/v1/products?store_id=1001&department=10200';
    await statementsOf(path);
    expect((await statementsOf(path)).some((s) => /from "stores"/.test(s))).toBe(false);
    await sql`UPDATE stores SET phone = phone WHERE id = 1001`.execute(server.db.kysely);
    expect((await statementsOf(path)).some((s) => /from "stores"/.test(s))).toBe(true);
  });
});
