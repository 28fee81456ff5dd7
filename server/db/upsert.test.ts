import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db } from './connection';
import { cloneTemplate } from '../testing/databases';
import { upsertRows } from './upsert';

// The seed's upsert on a copy of the seeded database (SQLite here, PostgreSQL in the second pass).

let db: Db;
let dispose: () => Promise<void>;
beforeAll(async () => {
  const clone = await cloneTemplate(inject('templateDb'));
  db = clone.db;
  dispose = async () => {
    await clone.db.close();
    await clone.dispose();
  };
});
afterAll(async () => dispose());

const terms = (ids: number[]) => db.kysely.selectFrom('terms').selectAll().where('id', 'in', ids).orderBy('id').execute();

describe('upsertRows', () => {
  it('inserts new keys and overwrites every other column of existing ones, chunk by chunk', async () => {
    const rows = [1, 2, 901, 902, 903].map((id) => ({ id, taxonomy: 'diet', slug: `s-${id}`, name: `Name ${id}` }));
    await upsertRows(db.kysely, 'terms', rows, ['id'], 2);
    expect(await terms([1, 2, 901, 902, 903])).toEqual(rows);
  });

  it('matches on a key of several columns and leaves the columns a row does not name', async () => {
    const shelf = () =>
      db.kysely.selectFrom('store_products').selectAll().where('store_id', '=', 1001).where('product_id', '=', 5000).execute();
    const [before] = await shelf();
    const row = { store_id: 1001, product_id: 5000, price_cents: 12345, available: 0, sale_start: undefined };
    await upsertRows(db.kysely, 'store_products', [row], ['store_id', 'product_id']);
    expect(await shelf()).toEqual([{ ...before, price_cents: 12345, available: 0 }]);
  });

  it('writes nothing for no rows', async () => {
    await expect(upsertRows(db.kysely, 'terms', [])).resolves.toBeUndefined();
  });
});
