import type { SiteConfig } from '../config/site-config';
import type { RuntimeBus } from '../events/bus';
import { FilterStore } from './filter-store';
import { fromWireJoin } from './logical-join';
import { readPage, readWidgetFilters, writeWidgetFilters, type AddressFilters } from './query-codec';
import { refreshLoop, type RefreshLoopRequest } from './refresh-client';
import { TAXONOMY_FILTER, type LogicalJoin, type LoopFilter } from './types';

// Ties the filter store, the address and the refresh call together for the loop grids of one page.
// Loop grid handlers register their grid; taxonomy filter handlers register themselves and apply filters.

export const LOADING_CLASS = 'e-loading';

export interface GridRegistration {
  widgetId: string;
  element: HTMLElement;
  /** Edit mode: the widget's settings sent as widget_model. */
  widgetModel?: () => Record<string, unknown>;
}

export interface FilterRegistration {
  filterId: string;
  target: string;
  taxonomy: string;
  /** Shows the selection (after back/forward, another filter's change or a rolled-back change). */
  render(terms: string[], join?: LogicalJoin): void;
}

export interface LoopFilterEnv {
  location: Pick<Location, 'pathname' | 'search' | 'hash' | 'origin'>;
  history: Pick<History, 'pushState'>;
  fetch?: typeof fetch;
}

export class LoopFilterController {
  readonly store = new FilterStore();
  private readonly grids = new Map<string, GridRegistration>();
  private readonly filters = new Map<string, FilterRegistration>();
  private readonly sequence = new Map<string, number>();
  /** What each grid shows: its filters and page as in the address. */
  private readonly shown = new Map<string, string>();

  constructor(
    private readonly config: SiteConfig,
    private readonly bus: RuntimeBus,
    private readonly env: LoopFilterEnv = { location: window.location, history: window.history },
  ) {}

  registerGrid(grid: GridRegistration): () => void {
    this.grids.set(grid.widgetId, grid);
    this.restoreWidget(grid.widgetId);
    this.shown.set(grid.widgetId, this.addressKey(grid.widgetId));
    return () => {
      if (this.grids.get(grid.widgetId) === grid) this.grids.delete(grid.widgetId);
    };
  }

  registerFilter(filter: FilterRegistration): () => void {
    this.filters.set(filter.filterId, filter);
    // The address is the truth at start-up, whichever of the grid and its filters attaches first.
    this.restoreWidget(filter.target);
    const current = this.store.getFilter(filter.target, filter.filterId)?.filterData;
    filter.render(current?.terms ?? [], current?.logicalJoin);
    return () => {
      if (this.filters.get(filter.filterId) === filter) this.filters.delete(filter.filterId);
    };
  }

  /**
   * A filter changed: the store and the buttons change at once, the grid is refreshed for the new address,
   * and only when the new results arrived does the address get its history entry. When the refresh fails
   * the filter, the buttons and the address stay as they were, matching the results still shown.
   */
  async applyFilter(target: string, filterId: string, filter: LoopFilter): Promise<boolean> {
    const before = this.store.getFilter(target, filterId);
    this.store.setFilter(target, filterId, filter);
    const search = writeWidgetFilters(this.env.location.search, target, this.addressFilters(target));
    this.renderFilters(target);
    const outcome = await this.load(target, search);
    if (outcome === 'superseded') return false;
    if (outcome === 'failed') {
      if (before) this.store.setFilter(target, filterId, before);
      else this.store.removeFilter(target, filterId);
      this.shown.set(target, this.addressKey(target));
      this.renderFilters(target);
      return false;
    }
    const { pathname, hash } = this.env.location;
    this.env.history.pushState({ loopFilter: target }, '', `${pathname}${search}${hash}`);
    return true;
  }

  /** Back/forward: the address is the truth; rebuild every grid's filters from it and refresh. */
  async onPopState(): Promise<void> {
    await Promise.all(
      [...this.grids.keys()].map(async (widgetId) => {
        const before = this.shown.get(widgetId);
        this.restoreWidget(widgetId);
        if (this.addressKey(widgetId) === before) return false; // another widget's entry, or only the hash changed
        this.renderFilters(widgetId);
        return this.refresh(widgetId);
      }),
    );
  }

