import type { Kysely } from 'kysely';
import type { TaxonomyClause } from '../../../core/loop-filter/types';
import type { Database } from '../../db/schema';
import type { LoopItemData } from '../../../react-app/widgets/loop/types';

/** One item of a loop grid, as the loop-item template's placeholders see it (the shape the widget renders). */
export type LoopItem = LoopItemData;

export interface LoopTerm {
  slug: string;
  name: string;
  count: number;
}

export type TaxonomyFilters = Record<string, TaxonomyClause>;

/** Where a loop grid's items come from: the taxonomies it can be filtered by and the query. */
export interface LoopSource {
  name: string;
  /** Singular and plural nouns for the result count. */
  noun: [string, string];
  taxonomies: string[];
  listTerms(db: Kysely<Database>, taxonomy: string): Promise<LoopTerm[]>;
  query(db: Kysely<Database>, filters: TaxonomyFilters, page: number, perPage: number): Promise<{ items: LoopItem[]; total: number }>;
}
