import { describe, expect, it, vi } from 'vitest';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import Database from 'better-sqlite3';
import type { Database as Schema } from '../db/schema';
import { selectionKey, shelfSelections } from './shelf-selections';
import type { ProductQuery } from './products';
import { sqliteOptions } from '../db/connection';

const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: new Database(':memory:', sqliteOptions()) }) });
const query: ProductQuery = { storeId: 1001, catalog: 'grocery', department: 102, sort: 'name', page: 1, perPage: 24, userId: null };

describe('shelf selections', () => {
  it('keeps a selection for its catalogue version only, with no age limit on either database', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // Never connects: the adapter alone used to decide (PostgreSQL had a 30 s limit).
      const pg = new Kysely<Schema>({ dialect: new PostgresDialect({ pool: async () => Promise.reject(new Error('no database')) }) });
      for (const s of [shelfSelections(pg), shelfSelections(db)]) {
        const key = selectionKey(query, '2026-11-27');
        vi.setSystemTime(1_000);
        s.set('7', key, { ids: [5000, 5001], total: 2 });
        vi.setSystemTime(3_600_000);
        expect(s.get('7', key)).toMatchObject({ ids: [5000, 5001], total: 2 });
        expect(s.get('8', key)).toBeUndefined();
        // A newer version drops every older selection at once.
        s.set('8', selectionKey({ ...query, page: 2 }, '2026-11-27'), { ids: [], total: 2 });
        expect(s.get('7', key)).toBeUndefined();
        expect(s.size).toBe(1);
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts a list once however many requests ask for it meanwhile; a failed count is not kept', async () => {
    const s = shelfSelections(new Kysely<Schema>({ dialect: new SqliteDialect({ database: new Database(':memory:', sqliteOptions()) }) }));
    const key = selectionKey({ ...query, department: 105 }, '2026-11-28');
    let counts = 0;
    let finish: (selection: { ids: number[]; total: number }) => void = () => undefined;
    const count = () => {
      counts++;
      return new Promise<{ ids: number[]; total: number }>((resolve) => (finish = resolve));
    };
    const asked = [1, 2, 3].map(() => s.kept('7', key, count));
    expect(counts).toBe(1);
    finish({ ids: [1, 2, 3], total: 3 });
    expect(await Promise.all(asked)).toEqual([1, 2, 3].map(() => ({ ids: [1, 2, 3], total: 3 })));
    expect(await s.kept('7', key, count)).toEqual({ ids: [1, 2, 3], total: 3 });
    expect(counts).toBe(1);

    // A failed count: every request waiting for it answers the error, and the next one counts again.
    const other = selectionKey({ ...query, department: 106 }, '2026-11-28');
    const failing = [1, 2].map(() => s.kept('7', other, () => Promise.reject(new Error('connection lost'))));
    for (const f of failing) await expect(f).rejects.toThrow('connection lost');
    expect(await s.kept('7', other, async () => ({ ids: [4], total: 1 }))).toEqual({ ids: [4], total: 1 });

    // A count under the old version ending after the newer version's lists were kept does not drop them.
    let late: (selection: { ids: number[]; total: number }) => void = () => undefined;
    const old = s.kept('7', selectionKey({ ...query, department: 107 }, '2026-11-28'), () => new Promise((resolve) => (late = resolve)));
    await s.kept('8', key, async () => ({ ids: [9], total: 1 }));
    late({ ids: [1], total: 1 });
    expect(await old).toEqual({ ids: [1], total: 1 });
    expect(s.get('8', key)?.ids).toEqual([9]);
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
    for (let page = 1; page <= 2001; page++) s.set('1', selectionKey({ ...query, page }, 'd'), { ids: [page], total: 1 });
    expect(s.size).toBe(2000);
    expect(s.get('1', selectionKey({ ...query, page: 1 }, 'd'))).toBeUndefined();
    expect(s.get('1', selectionKey({ ...query, page: 2001 }, 'd'))).toMatchObject({ ids: [2001] });
  });
});