  /** Asks the server for the grid's markup; keeps the content as it was when the call fails. */
  async refresh(widgetId: string): Promise<boolean> {
    return (await this.load(widgetId, this.env.location.search)) === 'replaced';
  }

  /** Loads the grid's markup for the address query `search` (the current one, or the one a change leads to). */
  private async load(widgetId: string, search: string): Promise<'replaced' | 'failed' | 'superseded'> {
    const grid = this.grids.get(widgetId);
    if (!grid) return 'failed';
    this.shown.set(widgetId, this.addressKey(widgetId, search));
    const seq = (this.sequence.get(widgetId) ?? 0) + 1;
    this.sequence.set(widgetId, seq);
    const container = grid.element.querySelector<HTMLElement>(':scope > .elementor-widget-container') ?? grid.element;
    grid.element.classList.add(LOADING_CLASS);
    container.setAttribute('aria-busy', 'true');
    const request: RefreshLoopRequest = {
      postId: Number(this.config.page.id ?? grid.element.closest<HTMLElement>('[data-elementor-id]')?.dataset.elementorId ?? 0),
      widgetId,
      widgetFilters: this.store.getConsolidatedFilters(widgetId),
      // The address the results belong to: the server takes the path and this widget's page parameter from it.
      paginationBaseUrl: this.env.location.origin + this.env.location.pathname + search,
    };
    if (this.config.environmentMode.edit) request.edit = { widgetModel: grid.widgetModel?.() ?? {} };
    const markup = await refreshLoop(request, this.env.fetch ?? ((...args) => fetch(...args)));
    if (this.sequence.get(widgetId) !== seq) return 'superseded'; // a newer request owns the grid
    grid.element.classList.remove(LOADING_CLASS);
    container.removeAttribute('aria-busy');
    if (!markup) return 'failed';
    container.innerHTML = markup;
    this.bus.emit('loop-grid:refreshed', { widgetId, element: grid.element });
    return 'replaced';
  }

  private addressKey(widgetId: string, search = this.env.location.search): string {
    return `${JSON.stringify(this.store.getConsolidatedFilters(widgetId))}|${readPage(search, widgetId)}`;
  }

  private addressFilters(widgetId: string): AddressFilters {
    return this.store.getConsolidatedFilters(widgetId)[TAXONOMY_FILTER] ?? {};
  }

  private restoreWidget(widgetId: string): void {
    const fromAddress = readWidgetFilters(this.env.location.search, widgetId);
    const filters: Record<string, LoopFilter> = {};
    for (const [taxonomy, clause] of Object.entries(fromAddress)) {
      const owner = [...this.filters.values()].find((f) => f.target === widgetId && f.taxonomy === taxonomy);
      filters[owner?.filterId ?? addressFilterId(taxonomy)] = {
        filterType: TAXONOMY_FILTER,
        filterData: { terms: clause.terms, selectedTaxonomy: taxonomy, logicalJoin: fromWireJoin(clause.logicalJoin) },
      };
    }
    this.store.replaceFilters(widgetId, filters);
  }

  private renderFilters(widgetId: string): void {
    for (const f of this.filters.values()) {
      if (f.target !== widgetId) continue;
      const current = this.store.getFilter(widgetId, f.filterId)?.filterData;
      f.render(current?.terms ?? [], current?.logicalJoin);
    }
  }
}

const addressFilterId = (taxonomy: string): string => `address:${taxonomy}`;

let instance: LoopFilterController | null = null;

/** The page's one controller, created by the first loop grid or filter handler and listening to popstate. */
export function loopFilter(config: SiteConfig, bus: RuntimeBus): LoopFilterController {
  if (!instance) {
    const controller = (instance = new LoopFilterController(config, bus));
    window.addEventListener('popstate', () => void controller.onPopState());
  }
  return instance;
}
