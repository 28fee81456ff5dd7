// The loop filter vocabulary (docs/behaviour.md, "Loop grids and filters"): filters per loop widget, keyed by filter id.

/** How a filter combines its terms. DISABLED (an operator other than AND/OR) is treated as AND. */
export type LogicalJoin = 'AND' | 'OR' | 'NOT' | 'DISABLED';

/** The join as sent to the refresh-loop endpoint: OR goes as IN, NOT as NOT IN. */
export type WireJoin = 'AND' | 'IN' | 'NOT IN';

export interface FilterData {
  terms: string[];
  selectedTaxonomy: string;
  logicalJoin: LogicalJoin;
}

export interface LoopFilter {
  filterType: string;
  filterData: FilterData;
}

/** One taxonomy's consolidated condition. */
export interface TaxonomyClause {
  terms: string[];
  logicalJoin: WireJoin;
}

/** The refresh payload's widget_filters: filter type → taxonomy → clause. */
export type ConsolidatedFilters = Record<string, Record<string, TaxonomyClause>>;

export const TAXONOMY_FILTER = 'taxonomy';
