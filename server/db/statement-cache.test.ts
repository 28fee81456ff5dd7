import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { StatementCache, statementBytes } from './statement-cache';
import { sqliteOptions } from './connection';

// The SQLite connection's prepared statements are bounded by their estimated native size, not by count.

const db = new Database(':memory:', sqliteOptions());
db.exec('create table t (id integer primary key, name text)');
const inList = (n: number) => `select id, name from t where id in (${Array.from({ length: n }, () => '?').join(', ')})`;

describe('the statement cache', () => {
  it('prepares a statement once and hands the same one back', () => {
    let prepared = 0;
    const cache = new StatementCache((text) => (prepared++, db.prepare(text)));
    const a = cache.get('select id from t');
    expect(cache.get('select id from t')).toBe(a);
    expect(prepared).toBe(1);
    expect(a.all()).toEqual([]);
  });

  it('stays within its byte budget however many different id lists a day of searches sends', () => {
    const budget = 200 * 1024;
    const cache = new StatementCache((text) => db.prepare(text), budget);
    for (let n = 1; n <= 500; n++) cache.get(inList(n));
    expect(cache.bytes).toBeLessThanOrEqual(budget);
    // The long lists are the big ones: few of them fit.
    expect(cache.size).toBeLessThan(20);
    expect(cache.bytes).toBeGreaterThan(budget - statementBytes(inList(500)));
  });

  it('drops the least recently used first', () => {
    const texts = ['select 1', 'select 2', 'select 3'];
    const budget = statementBytes('select 1') * 2;
    let prepared = 0;
    const cache = new StatementCache((text) => (prepared++, db.prepare(text)), budget);
    cache.get(texts[0]);
    cache.get(texts[1]);
    cache.get(texts[0]); // used again: now the most recent
    cache.get(texts[2]); // over budget: "select 2" goes
    expect(cache.size).toBe(2);
    prepared = 0;
    cache.get(texts[0]);
    expect(prepared).toBe(0);
    cache.get(texts[1]);
    expect(prepared).toBe(1);
  });

  it('keeps a statement larger than the whole budget while it is the one in use', () => {
    const cache = new StatementCache((text) => db.prepare(text), 1024);
    const big = cache.get(inList(300));
    expect(big.all(...Array.from({ length: 300 }, (_, i) => i))).toEqual([]);
    expect(cache.size).toBe(1);
  });
});
