import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeTerms,
  encodeTerms,
  readAddressFilters,
  readPage,
  readWidgetFilters,
  writeWidgetFilters,
  type AddressFilters,
} from './query-codec';
import type { TaxonomyClause, WireJoin } from './types';

const slug = fc.stringMatching(/^[a-z0-9][a-z0-9_-]{0,12}$/);
const widgetId = fc.stringMatching(/^[a-z0-9]{1,8}$/);
const join = fc.constantFrom<WireJoin>('AND', 'IN', 'NOT IN');
const clause = fc.record({ terms: fc.uniqueArray(slug, { minLength: 1, maxLength: 5 }), logicalJoin: join });
const filters = fc.dictionary(slug, clause, { maxKeys: 4 }) as fc.Arbitrary<AddressFilters>;
/** One term IN is the same condition as one term AND, and is written the same way. */
const same = (c: TaxonomyClause): TaxonomyClause => (c.terms.length === 1 && c.logicalJoin === 'IN' ? { ...c, logicalJoin: 'AND' } : c);
const sameAll = (f: AddressFilters): AddressFilters => Object.fromEntries(Object.entries(f).map(([k, c]) => [k, same(c)]));
const otherParam = fc
  .tuple(fc.stringMatching(/^[a-z][a-z0-9_]{0,6}$/), fc.stringMatching(/^[A-Za-z0-9%._~-]{0,8}$/))
  .map(([k, v]) => `${k}=${v}`);

describe('loop filter query codec', () => {
  it('writes the wire format: e-filter-{widgetId}-{taxonomy}, terms joined by + ~ !', () => {
    expect(writeWidgetFilters('', 'c7a001', { course: { terms: ['dinner', 'lunch'], logicalJoin: 'AND' } })).toBe(
      '?e-filter-c7a001-course=dinner+lunch',
    );
    expect(writeWidgetFilters('', 'c7a001', { diet: { terms: ['vegan', 'gluten-free'], logicalJoin: 'IN' } })).toBe(
      '?e-filter-c7a001-diet=vegan~gluten-free',
    );
    expect(writeWidgetFilters('', 'c7a001', { diet: { terms: ['vegan', 'dairy-free'], logicalJoin: 'NOT IN' } })).toBe(
      '?e-filter-c7a001-diet=vegan!dairy-free',
    );
    expect(writeWidgetFilters('', 'c7a001', { diet: { terms: ['vegan'], logicalJoin: 'NOT IN' } })).toBe('?e-filter-c7a001-diet=!vegan');
    expect(writeWidgetFilters('', 'c7a001', { diet: { terms: ['vegan'], logicalJoin: 'IN' } })).toBe('?e-filter-c7a001-diet=vegan');
  });

  it('drops the widget page parameter when its filters change and keeps every other parameter', () => {
    const search = '?s=soup&e-page-c7a001=3&e-filter-c7a001-course=lunch&e-page-other1=2&e-filter-other1-diet=vegan&utm_source=mail%20x';
    expect(writeWidgetFilters(search, 'c7a001', { course: { terms: ['dinner'], logicalJoin: 'AND' } })).toBe(
      '?s=soup&e-page-other1=2&e-filter-other1-diet=vegan&utm_source=mail%20x&e-filter-c7a001-course=dinner',
    );
    expect(writeWidgetFilters('?e-filter-c7a001-course=lunch&e-page-c7a001=2', 'c7a001', {})).toBe('');
  });

  it('reads hyphenated taxonomies, NOT, encoded and space-decoded separators; ignores junk', () => {
    expect(readAddressFilters('?e-filter-abc1-product-type=a-b+c&e-filter-abc1-diet=!vegan&x=1')).toEqual({
      abc1: { 'product-type': { terms: ['a-b', 'c'], logicalJoin: 'AND' }, diet: { terms: ['vegan'], logicalJoin: 'NOT IN' } },
    });
    expect(decodeTerms('a%2Bb')).toEqual({ terms: ['a', 'b'], logicalJoin: 'AND' });
    expect(decodeTerms('a b')).toEqual({ terms: ['a', 'b'], logicalJoin: 'AND' });
    expect(decodeTerms('a%7Eb')).toEqual({ terms: ['a', 'b'], logicalJoin: 'IN' });
    expect(decodeTerms('')).toBeNull();
    expect(decodeTerms('%E0%A4%A')).toBeNull();
    expect(decodeTerms('<script>')).toBeNull();
    expect(readWidgetFilters('?e-filter-w1-=a&e-filter--course=a&e-filter-w1-Bad=a', 'w1')).toEqual({});
  });

  it('reads the page number of the widget', () => {
    expect(readPage('?e-page-w1=3', 'w1')).toBe(3);
    expect(readPage('?e-page-w1=0', 'w1')).toBe(1);
    expect(readPage('?e-page-w1=x', 'w1')).toBe(1);
    expect(readPage('?e-page-w2=4', 'w1')).toBe(1);
  });

  it('round-trips every generated filter state, keeping other parameters (property)', () => {
    fc.assert(
      fc.property(widgetId, filters, fc.array(otherParam, { maxLength: 3 }), (id, state, others) => {
        const search = writeWidgetFilters(others.length ? `?${others.join('&')}` : '', id, state);
        expect(readWidgetFilters(search, id)).toEqual(sameAll(state));
        for (const o of others) expect(search).toContain(o);
        // Writing again what was read gives the same address.
        expect(writeWidgetFilters(search, id, readWidgetFilters(search, id))).toBe(search);
      }),
      { numRuns: 300 },
    );
  });

  it('single clauses round-trip through encode/decode (property)', () => {
    fc.assert(
      fc.property(clause, (c) => {
        expect(decodeTerms(encodeTerms(c))).toEqual(same(c));
      }),
      { numRuns: 300 },
    );
  });

  it("a widget leaves other widgets' filters alone (property)", () => {
    fc.assert(
      fc.property(filters, filters, (a, b) => {
        const search = writeWidgetFilters(writeWidgetFilters('', 'one', a), 'two', b);
        expect(readWidgetFilters(search, 'one')).toEqual(sameAll(a));
        expect(readWidgetFilters(search, 'two')).toEqual(sameAll(b));
      }),
    );
  });
});
