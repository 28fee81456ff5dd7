import { describe, expect, it } from 'vitest';
import { drinkQuantities, type DrinkInputs } from './drink-maths';

const base: DrinkInputs = { guests: 10, length: 3, wine: 50, beer: 30, spirit: 20, champagne: false };

describe('drinkQuantities', () => {
  it.each([
    // guests, length, wine, beer, spirit, champagne → total, wine bottles, six-packs, spirit bottles, champagne bottles
    [{ ...base }, 40, 4, 2, 1, 0],
    [{ ...base, champagne: true }, 50, 4, 2, 1, 2],
    [{ ...base, guests: 1, length: 1, wine: 100, beer: 0, spirit: 0 }, 2, 1, 0, 0, 0],
    [{ ...base, guests: 7, length: 4, wine: 34, beer: 33, spirit: 33, champagne: true }, 42, 3, 2, 1, 2],
    [{ ...base, guests: 100, length: 2, wine: 0, beer: 100, spirit: 0 }, 300, 0, 50, 0, 0],
    [{ ...base, guests: 6, length: 1, wine: 0, beer: 0, spirit: 100, champagne: true }, 18, 0, 0, 1, 2],
    [{ ...base, guests: 3, length: 1.5, wine: 100, beer: 0, spirit: 0 }, 8, 2, 0, 0, 0],
  ])('%o → %i drinks', (input, total, wine, beer, spirit, champagne) => {
    const q = drinkQuantities(input);
    expect([q.totalDrinks, q.wineBottles, q.beerSixPacks, q.spiritBottles, q.champagneBottles]).toEqual([
      total,
      wine,
      beer,
      spirit,
      champagne,
    ]);
  });

  it('splits the drinks by the percentages, each rounded up', () => {
    // 7 guests × 5 drinks = 35: wine 11.9 → 12, beer 11.55 → 12, spirit 11.55 → 12.
    expect(drinkQuantities({ ...base, guests: 7, length: 4, wine: 34, beer: 33, spirit: 33 })).toMatchObject({
      wineDrinks: 12,
      beerDrinks: 12,
      spiritDrinks: 12,
    });
  });

  it('does not round up binary fractions of exact counts', () => {
    // 10 guests × 3 drinks = 30 at 10% is exactly 3 drinks, not 4.
    expect(drinkQuantities({ ...base, length: 2, wine: 10, beer: 70, spirit: 20 }).wineDrinks).toBe(3);
  });
});
