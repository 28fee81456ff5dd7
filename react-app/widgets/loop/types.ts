import type { ElementNode } from '../types';

// What the server provides (RenderContext.data) for loop grids and taxonomy filters.

export interface LoopItemData {
  id: number;
  title: string;
  url: string;
  image: string;
  summary: string;
  meta: string;
}

export interface LoopGridData {
  items: LoopItemData[];
  total: number;
  page: number;
  pages: number;
  templateId: number;
  template: ElementNode[];
  noun: [string, string];
  /** Address of each page of results (index 0 = page 1). */
  pageHrefs: string[];
}

export interface TaxonomyFilterTermData {
  slug: string;
  name: string;
  count: number;
  selected: boolean;
  /** Selected in a NOT filter: the results leave this term out. */
  excluded?: boolean;
  href: string;
}

export interface TaxonomyFilterData {
  terms: TaxonomyFilterTermData[];
  allHref: string;
  allSelected: boolean;
}

export const loopGridKey = (id: string): string => `loop-grid:${id}`;
export const taxonomyFilterKey = (id: string): string => `taxonomy-filter:${id}`;
