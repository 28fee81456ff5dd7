import { describe, expect, it } from 'vitest';
import { fontFamilyProblem, safeFontFamily } from './font-family';

// Issue 32, finding 9: one grammar for font-family lists, at save and at render.

describe('font-family grammar', () => {
  it.each([
    'Georgia, serif',
    '"Open Sans", Arial, sans-serif',
    "'Font 1'",
    '-apple-system, BlinkMacSystemFont, "Segoe UI"',
    'Times New Roman',
    '',
  ])('takes %j', (v) => expect(fontFamilyProblem(v)).toBeNull());

  it.each([
    ['a"', /quote is not closed/],
    ['x;}body{display:none}', /letters, digits/],
    ['</style><script>', /letters, digits/],
    ['"</style>"', /cannot hold/],
    ['Georgia,,serif', /missing between two commas/],
    ['"a" b', /own pair of quotes/],
    ['1Font', /letters, digits/],
    ['Georgia; color: red', /letters, digits/],
    ['a'.repeat(201), /at most 200/],
  ])('refuses %j with a message for the field', (v, message) => {
    expect(fontFamilyProblem(v)).toMatch(message);
    expect(safeFontFamily(v)).toBeNull();
  });

  it('renders exactly what it takes', () => {
    expect(safeFontFamily('  "Open Sans", serif ')).toBe('"Open Sans", serif');
    expect(safeFontFamily(42)).toBeNull();
  });
});
