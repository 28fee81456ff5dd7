import { describe, expect, it } from 'vitest';
import { choices } from './control-schema';

describe('choices', () => {
  it('lists a select’s options in the order written, the empty value included', () => {
    expect(choices({ '': 'Bullets', bullets: 'Bullets', 'full-width': 'Full width', AND: 'AND' })).toEqual([
      ['', 'Bullets'],
      ['bullets', 'Bullets'],
      ['full-width', 'Full width'],
      ['AND', 'AND'],
    ]);
  });
});
