import { Handler } from '../../../core/handlers/base';
import { normalizeOperator } from '../../../core/loop-filter/logical-join';
import { loopFilter } from '../../../core/loop-filter/loop-filter';
import { readWidgetFilters, writeWidgetFilters } from '../../../core/loop-filter/query-codec';
import { toggleTerm } from '../../../core/loop-filter/selection';
import { TAXONOMY_FILTER, type LogicalJoin } from '../../../core/loop-filter/types';
import { EXCLUDED_LABEL, termState } from '../../../core/loop-filter/term-state';

interface TaxonomyFilterSettings extends Record<string, unknown> {
  selected_element?: string;
  taxonomy?: string;
  multiple_selection?: string;
  logical_combination?: string;
}

export const ALL_TERMS = '__all';
const ITEM = '.e-filter-item';

/**
 * The taxonomy filter widget: its terms are links to the filtered address (so they work without
 * JavaScript); here a click updates the filter store, the address and the grid without a page load.
 */
export default class TaxonomyFilterHandler extends Handler<TaxonomyFilterSettings> {
  private selected: string[] = [];

  private get multiple(): boolean {
    return this.settings.multiple_selection === 'yes';
  }

  private get logicalJoin(): LogicalJoin {
    return this.multiple ? normalizeOperator(this.settings.logical_combination) : 'DISABLED';
  }

  override connect(): void {
    const target = this.settings.selected_element;
    const taxonomy = this.settings.taxonomy;
    const filterId = this.element.dataset.id;
    if (!target || !taxonomy || !filterId) return;
    const controller = loopFilter(this.config, this.bus);
    this.onCleanup(
      controller.registerFilter({ filterId, target, taxonomy, render: (terms, join) => this.render(terms, join, target, taxonomy) }),
    );
    this.listen(this.element, 'click', (event) => {
      const item = (event.target as Element | null)?.closest<HTMLAnchorElement>(ITEM);
      if (!item || !this.element.contains(item)) return;
      const mouse = event as MouseEvent;
      if (mouse.ctrlKey || mouse.metaKey || mouse.shiftKey || mouse.altKey || mouse.button > 0) return; // new tab/window
      event.preventDefault();
      const term = item.dataset.filter ?? '';
      const terms = term === ALL_TERMS ? [] : toggleTerm(this.selected, term, this.multiple);
      void controller.applyFilter(target, filterId, {
        filterType: TAXONOMY_FILTER,
        filterData: { terms, selectedTaxonomy: taxonomy, logicalJoin: this.logicalJoin },
      });
    });
  }

  /**
   * Marks the selected terms (included, or excluded for a NOT filter) and points each link at the address
   * a click would produce.
   */
  private render(terms: string[], filterJoin: LogicalJoin | undefined, target: string, taxonomy: string): void {
    this.selected = terms;
    const others = readWidgetFilters(location.search, target);
    const join = this.logicalJoin;
    this.element.querySelectorAll<HTMLAnchorElement>(ITEM).forEach((item) => {
      const term = item.dataset.filter ?? '';
      const state = term === ALL_TERMS ? (terms.length === 0 ? 'included' : 'none') : termState(term, terms, filterJoin);
      if (state === 'included') item.setAttribute('aria-current', 'true');
      else item.removeAttribute('aria-current');
      item.classList.toggle('e-active', state === 'included');
      item.classList.toggle('e-excluded', state === 'excluded');
      const note = item.querySelector('.e-filter-excluded');
      if (state === 'excluded' && !note) item.append(excludedNote());
      if (state !== 'excluded') note?.remove();
      const next = term === ALL_TERMS ? [] : toggleTerm(terms, term, this.multiple);
      const filters = { ...others };
      delete filters[taxonomy];
      if (next.length) filters[taxonomy] = { terms: next, logicalJoin: join === 'OR' ? 'IN' : 'AND' };
      item.href = `${location.pathname}${writeWidgetFilters(location.search, target, filters)}`;
    });
  }
}

/** The screen-reader words of an excluded term, as the server renders them. */
function excludedNote(): HTMLElement {
  const note = document.createElement('span');
  note.className = 'e-filter-excluded visually-hidden';
  note.textContent = ` (${EXCLUDED_LABEL})`;
  return note;
}
