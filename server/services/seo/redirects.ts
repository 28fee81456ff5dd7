import type { Kysely } from 'kysely';
import { parse as parseCsv } from 'csv-parse/sync';
import type { Database } from '../../db/schema';
import { live } from '../documents/repository';
import { isSitePath } from '../../../core/seo/rules';

// Redirects (docs/seo.md): the addresses that moved, answered with a 301 when nothing serves the old address any
// more; trashed content answers 410. Slug changes record theirs by trigger (migration 200); editors add,
// remove and import the others here. The table never holds a chain: a new redirect to an address that itself
// redirects points at the final address, and redirects to the new source are pointed past it.

export const MAX_PATH = 500;
/** Paths served by fixed routes rather than content (a redirect may point at them). */
const FIXED_PATHS = new Set(['/', '/search', '/robots.txt', '/sitemap.xml', '/store/store-locator']);

/**
 * An address as the table keeps it: its path and query, without the origin, trailing slash or fragment.
 * `from` may be any origin (an old site's URL); `to` must be a site path or an address on the site's origin.
 */
export function normalizePath(raw: string, role: 'from' | 'to', siteOrigin: string): { path: string } | { problem: string } {
  // eslint-disable-next-line no-control-regex
  const value = raw.trim().replace(/[\u0000-\u001f\u007f]/g, '');
  if (value === '') return { problem: role === 'to' ? 'Enter the new address (the target).' : 'Enter the old address.' };
  if (value.length > MAX_PATH) return { problem: `The address may be at most ${MAX_PATH} characters.` };
  let path: string;
  if (isSitePath(value)) path = value;
  else {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return { problem: 'Use a path starting with / (not //) or a full http(s) address.' };
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return { problem: 'Only http and https addresses can be redirected.' };
    if (role === 'to' && url.origin !== new URL(siteOrigin).origin)
      return { problem: `Redirects may only point to this site (${new URL(siteOrigin).origin}).` };
    path = url.pathname + url.search;
  }
  path = path.replace(/#.*$/, '');
  const [p, q] = [path.split('?')[0], path.includes('?') ? path.slice(path.indexOf('?')) : ''];
  const clean = (p.length > 1 ? p.replace(/\/+$/, '') : p) || '/';
  if (!isSitePath(clean)) return { problem: 'Use a path starting with / (not //).' };
  return { path: clean + q };
}

export interface RedirectRow {
  id: number;
  from_path: string;
  to_path: string;
  source: string;
  created_at: number;
}

export async function listRedirects(db: Kysely<Database>): Promise<RedirectRow[]> {
  const rows = await db
    .selectFrom('redirects')
    .select(['id', 'from_path', 'to_path', 'source', 'created_at'])
    .orderBy('from_path')
    .execute();
  return rows.map((r) => ({ ...r, created_at: Number(r.created_at) }));
}

/** Whether a visitor opening the path gets content (a published page, recipe, store, circular or product). */
export async function pathExists(db: Kysely<Database>, fullPath: string, now = Date.now()): Promise<boolean> {
  const path = fullPath.split('?')[0];
  if (FIXED_PATHS.has(path)) return true;
  const m = /^\/(recipes|stores|circulars|products)\/([a-z0-9-]+)$/.exec(path);
  if (m) {
    const slug = m[2];
    if (m[1] === 'recipes')
      return !!(await db.selectFrom('recipes').select('id').where('slug', '=', slug).where('status', '=', 'publish').executeTakeFirst());
    if (m[1] === 'stores') return !!(await db.selectFrom('stores').select('id').where('slug', '=', slug).executeTakeFirst());
    if (m[1] === 'circulars')
      return !!(await db.selectFrom('circulars').select('id').where('slug', '=', slug).where('status', '=', 'publish').executeTakeFirst());
    return !!(await db.selectFrom('products').select('id').where('slug', '=', slug).where('active', '=', 1).executeTakeFirst());
  }
  const slug = pageSlug(path);
  return slug !== null && !!(await pageAt(db, slug).where(live(now)).executeTakeFirst());
}

/** The page slug a path names (/about/team: about/team), or null where it cannot be one. */
function pageSlug(path: string): string | null {
  const slug = path.slice(1).toLowerCase();
  return /^[a-z0-9/_-]{1,200}$/.test(slug) ? slug : null;
}
const pageAt = (db: Kysely<Database>, slug: string) =>
  db.selectFrom('documents').select('id').where('type', '=', 'page').where('slug', '=', slug);

/** Trashed content (a page in the trash, a trashed recipe or circular, a product taken off sale): 410 Gone. */
export async function isGone(db: Kysely<Database>, fullPath: string): Promise<boolean> {
  const path = fullPath.split('?')[0];
  const m = /^\/(recipes|circulars|products)\/([a-z0-9-]+)$/.exec(path);
  if (m) {
    if (m[1] === 'products')
      return !!(await db.selectFrom('products').select('id').where('slug', '=', m[2]).where('active', '=', 0).executeTakeFirst());
    return !!(await db
      .selectFrom(m[1] === 'recipes' ? 'recipes' : 'circulars')
      .select('id')
      .where('slug', '=', m[2])
      .where('status', '=', 'trash')
      .executeTakeFirst());
  }
  const slug = pageSlug(path);
  return slug !== null && !!(await pageAt(db, slug).where('status', '=', 'trash').executeTakeFirst());
}

/** Where a missing address went: its redirect's target, or null. */
export async function redirectFor(db: Kysely<Database>, path: string): Promise<string | null> {
  const exact = await db.selectFrom('redirects').select('to_path').where('from_path', '=', path).executeTakeFirst();
  if (exact) return exact.to_path;
  const bare = path.split('?')[0];
  if (bare === path) return null;
  const moved = await db.selectFrom('redirects').select('to_path').where('from_path', '=', bare).executeTakeFirst();
  // The visitor's query string goes along unless the target names its own.
  return moved ? (moved.to_path.includes('?') ? moved.to_path : moved.to_path + path.slice(bare.length)) : null;
}

export interface PlannedRedirect {
  /** 1-based CSV line (0 for a single redirect). */
  line: number;
  from: string;
  to: string;
  /** Refusals: nothing is written while any row has one. */
  problems: Array<{ field: 'from' | 'to'; message: string }>;
  /** What was adjusted (a chain pointed at its final address), for the report. */
  notes: string[];
}

/**
 * Checks a set of new redirects against each other and the table: loops refused, chains flattened to the final
 * address, targets that open nothing refused, and old addresses that still open content refused (a redirect
 * is only followed when nothing is at its address).
 */
export async function planRedirects(
  db: Kysely<Database>,
  rows: Array<{ line: number; from: string; to: string }>,
  siteOrigin: string,
): Promise<PlannedRedirect[]> {
  const existing = new Map((await listRedirects(db)).map((r) => [r.from_path, r.to_path]));
  const plans: PlannedRedirect[] = rows.map((r) => {
    const problems: PlannedRedirect['problems'] = [];
    const from = normalizePath(r.from, 'from', siteOrigin);
    const to = normalizePath(r.to, 'to', siteOrigin);
    if ('problem' in from) problems.push({ field: 'from', message: from.problem });
    if ('problem' in to) problems.push({ field: 'to', message: to.problem });
    return { line: r.line, from: 'path' in from ? from.path : r.from, to: 'path' in to ? to.path : r.to, problems, notes: [] };
  });
  const graph = new Map(existing);
  const seen = new Set<string>();
  for (const p of plans) {
    if (p.problems.length) continue;
    if (seen.has(p.from)) p.problems.push({ field: 'from', message: `${p.from} is listed twice.` });
    seen.add(p.from);
    graph.set(p.from, p.to);
  }
  for (const p of plans) {
    if (p.problems.length) continue;
    if (p.from === p.to) {
      p.problems.push({ field: 'to', message: 'A redirect cannot point to its own address.' });
      continue;
    }
    // Follow the targets: back to the start is a loop; more than one hop is a chain, flattened to its end.
    const path = [p.from];
    let at = p.to;
    let loop = false;
    while (graph.has(at)) {
      if (path.includes(at)) {
        loop = true;
        break;
      }
      path.push(at);
      at = graph.get(at)!;
      if (path.length > 50) break;
    }
    if (loop || at === p.from) {
      p.problems.push({ field: 'to', message: `This makes a redirect loop: ${[...path, at].join(' → ')}.` });
      continue;
    }
    if (at !== p.to) {
      p.notes.push(`Chain ${[...path, at].join(' → ')}: redirects straight to ${at}.`);
      p.to = at;
    }
    if (!(await pathExists(db, p.to))) p.problems.push({ field: 'to', message: `Nothing is at ${p.to}: the target does not exist.` });
    if (await pathExists(db, p.from))
      p.problems.push({ field: 'from', message: `${p.from} still opens a page; change its address or trash it first.` });
  }
  return plans;
}

/** Writes planned redirects (all checked): each replaces any redirect from its address; older ones to it point past it. */
export async function saveRedirects(db: Kysely<Database>, plans: PlannedRedirect[], source: 'manual' | 'import'): Promise<void> {
  await db.transaction().execute(async (tx) => {
    for (const p of plans) {
      await tx.deleteFrom('redirects').where('from_path', '=', p.from).execute();
      await tx.updateTable('redirects').set({ to_path: p.to }).where('to_path', '=', p.from).execute();
      await tx.insertInto('redirects').values({ from_path: p.from, to_path: p.to, status: 301, source, created_at: Date.now() }).execute();
    }
  });
}

export const MAX_IMPORT_ROWS = 5000;

/** The rows of a redirects CSV (old,new per line; an optional header line naming the columns). */
export function readRedirectCsv(text: string): { rows: Array<{ line: number; from: string; to: string }> } | { problem: string } {
  let records: string[][];
  try {
    records = parseCsv(text, { relax_column_count: true, skip_empty_lines: true, trim: true, bom: true }) as string[][];
  } catch (e) {
    return { problem: `The CSV cannot be read: ${(e as Error).message}` };
  }
  if (!records.length) return { problem: 'The CSV has no rows.' };
  const first = records[0].map((c) => c.toLowerCase());
  const header = first.length >= 1 && !/^(\/|https?:)/.test(first[0]) && /^(from|old|source|old url|old_url|url)$/.test(first[0]);
  const body = header ? records.slice(1) : records;
  if (body.length > MAX_IMPORT_ROWS) return { problem: `At most ${MAX_IMPORT_ROWS} redirects per import.` };
  return { rows: body.map((r, i) => ({ line: i + 1 + (header ? 1 : 0), from: r[0] ?? '', to: r[1] ?? '' })) };
}
