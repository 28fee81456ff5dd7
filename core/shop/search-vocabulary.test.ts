import { describe, expect, it } from 'vitest';
import { headWord, joinedWords, normalizeWord, queryForms, searchWords } from './search-vocabulary';

describe('search vocabulary', () => {
  it.each([
    ['Bananas', 'banana'],
    ['cherries', 'cherry'],
    ['cookies', 'cookie'],
    ['Tomatoes', 'tomato'],
    ['peaches', 'peach'],
    ['hummus', 'hummus'],
    ['glass', 'glass'],
    ['Crémant', 'cremant'],
    ['JALAPEÑOS', 'jalapeno'],
  ])('%s → %s', (word, expected) => expect(normalizeWord(word)).toBe(expected));

  it('drops joining words and splits on punctuation', () => {
    expect(searchWords('Mac & Cheese')).toEqual(['mac', 'cheese']);
    expect(searchWords('salt and pepper')).toEqual(['salt', 'pepper']);
    expect(joinedWords('Gluten-Free Sandwich Bread')).toEqual(['glutenfree']);
  });

  it('puts the shelf’s words for a known phrase first, and keeps the shopper’s', () => {
    expect(queryForms('Toilet Paper')).toEqual(['bath tissue', 'toilet paper']);
    expect(queryForms('coke')).toEqual(['cola', 'coke']);
    expect(queryForms('cokes')).toEqual(['cokes']);
    expect(queryForms('milk')).toEqual(['milk']);
    expect(queryForms('%_*"')).toEqual([]);
  });

  it('names the head noun of a product', () => {
    expect(headWord('Whole Milk')).toBe('milk');
    expect(headWord('Milk Chocolate Bar')).toBe('bar');
    expect(headWord('Local IPA Six-Pack')).toBe('ipa');
    expect(headWord('Shrimp 16/20')).toBe('shrimp');
    expect(headWord('Fresh Fruit Platter (serves 12)')).toBe('platter');
  });
});
