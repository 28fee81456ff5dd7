import { describe, expect, it } from 'vitest';
import { findPlace } from './places';

// Where the shopper is, from what they type into the store chooser (ZIP codes and cities, offline).

const COLUMBUS_OH = { latitude: 39.97, longitude: -83.0 };

describe('findPlace', () => {
  it.each([
    ['43215', 'Columbus, OH 43215'],
    ['43215-1234', 'Columbus, OH 43215'],
    [' 15201 ', 'Pittsburgh, PA 15201'],
    ['Columbus, OH', 'Columbus, OH'],
    ['columbus oh', 'Columbus, OH'],
    ['Columbus, Ohio', 'Columbus, OH'],
    ['Ann Arbor', 'Ann Arbor, MI'],
    ['Columbus, GA', 'Columbus, GA'],
  ])('%s → %s', (typed, label) => {
    expect(findPlace(typed, [COLUMBUS_OH])?.label).toBe(label);
  });

  it('takes a city in several states to be the one nearest a store', () => {
    const place = findPlace('Columbus', [COLUMBUS_OH])!;
    expect(place.label).toBe('Columbus, OH');
    expect(Math.abs(place.latitude - 39.97)).toBeLessThan(0.5);
    expect(findPlace('Columbus', [{ latitude: 32.46, longitude: -84.99 }])?.label).toBe('Columbus, GA');
  });

  it.each(['00000', 'Atlantis', 'Columbus, ZZ', 'Atlantis, OH', '', '1234', 'x'.repeat(81)])('finds nothing for %j', (typed) => {
    expect(findPlace(typed, [COLUMBUS_OH])).toBeNull();
  });
});
