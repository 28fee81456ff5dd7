import type { TaxonomyClause, WireJoin } from './types';

// The loop filter state in the address (docs/behaviour.md, "Loop grids and filters"), as Elementor Pro writes it so shared links
// keep working: `e-filter-{widgetId}-{taxonomy}` = term slugs joined by + (AND), ~ (OR) or ! (NOT);
// `e-page-{widgetId}` is the widget's page number. Unlike Elementor we read back hyphenated taxonomies and
// NOT. A single NOT term is written with a leading separator (`!a`) so it round-trips too; a single OR term
// is written bare, as Elementor does (one term IN is the same condition as one term AND).

export const SEPARATORS: Record<WireJoin, string> = { AND: '+', IN: '~', 'NOT IN': '!' };

/** Widget ids are the page builder's alphanumeric element ids; taxonomies and terms are slugs. */
export const WIDGET_ID = /^[A-Za-z0-9]{1,32}$/;
export const TAXONOMY = /^[a-z0-9_][a-z0-9_-]{0,63}$/;
export const TERM = /^[\p{Ll}\p{Lo}\p{N}_][\p{Ll}\p{Lo}\p{N}_-]{0,99}$/u;

const FILTER_KEY = /^e-filter-([A-Za-z0-9]{1,32})-(.+)$/;
const PAGE_KEY = /^e-page-[A-Za-z0-9]{1,32}$/;

/** Terms read from one filter parameter at most (no taxonomy lists this many; 2500 NOT terms made a 373 KB page). */
export const MAX_TERMS = 50;
/** Parameters the server copies into the links it renders: loop filters, pages and the search words, this many at most. */
export const MAX_LINK_PARAMS = 20;
const LINKED_KEYS = new Set(['s']);

export type AddressFilters = Record<string, TaxonomyClause>;

export const filterParam = (widgetId: string, taxonomy: string): string => `e-filter-${widgetId}-${taxonomy}`;
export const pageParam = (widgetId: string): string => `e-page-${widgetId}`;

function decode(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return '';
  }
}

/** Splits a query string (with or without '?') into raw key=value parts, keys decoded. */
function parts(search: string): Array<{ raw: string; key: string; value: string }> {
  const q = search.startsWith('?') ? search.slice(1) : search;
  if (!q) return [];
  return q
    .split('&')
    .filter((p) => p !== '')
    .map((raw) => {
      const eq = raw.indexOf('=');
      const key = decode((eq < 0 ? raw : raw.slice(0, eq)).replace(/\+/g, ' '));
      return { raw, key, value: eq < 0 ? '' : raw.slice(eq + 1) };
    });
}

/** The value of one filter parameter; '+' may arrive literally, as %2B, or as a space. */
export function decodeTerms(rawValue: string): TaxonomyClause | null {
  const value = decode(rawValue).replace(/ /g, '+');
  const logicalJoin: WireJoin = value.includes('!') ? 'NOT IN' : value.includes('~') ? 'IN' : 'AND';
  const terms = [...new Set(value.split(/[+~!]/).filter((t) => TERM.test(t)))].slice(0, MAX_TERMS);
  return terms.length ? { terms, logicalJoin } : null;
}

export function encodeTerms(clause: TaxonomyClause): string {
  const sep = SEPARATORS[clause.logicalJoin] ?? '+';
  const terms = clause.terms.map(encodeURIComponent);
  return terms.length === 1 && clause.logicalJoin === 'NOT IN' ? `${sep}${terms[0]}` : terms.join(sep);
}

/** Every loop widget's filters found in the address: widget id → taxonomy → clause. */
export function readAddressFilters(search: string): Record<string, AddressFilters> {
  const out: Record<string, AddressFilters> = {};
  for (const { key, value } of parts(search)) {
    const m = FILTER_KEY.exec(key);
    if (!m || !TAXONOMY.test(m[2])) continue;
    const clause = decodeTerms(value);
    if (clause) (out[m[1]] ??= {})[m[2]] = clause;
  }
  return out;
}

export function readWidgetFilters(search: string, widgetId: string): AddressFilters {
  return readAddressFilters(search)[widgetId] ?? {};
}

/** The widget's page number from the address (1 when absent or not a positive integer). */
export function readPage(search: string, widgetId: string): number {
  const part = parts(search).find((p) => p.key === pageParam(widgetId));
  const n = part ? Number(decode(part.value)) : 1;
  return Number.isInteger(n) && n > 0 && n < 1_000_000 ? n : 1;
}

/**
 * The query string with the widget's filters replaced: its filter and page parameters go, every other
 * parameter stays as it was. Returns '' or '?…'.
 */
export function writeWidgetFilters(search: string, widgetId: string, filters: AddressFilters, page?: number): string {
  const prefix = `e-filter-${widgetId}-`;
  const kept = parts(search)
    .filter((p) => !p.key.startsWith(prefix) && p.key !== pageParam(widgetId))
    .map((p) => p.raw);
  for (const [taxonomy, clause] of Object.entries(filters)) {
    if (clause.terms.length) kept.push(`${filterParam(widgetId, taxonomy)}=${encodeTerms(clause)}`);
  }
  if (page && page > 1) kept.push(`${pageParam(widgetId)}=${page}`);
  return kept.length ? `?${kept.join('&')}` : '';
}

/**
 * The part of an address the server carries into pagination and filter links: loop filter and page parameters
 * and `s`, at most MAX_LINK_PARAMS, each at most 2000 characters. Anything else in a request would otherwise
 * be copied into every link of the page (a 15 KB query made a 774 KB page).
 */
export function linkableSearch(search: string): string {
  const kept = parts(search)
    .filter((p) => (LINKED_KEYS.has(p.key) || PAGE_KEY.test(p.key) || FILTER_KEY.test(p.key)) && p.raw.length <= 2000)
    .slice(0, MAX_LINK_PARAMS)
    .map((p) => p.raw);
  return kept.length ? `?${kept.join('&')}` : '';
}
