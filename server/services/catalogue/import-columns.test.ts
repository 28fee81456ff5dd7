import { describe, expect, it } from 'vitest';
import { IMPORTS_API } from '../../../core/api/admin';
import type { ImportDetail } from '../../../core/wire/imports';
import { type Client, signedInAs, useTestServer } from '../../testing/harness';

// A column the file does not have is left as it is (docs/imports.md, "Columns"): also what the catalogue derives
// from it, such as the attribute index the shop's filters read (product_attributes).

const server = useTestServer();
const db = () => server.db.kysely;

async function run(c: Client, kind: string, body: string): Promise<ImportDetail> {
  const res = await c.raw(`${IMPORTS_API}?kind=${kind}&mode=apply`, { method: 'POST', body, headers: { 'content-type': 'text/csv' } });
  expect(res.status).toBe(202);
  const { id } = (await res.json()) as ImportDetail;
  for (let i = 0; i < 4800; i++) {
    const r = await c.get<ImportDetail>(`${IMPORTS_API}/${id}`);
    if (r.body.status !== 'running' && (await c.get<{ running: number | null }>(IMPORTS_API)).body.running === null) return r.body;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`import ${id} did not finish`);
}

describe('a products file without an attributes column', () => {
  it('keeps the products’ attributes and the attribute index the shop filters by', async () => {
    const admin = await signedInAs(server.url, 'admin');
    const upcs = Array.from({ length: 3 }, (_, i) => String(663000000000 + (Date.now() % 100000) * 10 + i));
    const first = await run(
      admin,
      'products',
      ['upc,name,department,price,attributes', ...upcs.map((u, i) => `${u},Rye Crisp ${i},bakery,3.49,organic; vegan`)].join('\n'),
    );
    expect(first.status).toBe('applied');
    const index = () =>
      db()
        .selectFrom('product_attributes')
        .innerJoin('products', 'products.id', 'product_attributes.product_id')
        .select(['products.upc', 'product_attributes.attribute'])
        .where('products.upc', 'in', upcs)
        .orderBy('products.upc')
        .orderBy('product_attributes.attribute')
        .execute();
    const before = await index();
    expect(before).toHaveLength(6);

    // A price change from a system that does not send attributes.
    const second = await run(
      admin,
      'products',
      ['upc,name,department,price', ...upcs.map((u, i) => `${u},Rye Crisp ${i},bakery,3.99`)].join('\n'),
    );
    expect(second.status).toBe('applied');
    expect(second.counts).toMatchObject({ changed: 3 });
    expect(await index()).toEqual(before);
    const rows = await db().selectFrom('products').select(['attributes', 'price_cents']).where('upc', 'in', upcs).execute();
    expect(rows).toEqual(upcs.map(() => ({ attributes: '["organic","vegan"]', price_cents: 399 })));
  });
});
