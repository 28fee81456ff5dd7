// `npx tsx scripts/bench/search-engines.ts <sqlite file with the scale catalogue>`: the two search engines
// docs/search.md compares, on the same 40,000 products: the in-process index (its heap, its build, one
// update, queries) and SQLite FTS5 with the trigram tokenizer (its size on disk, queries). One-off measurement
// that chose the engine; `npm run bench scale` measures the one in use through the server.
import SQLite from 'better-sqlite3';
import { openDatabase } from '../../server/db/connection';
import { findProducts } from '../../server/services/product-search';

const QUERIES = ['organic yogurt', 'bananna', 'milk', 'toilet paper', 'choc', 'gluten free bread', 'spicy salsa', 'chiken breast'];
const file = process.argv[2] ?? 'data/scale.db';
const pct = (xs: number[], p: number) => xs.sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))].toFixed(2);
const time = async (f: () => unknown, n = 200) => {
  const xs: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await f();
    xs.push(performance.now() - t);
  }
  return `p50 ${pct(xs, 50)} ms, p99 ${pct(xs, 99)} ms`;
};

global.gc?.();
const heap0 = process.memoryUsage().heapUsed;
const db = await openDatabase({ sqlitePath: file });
let t = performance.now();
await findProducts(db.kysely, 'grocery', 'milk', 10);
console.log(`in-process: build ${(performance.now() - t).toFixed(0)} ms`);
global.gc?.();
console.log(`in-process: heap +${((process.memoryUsage().heapUsed - heap0) / 1e6).toFixed(1)} MB (index and its database connection)`);
for (const q of QUERIES) console.log(`in-process "${q}": ${await time(() => findProducts(db.kysely, 'grocery', q))}`);

const raw = new SQLite(file);
raw.exec('drop table if exists fts_probe');
t = performance.now();
raw.exec(`create virtual table fts_probe using fts5(name, brand, department, tokenize = 'trigram')`);
raw.exec(
  `insert into fts_probe(rowid, name, brand, department) select p.id, p.name, p.brand, d.title from products p join departments d on d.id = p.department_id`,
);
console.log(`FTS5 trigram: build ${(performance.now() - t).toFixed(0)} ms`);
const size = raw.prepare(`select sum(pgsize) as n from dbstat where name like 'fts_probe%'`).get() as { n: number } | undefined;
console.log(`FTS5 trigram: ${((size?.n ?? 0) / 1e6).toFixed(1)} MB on disk`);
const stmt = raw.prepare(`select rowid from fts_probe where fts_probe match ? order by bm25(fts_probe, 3, 1, 1) limit 500`);
for (const q of QUERIES) {
  const match = q
    .split(/\s+/)
    .map((w) => `"${w.replace(/"/g, '')}"`)
    .join(' AND ');
  const n = (stmt.all(match) as unknown[]).length;
  console.log(`FTS5 "${q}" (${n} found): ${await time(() => stmt.all(match))}`);
}
raw.exec('drop table fts_probe');
raw.close();
await db.close();
