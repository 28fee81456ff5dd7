import { sql } from 'kysely';
import { isPostgres, msType, withAutoId, type AnyDb } from '../migration-helpers';

// Redirects (docs/seo.md): old address → new address, answered with a 301 when nothing else serves the old one.
// A slug change anywhere (a page, recipe, store, circular or product, whoever writes it: the editor, the back
// office, an import) records one through a trigger, so no writer can forget it. The trigger keeps the table free
// of chains: redirects that pointed at the old address now point at the new one, and a redirect from the new
// address (the slug came back) is dropped, so it never loops.
const SLUGGED: Array<{ table: string; prefix: string; when?: string }> = [
  { table: 'documents', prefix: '/', when: "NEW.type = 'page'" },
  { table: 'recipes', prefix: '/recipes/' },
  { table: 'stores', prefix: '/stores/' },
  { table: 'circulars', prefix: '/circulars/' },
  { table: 'products', prefix: '/products/' },
];

export async function up(db: AnyDb): Promise<void> {
  await withAutoId(db, db.schema.createTable('redirects'))
    .addColumn('from_path', 'text', (c) => c.notNull().unique())
    .addColumn('to_path', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(301))
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('manual')) // slug | manual | import
    .addColumn('created_at', msType(db), (c) => c.notNull())
    .execute();
  await db.schema.createIndex('redirects_to').on('redirects').column('to_path').execute();

  if (isPostgres(db)) {
    await sql`CREATE FUNCTION seo_slug_redirect() RETURNS trigger AS $$
      DECLARE old_path text := TG_ARGV[0] || OLD.slug; new_path text := TG_ARGV[0] || NEW.slug;
      BEGIN
        UPDATE redirects SET to_path = new_path WHERE to_path = old_path;
        DELETE FROM redirects WHERE from_path = new_path OR from_path = old_path;
        INSERT INTO redirects (from_path, to_path, status, source, created_at)
          VALUES (old_path, new_path, 301, 'slug', (extract(epoch from clock_timestamp()) * 1000)::bigint);
        RETURN NULL;
      END $$ LANGUAGE plpgsql`.execute(db);
    for (const { table, prefix, when } of SLUGGED)
      await sql`CREATE TRIGGER ${sql.raw(`seo_slug_${table}`)} AFTER UPDATE OF slug ON ${sql.table(table)} FOR EACH ROW
        WHEN (NEW.slug IS DISTINCT FROM OLD.slug${sql.raw(when ? ` AND ${when}` : '')})
        EXECUTE FUNCTION seo_slug_redirect(${sql.lit(prefix)})`.execute(db);
    await sql`CREATE TRIGGER page_cache_redirects AFTER INSERT OR UPDATE OR DELETE ON redirects FOR EACH STATEMENT EXECUTE FUNCTION page_cache_bump()`.execute(
      db,
    );
    return;
  }
  for (const { table, prefix, when } of SLUGGED) {
    const p = prefix.replace(/'/g, "''");
    await sql
      .raw(
        `CREATE TRIGGER seo_slug_${table} AFTER UPDATE OF slug ON ${table}
         WHEN NEW.slug IS NOT OLD.slug${when ? ` AND ${when}` : ''}
         BEGIN
           UPDATE redirects SET to_path = '${p}' || NEW.slug WHERE to_path = '${p}' || OLD.slug;
           DELETE FROM redirects WHERE from_path IN ('${p}' || NEW.slug, '${p}' || OLD.slug);
           INSERT INTO redirects (from_path, to_path, status, source, created_at)
             VALUES ('${p}' || OLD.slug, '${p}' || NEW.slug, 301, 'slug', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
         END`,
      )
      .execute(db);
  }
  for (const event of ['INSERT', 'UPDATE', 'DELETE'])
    await sql
      .raw(
        `CREATE TRIGGER page_cache_redirects_${event.toLowerCase()} AFTER ${event} ON redirects BEGIN UPDATE page_cache_version SET version = version + 1 WHERE id = 1; END`,
      )
      .execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
