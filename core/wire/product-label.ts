// What a shelf label and a product page say about a product: its size unit, allergens, nutrition facts and
// tax category. One declaration for the seed, the back office, feeds and the product page (docs/catalogue-data.md).

/** Package units. A half gallon is 0.5 gal; loose produce and the meat counter sell by the lb. */
export const SIZE_UNITS = ['oz', 'fl oz', 'lb', 'gal', 'qt', 'pt', 'ct', 'ea', 'g', 'kg', 'ml', 'l'] as const;
export type SizeUnit = (typeof SIZE_UNITS)[number];

/** The nine major food allergens a US label must declare. */
export const ALLERGENS = ['milk', 'eggs', 'fish', 'shellfish', 'tree_nuts', 'peanuts', 'wheat', 'soy', 'sesame'] as const;
export type Allergen = (typeof ALLERGENS)[number];

export const ALLERGEN_LABELS: Record<Allergen, string> = {
  milk: 'Milk',
  eggs: 'Eggs',
  fish: 'Fish',
  shellfish: 'Shellfish',
  tree_nuts: 'Tree nuts',
  peanuts: 'Peanuts',
  wheat: 'Wheat',
  soy: 'Soy',
  sesame: 'Sesame',
};

/**
 * How sales tax treats a product: `grocery` is food for home (exempt in our states), `prepared_food` is food
 * made to eat now (taxed, never SNAP), `alcohol` is taxed and age-restricted, `general` is everything else.
 */
export const TAX_CATEGORIES = ['grocery', 'prepared_food', 'alcohol', 'general'] as const;
export type TaxCategory = (typeof TAX_CATEGORIES)[number];

/** A Nutrition Facts panel, per serving, as the FDA label lays it out. */
export interface NutritionFacts {
  serving_size: string;
  calories: number;
  total_fat_g: number;
  saturated_fat_g: number;
  trans_fat_g: number;
  cholesterol_mg: number;
  sodium_mg: number;
  total_carbohydrate_g: number;
  dietary_fiber_g: number;
  total_sugars_g: number;
  added_sugars_g: number;
  protein_g: number;
}

/** The size as a label prints it: "1 gal", "1/2 gal", "12 ct", "1.5 lb". */
export function formatSize(value: number, unit: SizeUnit): string {
  if (unit === 'gal' && value === 0.5) return '1/2 gal';
  return `${Number.isInteger(value) ? value : Number(value.toFixed(2))} ${unit}`;
}
