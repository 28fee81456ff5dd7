import type { Kysely } from 'kysely';
import type { LoopGridData, TaxonomyFilterData } from '../../../react-app/widgets/loop/types';
import type { ElementNode } from '../../../react-app/widgets/types';
import { fromWireJoin, normalizeOperator, toWireJoin } from '../../../core/loop-filter/logical-join';
import { termState } from '../../../core/loop-filter/term-state';
import { readPage, readWidgetFilters, writeWidgetFilters } from '../../../core/loop-filter/query-codec';
import { toggleTerm } from '../../../core/loop-filter/selection';
import type { Database } from '../../db/schema';
import { findDocumentWhere } from '../documents/repository';
import { loopSourceOf } from './sources';
import type { TaxonomyFilters } from './types';

// Data for the loop grid and taxonomy filter widgets: from the address when a page is rendered (so a
// shared link reproduces the filtered grid without JavaScript) and from the refresh-loop payload.

export const DEFAULT_PER_PAGE = 12;
export const MAX_PER_PAGE = 48;
const MAX_PAGE_LINKS = 50;

export function findElement(nodes: ElementNode[], id: string): ElementNode | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const found = findElement(n.elements ?? [], id);
    if (found) return found;
  }
  return undefined;
}

export function perPageOf(settings: Record<string, unknown>): number {
  const n = Number(settings.posts_per_page);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, MAX_PER_PAGE) : DEFAULT_PER_PAGE;
}

async function loopItemTemplate(db: Kysely<Database>, id: number): Promise<ElementNode[]> {
  const doc = Number.isInteger(id) && id > 0 ? await findDocumentWhere(db, id, { type: 'loop-item' }) : undefined;
  return doc?.tree ?? [];
}

/** Keeps only the filters of taxonomies the grid's source knows (anything else in an address is ignored). */
export function sourceFilters(settings: Record<string, unknown>, filters: TaxonomyFilters): TaxonomyFilters {
  const known = loopSourceOf(settings).taxonomies;
  return Object.fromEntries(Object.entries(filters).filter(([t, c]) => known.includes(t) && c.terms.length));
}

export async function loadLoopGrid(
  db: Kysely<Database>,
  node: ElementNode,
  options: { filters: TaxonomyFilters; page: number; pageHref: (page: number) => string },
): Promise<LoopGridData> {
  const source = loopSourceOf(node.settings);
  const perPage = perPageOf(node.settings);
  const [template, result] = await Promise.all([
    loopItemTemplate(db, Number(node.settings.template_id)),
    source.query(db, options.filters, options.page, perPage),
  ]);
  const pages = Math.max(1, Math.ceil(result.total / perPage));
  return {
    items: result.items,
    total: result.total,
    page: options.page,
    pages,
    templateId: Number(node.settings.template_id) || 0,
    template,
    noun: source.noun,
    pageHrefs: Array.from({ length: Math.min(pages, MAX_PAGE_LINKS) }, (_x, i) => options.pageHref(i + 1)),
  };
}

/** The grid as the address describes it: the widget's filters and its own page parameter. */
export function loadLoopGridFromAddress(db: Kysely<Database>, node: ElementNode, path: string, search: string): Promise<LoopGridData> {
  const filters = sourceFilters(node.settings, readWidgetFilters(search, node.id));
  return loadLoopGrid(db, node, {
    filters,
    page: readPage(search, node.id),
    pageHref: (p) => `${path}${writeWidgetFilters(search, node.id, filters, p)}`,
  });
}

/** A taxonomy filter's terms with counts, which are selected, and the address each click leads to. */
export async function loadTaxonomyFilter(
  db: Kysely<Database>,
  node: ElementNode,
  tree: ElementNode[],
  path: string,
  search: string,
): Promise<TaxonomyFilterData | undefined> {
  const target = typeof node.settings.selected_element === 'string' ? node.settings.selected_element : '';
  const taxonomy = typeof node.settings.taxonomy === 'string' ? node.settings.taxonomy : '';
  const grid = findElement(tree, target);
  if (!grid || grid.widgetType !== 'loop-grid' || !loopSourceOf(grid.settings).taxonomies.includes(taxonomy)) return undefined;
  const multiple = node.settings.multiple_selection === 'yes';
  const join = toWireJoin(multiple ? normalizeOperator(node.settings.logical_combination) : 'DISABLED');
  const current = sourceFilters(grid.settings, readWidgetFilters(search, target));
  const selected = current[taxonomy]?.terms ?? [];
  const others = { ...current };
  delete others[taxonomy];
  const href = (terms: string[]) =>
    `${path}${writeWidgetFilters(search, target, terms.length ? { ...others, [taxonomy]: { terms, logicalJoin: join } } : others)}`;
  const terms = await loopSourceOf(grid.settings).listTerms(db, taxonomy);
  return {
    allHref: href([]),
    allSelected: selected.length === 0,
    terms: terms.map((t) => {
      const state = termState(t.slug, selected, current[taxonomy] ? fromWireJoin(current[taxonomy].logicalJoin) : undefined);
      return { ...t, selected: state === 'included', excluded: state === 'excluded', href: href(toggleTerm(selected, t.slug, multiple)) };
    }),
  };
}
