import { type Kysely, sql } from 'kysely';
import type { ListPage, Seo } from '../../../core/wire/catalogue-admin';
import { csvSafeCell } from '../../../core/wire/catalogue-admin';
import { canonicalProblem, isSitePath } from '../../../core/seo/rules';
import { bumpPageCacheVersion } from '../../db/page-cache-version';
import { isPostgres } from '../../db/migration-helpers';
import type { Database } from '../../db/schema';
import { errors } from '../../errors';
import type { Actor } from './audit';

// What every back-office change shares: the editing user, one transaction per change (its audit entry and the
// page-cache bump inside it), new ids, field errors, paging and CSV (docs/catalogue.md).

export type { Actor };
export type Tx = Kysely<Database>;

/** A 400 naming one field, in the house shape the forms show next to the field. */
export const fieldError = (field: string, message: string) =>
  errors.invalidParam(`Invalid parameter(s): ${field} (${message})`, { [field]: message });

/**
 * The next id of a table whose ids are plain integer keys (stores, departments, products, circulars, recipes):
 * max(id)+1 inside the writing transaction. SQLite serialises writers; PostgreSQL takes a transaction lock per
 * table first, so two parallel creations never pick the same id (products: a sequence, shared with imports).
 */
export async function nextId(tx: Tx, table: 'stores' | 'departments' | 'products' | 'circulars' | 'recipes' | 'terms'): Promise<number> {
  // Products are also created by feed imports, in one statement: both draw from one sequence (migration 230).
  if (isPostgres(tx) && table === 'products')
    return Number((await sql<{ id: string }>`select nextval('products_id_seq') as id`.execute(tx)).rows[0].id);
  if (isPostgres(tx)) await sql`select pg_advisory_xact_lock(hashtext(${`catalogue-id:${table}`}))`.execute(tx);
  const row = await tx
    .selectFrom(table)
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirst();
  return Number(row?.max ?? 0) + 1;
}

/**
 * After a change to products or store prices: the page cache's version moves (those tables have no triggers) and
 * the rows' updated_at tells the search index what to refresh. Once per change, inside its transaction.
 */
export async function catalogueChanged(tx: Tx): Promise<void> {
  await bumpPageCacheVersion(tx);
}

/** A save over a change made since the form was opened (docs/catalogue.md): 409, naming who changed it when. */
export async function checkUnchanged(tx: Tx, entity: string, id: number, current: number, expected: number | undefined): Promise<void> {
  if (expected === undefined || expected === current) return;
  const last = await tx
    .selectFrom('audit_log')
    .select(['user_name', 'created_at'])
    .where('entity', '=', entity)
    .where('entity_id', '=', String(id))
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const who = last ? ` by ${last.user_name} at ${new Date(Number(last.created_at)).toISOString().slice(0, 16).replace('T', ' ')} UTC` : '';
  throw errors.conflict(`This ${entity} was changed${who} after you opened it. Reload it to see the change, then make yours again.`);
}

/** A page of a list from its query's count and rows. */
export function pageOf<T>(items: T[], total: number, page: number, perPage: number): ListPage<T> {
  return { items, total, page, per_page: perPage, pages: Math.max(1, Math.ceil(total / perPage)) };
}

/** A LIKE pattern matching the text literally ('!' escapes %, _ and itself). */
export const contains = (text: string): string => `%${text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;

/**
 * The SEO fields as stored: besides the SEO area's rules (checked by the schema), an absolute canonical address
 * must be on SITE_URL's origin, and without SITE_URL only a path is accepted (docs/catalogue.md).
 */
export function checkSeo(seo: Seo, siteOrigin: string | null, field = 'seo'): Seo {
  const canonical = seo.canonical ?? '';
  if (canonical === '' || isSitePath(canonical)) return seo;
  const problem = siteOrigin ? canonicalProblem(canonical, siteOrigin) : 'must be a path on this site (/…) until SITE_URL is set';
  if (problem) throw fieldError(`${field}.canonical`, problem);
  return seo;
}

export const json = (value: unknown): string => JSON.stringify(value);

/** One CSV line (RFC 4180 quoting), each cell made safe for spreadsheets first. */
export function csvLine(cells: ReadonlyArray<string | number | boolean | null | undefined>): string {
  return `${cells
    .map((cell) => {
      const text = csvSafeCell(cell === null || cell === undefined ? '' : String(cell));
      return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
    })
    .join(',')}\r\n`;
}

/** A whole CSV file: the header, then every row a paged reader yields (read in pages, so memory stays flat). */
export async function* csvRows<T>(
  header: readonly string[],
  read: (page: number) => Promise<T[]>,
  cells: (row: T) => ReadonlyArray<string | number | boolean | null | undefined>,
): AsyncGenerator<string> {
  yield csvLine(header);
  for (let page = 1; ; page++) {
    const rows = await read(page);
    if (rows.length === 0) return;
    yield rows.map((r) => csvLine(cells(r))).join('');
  }
}
