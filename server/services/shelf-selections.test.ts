import { describe, expect, it } from 'vitest';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import Database from 'better-sqlite3';
import type { Database as Schema } from '../db/schema';
import { selectionKey, shelfSelections } from './shelf-selections';
import type { ProductQuery } from './products';
import { sqliteOptions } from '../db/connection';

const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: new Database(':memory:', sqliteOptions()) }) });
const query: ProductQuery = { storeId: 1001, catalog: 'grocery', department: 102, sort: 'name', page: 1, perPage: 24, userId: null };

describe('shelf selections', () => {
  it('keeps a selection for its catalogue version only, on PostgreSQL for at most 30 s', () => {
    // Never connects: the adapter alone decides.
    const pg = new Kysely<Schema>({ dialect: new PostgresDialect({ pool: async () => Promise.reject(new Error('no database')) }) });
    const onPg = shelfSelections(pg);
    const key = selectionKey(query, '2026-11-27');
    onPg.set('7', key, { ids: [5000, 5001], total: 2 }, 1_000);
    expect(onPg.get('7', key, 31_000)).toMatchObject({ ids: [5000, 5001], total: 2 });
    expect(onPg.get('7', key, 31_001)).toBeUndefined();
    // On SQLite the version moves in the writer's own transaction: no age limit, so a list's count is not
    // computed again every 30 s while nothing changed.
    const s = shelfSelections(db);
    s.set('7', key, { ids: [5000, 5001], total: 2 }, 1_000);
    expect(s.get('7', key, 2_000)).toMatchObject({ ids: [5000, 5001], total: 2 });
    expect(s.get('8', key, 2_000)).toBeUndefined();
    expect(s.get('7', key, 3_600_000)).toMatchObject({ ids: [5000, 5001], total: 2 });
    // A newer version drops every older selection at once.
    s.set('8', selectionKey({ ...query, page: 2 }, '2026-11-27'), { ids: [], total: 2 }, 2_000);
    expect(s.get('7', key, 2_000)).toBeUndefined();
    expect(s.size).toBe(1);
  });

  it('on PostgreSQL, past its age, answers from the kept selection while one recount runs for every request', async () => {
    const pg = new Kysely<Schema>({ dialect: new PostgresDialect({ pool: async () => Promise.reject(new Error('no database')) }) });
    const s = shelfSelections(pg);
    const key = selectionKey({ ...query, department: 105 }, '2026-11-28');
    s.set('7', key, { ids: [1, 2], total: 2 }, 1_000);
    expect(s.peek('7', key, 31_000)).toEqual({ selection: expect.objectContaining({ ids: [1, 2] }), stale: false });
    // Three requests past the age: each is answered from the kept selection, and the count runs once.
    let counts = 0;
    let finish: (selection: { ids: number[]; total: number }) => void = () => undefined;
    const count = () => {
      counts++;
      return new Promise<{ ids: number[]; total: number }>((resolve) => (finish = resolve));
    };
    const refreshes = [1, 2, 3].map(() => {
      const kept = s.peek('7', key, 31_001);
      expect(kept).toEqual({ selection: expect.objectContaining({ ids: [1, 2], total: 2 }), stale: true });
      return s.refresh('7', key, count);
    });
    expect(counts).toBe(1);
    finish({ ids: [1, 2, 3], total: 3 });
    await Promise.all(refreshes);
    expect(s.peek('7', key)).toEqual({ selection: expect.objectContaining({ ids: [1, 2, 3], total: 3 }), stale: false });

    // A recount that fails leaves the kept selection; one that ends after the catalogue changed is not kept.
    await s.refresh('7', key, () => Promise.reject(new Error('connection lost')));
    expect(s.peek('7', key)?.selection.total).toBe(3);
    let late: (selection: { ids: number[]; total: number }) => void = () => undefined;
    const stale = s.refresh('7', key, () => new Promise((resolve) => (late = resolve)));
    s.set('8', key, { ids: [9], total: 1 });
    late({ ids: [1], total: 1 });
    await stale;
    expect(s.peek('8', key)?.selection.ids).toEqual([9]);
  });

  it('tells apart everything that changes which products show, and not the shopper', () => {
    const day = '2026-11-27';
    const base = selectionKey(query, day);
    for (const other of [
      { ...query, storeId: 1002 },
      { ...query, page: 2 },
      { ...query, sort: 'price_asc' as const },
      { ...query, attributes: ['organic' as const] },
      { ...query, available: true },
      { ...query, onSale: true },
      { ...query, minPrice: 100 },
      { ...query, ids: [1, 2] },
    ])
      expect(selectionKey(other, day)).not.toBe(base);
    expect(selectionKey(query, '2026-11-28')).not.toBe(base);
    expect(selectionKey({ ...query, ids: [1, 2] }, day)).not.toBe(selectionKey({ ...query, ids: [2, 1] }, day));
    expect(selectionKey({ ...query, userId: 42 } as ProductQuery, day)).toBe(base);
    expect(selectionKey({ ...query, attributes: ['vegan', 'organic'] }, day)).toBe(
      selectionKey({ ...query, attributes: ['organic', 'vegan'] }, day),
    );
  });

  it('holds at most 2,000 selections, dropping the oldest', () => {
    const s = shelfSelections(new Kysely<Schema>({ dialect: new SqliteDialect({ database: new Database(':memory:', sqliteOptions()) }) }));
    for (let page = 1; page <= 2001; page++) s.set('1', selectionKey({ ...query, page }, 'd'), { ids: [page], total: 1 }, 0);
    expect(s.size).toBe(2000);
    expect(s.get('1', selectionKey({ ...query, page: 1 }, 'd'), 0)).toBeUndefined();
    expect(s.get('1', selectionKey({ ...query, page: 2001 }, 'd'), 0)).toMatchObject({ ids: [2001] });
  });
});
