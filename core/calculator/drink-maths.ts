// Drink calculator maths (docs/behaviour.md): each guest has length + 1 drinks ("drinks per guest per hour = length + 1"),
// split by the wine/beer/spirit percentages; with champagne each guest has one more drink, a champagne toast,
// bought as one bottle per 5 guests. Wine comes in bottles of 5 drinks, beer in six-packs, spirits in bottles of
// 16 drinks. Every count is rounded up.

export const DRINKS_PER_WINE_BOTTLE = 5;
export const BEERS_PER_SIX_PACK = 6;
export const DRINKS_PER_SPIRIT_BOTTLE = 16;
export const GUESTS_PER_CHAMPAGNE_BOTTLE = 5;

export interface DrinkPercentages {
  wine: number;
  beer: number;
  spirit: number;
}

export interface DrinkInputs extends DrinkPercentages {
  guests: number;
  /** Length of the event in hours. */
  length: number;
  champagne: boolean;
}

export interface DrinkQuantities {
  /** All drinks, the champagne toast included. */
  totalDrinks: number;
  wineDrinks: number;
  beerDrinks: number;
  spiritDrinks: number;
  wineBottles: number;
  beerSixPacks: number;
  spiritBottles: number;
  champagneBottles: number;
}

// Guards against binary fractions: 0.1 * 30 must not round up to 4.
const ceil = (x: number): number => Math.ceil(x - 1e-9) || 0;

export function drinkQuantities(input: DrinkInputs): DrinkQuantities {
  const mixedDrinks = ceil(input.guests * (input.length + 1));
  const wineDrinks = ceil((mixedDrinks * input.wine) / 100);
  const beerDrinks = ceil((mixedDrinks * input.beer) / 100);
  const spiritDrinks = ceil((mixedDrinks * input.spirit) / 100);
  const toasts = input.champagne ? input.guests : 0;
  return {
    totalDrinks: mixedDrinks + toasts,
    wineDrinks,
    beerDrinks,
    spiritDrinks,
    wineBottles: ceil(wineDrinks / DRINKS_PER_WINE_BOTTLE),
    beerSixPacks: ceil(beerDrinks / BEERS_PER_SIX_PACK),
    spiritBottles: ceil(spiritDrinks / DRINKS_PER_SPIRIT_BOTTLE),
    champagneBottles: input.champagne ? ceil(input.guests / GUESTS_PER_CHAMPAGNE_BOTTLE) : 0,
  };
}
