import { describe, expect, it } from 'vitest';
import { termState } from './term-state';

describe('filter term state', () => {
  it.each([
    ['vegan', ['vegan'], 'AND', 'included'],
    ['vegan', ['vegan', 'keto'], 'OR', 'included'],
    ['vegan', ['vegan'], 'DISABLED', 'included'],
    ['vegan', ['vegan'], 'NOT', 'excluded'],
    ['keto', ['vegan'], 'NOT', 'none'],
    ['vegan', [], undefined, 'none'],
  ] as const)('%s of %o joined by %s is %s', (term, terms, join, state) => {
    expect(termState(term, terms, join)).toBe(state);
  });
});
