// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { createBus } from '../events/bus';
import type { SiteConfig } from '../config/site-config';
import { LOADING_CLASS, LoopFilterController, type LoopFilterEnv } from './loop-filter';

const config = {
  urls: { rest: '/wp-json/' },
  page: { id: 72 },
  environmentMode: { edit: false, wpPreview: false, isScriptDebug: false },
  nonce: 'n',
} as unknown as SiteConfig;

function setup(
  search = '',
  respond: () => Promise<Response> = async () => new Response(JSON.stringify({ data: '<p class="new">new</p>' }), { status: 200 }),
) {
  document.body.innerHTML =
    '<div class="elementor-element" data-id="g1"><div class="elementor-widget-container"><p class="old">old</p></div></div>';
  const element = document.querySelector<HTMLElement>('[data-id="g1"]')!;
  const location = { pathname: '/recipes', search, hash: '', origin: 'http://x.test' };
  const pushState = vi.fn((_s: unknown, _t: string, url: string) => {
    location.search = url.slice(url.indexOf('?') >= 0 ? url.indexOf('?') : url.length);
  });
  const fetchImpl = vi.fn(respond);
  const env: LoopFilterEnv = { location, history: { pushState }, fetch: fetchImpl as unknown as typeof fetch };
  const controller = new LoopFilterController(config, createBus(), env);
  return { element, location, pushState, fetchImpl, controller };
}

describe('loop filter controller', () => {
  it('restores filters from the address; a filter change pushes the address and replaces the content', async () => {
    const t = setup('?e-filter-g1-course=lunch&e-page-g1=2&s=x');
    t.controller.registerGrid({ widgetId: 'g1', element: t.element });
    const shown: string[][] = [];
    t.controller.registerFilter({ filterId: 'f1', target: 'g1', taxonomy: 'course', render: (terms) => shown.push(terms) });
    expect(shown).toEqual([['lunch']]);
    const pending = t.controller.applyFilter('g1', 'f1', {
      filterType: 'taxonomy',
      filterData: { terms: ['lunch', 'dinner'], selectedTaxonomy: 'course', logicalJoin: 'OR' },
    });
    expect(t.element.classList.contains(LOADING_CLASS)).toBe(true);
    expect(await pending).toBe(true);
    expect(t.pushState).toHaveBeenCalledWith(expect.anything(), '', '/recipes?s=x&e-filter-g1-course=lunch~dinner');
    expect(JSON.parse((t.fetchImpl.mock.calls[0] as unknown as [string, RequestInit])[1].body as string).widget_filters).toEqual({
      taxonomy: { course: { terms: ['lunch', 'dinner'], logicalJoin: 'IN' } },
    });
    expect(t.element.querySelector('.new')).not.toBeNull();
    expect(t.element.classList.contains(LOADING_CLASS)).toBe(false);
  });

  it('keeps the content when the refresh fails', async () => {
    const t = setup('', async () => new Response('{"code":"x"}', { status: 500 }));
    t.controller.registerGrid({ widgetId: 'g1', element: t.element });
    expect(
      await t.controller.applyFilter('g1', 'f1', {
        filterType: 'taxonomy',
        filterData: { terms: ['dinner'], selectedTaxonomy: 'course', logicalJoin: 'AND' },
      }),
    ).toBe(false);
    expect(t.element.querySelector('.old')).not.toBeNull();
    expect(t.element.classList.contains(LOADING_CLASS)).toBe(false);
  });

  it('rolls the filter, its buttons and the address back when the refresh fails, so they match the results shown', async () => {
    const t = setup('?e-filter-g1-course=lunch', async () => new Response('{"code":"x"}', { status: 500 }));
    t.controller.registerGrid({ widgetId: 'g1', element: t.element });
    const shown: string[][] = [];
    t.controller.registerFilter({ filterId: 'f1', target: 'g1', taxonomy: 'course', render: (terms) => shown.push(terms) });
    const ok = await t.controller.applyFilter('g1', 'f1', {
      filterType: 'taxonomy',
      filterData: { terms: ['dinner'], selectedTaxonomy: 'course', logicalJoin: 'AND' },
    });
    expect(ok).toBe(false);
    expect(t.pushState).not.toHaveBeenCalled();
    expect(t.location.search).toBe('?e-filter-g1-course=lunch');
    expect(t.controller.store.getFilter('g1', 'f1')?.filterData.terms).toEqual(['lunch']);
    // Shown optimistically while loading, then back to what the grid shows.
    expect(shown).toEqual([['lunch'], ['dinner'], ['lunch']]);
    expect(t.element.querySelector('.old')).not.toBeNull();
  });

  it('renders a NOT filter from the address with its join, so it can look excluded', () => {
    const t = setup('?e-filter-g1-diet=!vegan');
    t.controller.registerGrid({ widgetId: 'g1', element: t.element });
    const shown: Array<[string[], string | undefined]> = [];
    t.controller.registerFilter({ filterId: 'f1', target: 'g1', taxonomy: 'diet', render: (terms, join) => shown.push([terms, join]) });
    expect(shown).toEqual([[['vegan'], 'NOT']]);
  });

  it('back/forward rebuilds the filters from the address and refreshes', async () => {
    const t = setup('?e-filter-g1-course=dinner');
    const shown: string[][] = [];
    t.controller.registerFilter({ filterId: 'f1', target: 'g1', taxonomy: 'course', render: (terms) => shown.push(terms) });
    t.controller.registerGrid({ widgetId: 'g1', element: t.element });
    t.location.search = '';
    await t.controller.onPopState();
    expect(shown.at(-1)).toEqual([]);
    expect(t.controller.store.getFilters('g1')).toEqual({});
    expect(t.fetchImpl).toHaveBeenCalledTimes(1);
    // An entry that does not change this grid's filters (another widget's, a hash) leaves it alone.
    t.location.search = '?e-filter-other1-course=lunch';
    await t.controller.onPopState();
    expect(t.fetchImpl).toHaveBeenCalledTimes(1);
  });
});
