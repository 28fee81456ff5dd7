import { describe, expect, it } from 'vitest';
import { consolidateFilters, FilterStore } from './filter-store';
import { fromWireJoin, normalizeOperator, toWireJoin } from './logical-join';
import { toggleTerm } from './selection';
import type { LogicalJoin, LoopFilter } from './types';

const tax = (selectedTaxonomy: string, terms: string[], logicalJoin: LogicalJoin = 'AND'): LoopFilter => ({
  filterType: 'taxonomy',
  filterData: { terms, selectedTaxonomy, logicalJoin },
});

describe('logical joins', () => {
  it.each([
    ['AND', 'AND'],
    ['OR', 'IN'],
    ['NOT', 'NOT IN'],
    ['DISABLED', 'AND'],
  ] as const)('%s is sent as %s', (join, wire) => expect(toWireJoin(join)).toBe(wire));

  it('reads wire joins back', () => {
    expect(fromWireJoin('IN')).toBe('OR');
    expect(fromWireJoin('NOT IN')).toBe('NOT');
    expect(fromWireJoin('AND')).toBe('AND');
  });

  it.each([
    ['AND', 'AND'],
    ['OR', 'OR'],
    ['NOT', 'DISABLED'],
    ['and', 'DISABLED'],
    ['', 'DISABLED'],
    [undefined, 'DISABLED'],
    [1, 'DISABLED'],
  ])('operator %s → %s', (op, expected) => expect(normalizeOperator(op)).toBe(expected));
});

describe('filter store', () => {
  it('keeps filters per widget id keyed by filter id', () => {
    const s = new FilterStore();
    s.setFilter('w1', 'f1', tax('course', ['dinner']));
    s.setFilter('w1', 'f2', tax('diet', ['vegan', 'gluten-free'], 'OR'));
    s.setFilter('w2', 'f1', tax('department', ['produce']));
    expect(Object.keys(s.getFilters('w1'))).toEqual(['f1', 'f2']);
    expect(s.getFilter('w2', 'f1')?.filterData.terms).toEqual(['produce']);
    expect(s.getFilters('nope')).toEqual({});
  });

  it('removing a term keeps the rest; removing the last term or no term given removes the whole filter', () => {
    const s = new FilterStore();
    s.setFilter('w', 'f', tax('diet', ['vegan', 'gluten-free']));
    s.removeFilterTerm('w', 'f', 'vegan');
    expect(s.getFilter('w', 'f')?.filterData.terms).toEqual(['gluten-free']);
    s.removeFilterTerm('w', 'f', 'gluten-free');
    expect(s.getFilter('w', 'f')).toBeUndefined();
    s.setFilter('w', 'f', tax('diet', ['vegan', 'gluten-free']));
    s.removeFilterTerm('w', 'f');
    expect(s.getFilters('w')).toEqual({});
  });

  it('a filter set without terms is removed', () => {
    const s = new FilterStore();
    s.setFilter('w', 'f', tax('diet', ['vegan']));
    s.setFilter('w', 'f', tax('diet', []));
    expect(s.getFilter('w', 'f')).toBeUndefined();
  });

  it('consolidates by filter type and taxonomy with wire joins', () => {
    const s = new FilterStore();
    s.setFilter('w', 'a', tax('course', ['dinner', 'lunch'], 'OR'));
    s.setFilter('w', 'b', tax('diet', ['vegan'], 'NOT'));
    s.setFilter('w', 'c', tax('cuisine', ['italian'], 'DISABLED'));
    s.setFilter('w', 'd', { filterType: 'other', filterData: { terms: ['x'], selectedTaxonomy: 'course', logicalJoin: 'AND' } });
    expect(s.getConsolidatedFilters('w')).toEqual({
      taxonomy: {
        course: { terms: ['dinner', 'lunch'], logicalJoin: 'IN' },
        diet: { terms: ['vegan'], logicalJoin: 'NOT IN' },
        cuisine: { terms: ['italian'], logicalJoin: 'AND' },
      },
      other: { course: { terms: ['x'], logicalJoin: 'AND' } },
    });
  });

  it('merges filters of one taxonomy: same join kept, differing joins fall back to AND, terms deduplicated', () => {
    expect(consolidateFilters([tax('course', ['dinner'], 'OR'), tax('course', ['lunch', 'dinner'], 'OR')])).toEqual({
      taxonomy: { course: { terms: ['dinner', 'lunch'], logicalJoin: 'IN' } },
    });
    expect(consolidateFilters([tax('course', ['dinner'], 'OR'), tax('course', ['lunch'], 'AND')])).toEqual({
      taxonomy: { course: { terms: ['dinner', 'lunch'], logicalJoin: 'AND' } },
    });
    expect(consolidateFilters([tax('course', [])])).toEqual({});
  });
});

describe('term selection', () => {
  it.each([
    [[], 'a', false, ['a']],
    [['a'], 'a', false, []],
    [['a'], 'b', false, ['b']],
    [['a'], 'b', true, ['a', 'b']],
    [['a', 'b'], 'a', true, ['b']],
  ])('%j + %s (multiple %s) → %j', (selected, term, multiple, expected) => expect(toggleTerm(selected, term, multiple)).toEqual(expected));
});
