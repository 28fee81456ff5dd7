import type { SiteConfig } from '../config/site-config';
import type { RuntimeBus } from '../events/bus';
import { FilterStore } from './filter-store';
import { fromWireJoin } from './logical-join';
import { readPage, readWidgetFilters, writeWidgetFilters, type AddressFilters } from './query-codec';
import { refreshLoop, type RefreshLoopRequest } from './refresh-client';
import { TAXONOMY_FILTER, type LoopFilter } from './types';

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
  /** Shows the selection (after back/forward or another filter's change). */
  render(terms: string[]): void;
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
    filter.render(this.store.getFilter(filter.target, filter.filterId)?.filterData.terms ?? []);
    return () => {
      if (this.filters.get(filter.filterId) === filter) this.filters.delete(filter.filterId);
    };
  }

  /** A filter changed: update the store, the address (new history entry) and the grid. */
  async applyFilter(target: string, filterId: string, filter: LoopFilter): Promise<boolean> {
    this.store.setFilter(target, filterId, filter);
    const search = writeWidgetFilters(this.env.location.search, target, this.addressFilters(target));
    const { pathname, hash } = this.env.location;
    this.env.history.pushState({ loopFilter: target }, '', `${pathname}${search}${hash}`);
    this.renderFilters(target);
    return this.refresh(target);
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
    const grid = this.grids.get(widgetId);
    if (!grid) return false;
    this.shown.set(widgetId, this.addressKey(widgetId));
    const seq = (this.sequence.get(widgetId) ?? 0) + 1;
    this.sequence.set(widgetId, seq);
    const container = grid.element.querySelector<HTMLElement>(':scope > .elementor-widget-container') ?? grid.element;
    grid.element.classList.add(LOADING_CLASS);
    container.setAttribute('aria-busy', 'true');
    const request: RefreshLoopRequest = {
      restUrl: this.config.urls.rest,
      postId: Number(this.config.page.id ?? grid.element.closest<HTMLElement>('[data-elementor-id]')?.dataset.elementorId ?? 0),
      widgetId,
      widgetFilters: this.store.getConsolidatedFilters(widgetId),
      // The current address: the server takes the path and this widget's page parameter from it.
      paginationBaseUrl: this.env.location.origin + this.env.location.pathname + this.env.location.search,
    };
    if (this.config.environmentMode.edit) request.edit = { widgetModel: grid.widgetModel?.() ?? {}, nonce: this.config.nonce };
    const markup = await refreshLoop(request, this.env.fetch ?? ((...args) => fetch(...args)));
    if (this.sequence.get(widgetId) !== seq) return false; // a newer request owns the grid
    grid.element.classList.remove(LOADING_CLASS);
    container.removeAttribute('aria-busy');
    if (!markup) return false;
    container.innerHTML = markup;
    this.bus.emit('loop-grid:refreshed', { widgetId, element: grid.element });
    return true;
  }

  private addressKey(widgetId: string): string {
    return `${JSON.stringify(this.store.getConsolidatedFilters(widgetId))}|${readPage(this.env.location.search, widgetId)}`;
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
      if (f.target === widgetId) f.render(this.store.getFilter(widgetId, f.filterId)?.filterData.terms ?? []);
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
