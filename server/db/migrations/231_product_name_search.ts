import { sql } from 'kysely';
import type { AnyDb } from '../migration-helpers';
import { isPostgres } from '../migration-helpers';

// The back office's product search by name or brand (docs/catalogue.md, "Lists"): a substring search must not read
// every name of a 40 000-product catalogue. SQLite keeps a trigram full-text index of products' names and brands
// (FTS5, external content: the products table itself), kept current by triggers on the two columns; PostgreSQL
// indexes both columns with pg_trgm (GIN), which ILIKE '%…%' uses. Where pg_trgm is not installed the list reads
// as before (the index is a speed-up, not a rule).
export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    const available = await sql<{ n: number }>`select count(*)::int as n from pg_available_extensions where name = 'pg_trgm'`.execute(db);
    if (available.rows[0].n === 0) return;
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index if not exists products_name_trgm on products using gin (name gin_trgm_ops)`.execute(db);
    await sql`create index if not exists products_brand_trgm on products using gin (brand gin_trgm_ops)`.execute(db);
    return;
  }
  await sql`create virtual table products_name_fts using fts5(name, brand, content='products', content_rowid='id', tokenize='trigram')`.execute(
    db,
  );
  await sql`insert into products_name_fts(products_name_fts) values ('rebuild')`.execute(db);
  await sql`create trigger products_name_fts_insert after insert on products begin
    insert into products_name_fts(rowid, name, brand) values (new.id, new.name, new.brand);
  end`.execute(db);
  await sql`create trigger products_name_fts_delete after delete on products begin
    insert into products_name_fts(products_name_fts, rowid, name, brand) values ('delete', old.id, old.name, old.brand);
  end`.execute(db);
  await sql`create trigger products_name_fts_update after update of name, brand on products begin
    insert into products_name_fts(products_name_fts, rowid, name, brand) values ('delete', old.id, old.name, old.brand);
    insert into products_name_fts(rowid, name, brand) values (new.id, new.name, new.brand);
  end`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
