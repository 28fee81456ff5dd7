import { toWireJoin } from './logical-join';
import type { ConsolidatedFilters, LoopFilter, WireJoin } from './types';

const unique = (terms: string[]): string[] => [...new Set(terms.filter((t) => t !== ''))];

/**
 * The loop filter store (docs/behaviour.md, "Loop grids and filters"): per loop widget id, filters keyed by filter id, each with filterType and
 * filterData {terms, selectedTaxonomy, logicalJoin}. A filter without terms is no filter at all.
 */
export class FilterStore {
  private readonly widgets = new Map<string, Map<string, LoopFilter>>();

  getFilters(widgetId: string): Record<string, LoopFilter> {
    return Object.fromEntries(this.widgets.get(widgetId) ?? []);
  }

  getFilter(widgetId: string, filterId: string): LoopFilter | undefined {
    return this.widgets.get(widgetId)?.get(filterId);
  }

  setFilter(widgetId: string, filterId: string, filter: LoopFilter): void {
    const terms = unique(filter.filterData.terms);
    if (!terms.length) return this.removeFilter(widgetId, filterId);
    let filters = this.widgets.get(widgetId);
    if (!filters) this.widgets.set(widgetId, (filters = new Map()));
    filters.set(filterId, { filterType: filter.filterType, filterData: { ...filter.filterData, terms } });
  }

  removeFilter(widgetId: string, filterId: string): void {
    const filters = this.widgets.get(widgetId);
    filters?.delete(filterId);
    if (filters && !filters.size) this.widgets.delete(widgetId);
  }

  /** Removes one term; with no term given, or when it was the last one, the whole filter goes. */
  removeFilterTerm(widgetId: string, filterId: string, term?: string): void {
    const filter = this.getFilter(widgetId, filterId);
    if (!filter) return;
    const terms = term === undefined ? [] : filter.filterData.terms.filter((t) => t !== term);
    this.setFilter(widgetId, filterId, { ...filter, filterData: { ...filter.filterData, terms } });
  }

  /** Replaces every filter of a widget (restoring from the address on back/forward). */
  replaceFilters(widgetId: string, filters: Record<string, LoopFilter>): void {
    this.widgets.delete(widgetId);
    for (const [id, f] of Object.entries(filters)) this.setFilter(widgetId, id, f);
  }

  getConsolidatedFilters(widgetId: string): ConsolidatedFilters {
    return consolidateFilters(Object.values(this.getFilters(widgetId)));
  }
}

/**
 * Groups filters by filter type and taxonomy, joining their terms. Filters of one taxonomy that disagree
 * on the join are combined with AND (the address holds one join per taxonomy).
 */
export function consolidateFilters(filters: LoopFilter[]): ConsolidatedFilters {
  const out: ConsolidatedFilters = {};
  for (const { filterType, filterData } of filters) {
    const terms = unique(filterData.terms);
    if (!terms.length || !filterData.selectedTaxonomy) continue;
    const byTaxonomy = (out[filterType] ??= {});
    const join: WireJoin = toWireJoin(filterData.logicalJoin);
    const existing = byTaxonomy[filterData.selectedTaxonomy];
    if (!existing) byTaxonomy[filterData.selectedTaxonomy] = { terms, logicalJoin: join };
    else
      byTaxonomy[filterData.selectedTaxonomy] = {
        terms: unique([...existing.terms, ...terms]),
        logicalJoin: existing.logicalJoin === join ? join : 'AND',
      };
  }
  return out;
}
