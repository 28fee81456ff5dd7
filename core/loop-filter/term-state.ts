import type { LogicalJoin } from './types';

// How a filter term shows (docs/behaviour.md joins): a term of a NOT filter is excluded from the results, which must
// not look like the included terms of an AND/OR filter.

export type TermState = 'included' | 'excluded' | 'none';

export function termState(term: string, terms: readonly string[], join: LogicalJoin | undefined): TermState {
  if (!terms.includes(term)) return 'none';
  return join === 'NOT' ? 'excluded' : 'included';
}

/** The words screen readers hear after an excluded term's name (the strike-through is only visual). */
export const EXCLUDED_LABEL = 'excluded';
