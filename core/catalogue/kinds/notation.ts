import type { Allergen, NutritionFacts, SizeUnit, TaxCategory } from '../../wire/product-label';

// The notation the product-kind tables are written in (docs/catalogue-data.md): the kind's shape, the size
// and variety shorthand, the rules per till class and the brand families.

export type ProductAttributeKey = 'organic' | 'gluten_free' | 'vegan' | 'snap' | 'local';

/**
 * How a kind is treated at the till. `food` is groceries for home (SNAP, grocery tax); `deli` is cold prepared
 * food (SNAP, prepared-food tax); `hot` is hot prepared food (never SNAP); `catering` is ordered ahead (never
 * SNAP); `alcohol` is age-restricted and never SNAP; `nonfood` is everything a SNAP card cannot buy (diapers,
 * toiletries, cleaning, paper, pet food, vitamins, flowers).
 */
export type KindClass = 'food' | 'deli' | 'hot' | 'catering' | 'alcohol' | 'nonfood';

export interface KindSize {
  value: number;
  unit: SizeUnit;
  /** The shelf wording when it is not just value and unit ("1 dozen", "1 bunch", "6 × 12 fl oz"). */
  label: string | null;
  /** Believable shelf prices for this size, in cents, inclusive. */
  min_cents: number;
  max_cents: number;
}

/** What a variety changes from its kind: its own label, picture or attributes. */
export interface VarietyOverride {
  ingredients?: string;
  allergens?: Allergen[];
  nutrition?: NutritionFacts;
  image?: string;
  attributes?: ProductAttributeKey[];
  description?: string;
}

export interface KindVariety extends VarietyOverride {
  name: string;
}

export interface PackagedLabel {
  ingredients: string;
  allergens: Allergen[];
  nutrition: NutritionFacts | null;
}

export interface ProductKind {
  key: string;
  name: string;
  /** Top department and its sub-department, e.g. ['Dairy & Eggs', 'Milk']. */
  department: [string, string];
  catalog: 'grocery' | 'catering' | 'wine';
  class: KindClass;
  sizes: KindSize[];
  varieties: KindVariety[];
  brands: Array<{ name: string; local: boolean }>;
  /** Whether shelf names carry the brand ("Meadowbrook Creamery Whole Milk"); fresh produce and counters do not. */
  brand_in_name: boolean;
  description: string;
  /** Ingredients, allergens and nutrition facts: packaged foods only (fresh produce and counters have none). */
  label: PackagedLabel | null;
  snap_eligible: boolean;
  tax_category: TaxCategory;
  age_restricted: boolean;
  /** Hours of notice a catering order needs (24 or 48); 0 for everything else. */
  catering_notice_hours: number;
  attributes: ProductAttributeKey[];
  /** Kinds a search for this kind should also find (milk → non-dairy milks, cream, chocolate milk). */
  related: string[];
  /** The named picture: an icon of the Fluent Emoji Flat set, or one of FALLBACK_ART for kinds it has none of. */
  image: string;
  /** At most this many products are generated from the kind (varieties × brands × sizes). */
  cap: number;
}

/**
 * Named stand-ins for kinds the icon set has no picture of (diapers, foil, dish pods, beets…): a neutral object
 * of the right department rather than a wrong food. Every kind's image is a real icon name; these are the ones
 * that stand in.
 */
export const FALLBACK_ART = {
  /** A product of no known kind (made in the back office without one). */
  unknown: 'shopping-bags',
  produce: 'basket',
  pantry: 'jar',
  household: 'package',
  baby: 'baby-symbol',
  cleaning: 'sponge',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Notation helpers

/** Nutrition facts per serving: size, kcal, fat, sat fat, trans fat (g), cholesterol, sodium (mg), carbs, fiber, sugars, added sugars, protein (g). */
export const nf = (
  serving_size: string,
  calories: number,
  total_fat_g: number,
  saturated_fat_g: number,
  trans_fat_g: number,
  cholesterol_mg: number,
  sodium_mg: number,
  total_carbohydrate_g: number,
  dietary_fiber_g: number,
  total_sugars_g: number,
  added_sugars_g: number,
  protein_g: number,
): NutritionFacts => ({
  serving_size,
  calories,
  total_fat_g,
  saturated_fat_g,
  trans_fat_g,
  cholesterol_mg,
  sodium_mg,
  total_carbohydrate_g,
  dietary_fiber_g,
  total_sugars_g,
  added_sugars_g,
  protein_g,
});

const SIZE = /^([\d.]+) (fl oz|oz|lb|gal|qt|pt|ct|ea|g|kg|ml|l)(?: "([^"]+)")? @([\d.]+)-([\d.]+)$/;

export function parseSizes(text: string): KindSize[] {
  return text.split(';').map((part) => {
    const m = SIZE.exec(part.trim());
    if (!m) throw new Error(`Bad size "${part.trim()}"`);
    return {
      value: Number(m[1]),
      unit: m[2] as SizeUnit,
      label: m[3] ?? null,
      min_cents: Math.round(Number(m[4]) * 100),
      max_cents: Math.round(Number(m[5]) * 100),
    };
  });
}

const list = (text: string): string[] =>
  text
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);

interface KindInput {
  sizes: string;
  varieties: string | Array<string | KindVariety>;
  brands: string;
  description: string;
  image: string;
  class?: KindClass;
  catalog?: ProductKind['catalog'];
  brand_in_name?: boolean;
  label?: PackagedLabel;
  attributes?: string;
  related?: string;
  notice?: 24 | 48;
  cap?: number;
}

const CLASS_RULES: Record<KindClass, { snap: boolean; tax: TaxCategory; age: boolean }> = {
  food: { snap: true, tax: 'grocery', age: false },
  deli: { snap: true, tax: 'prepared_food', age: false },
  hot: { snap: false, tax: 'prepared_food', age: false },
  catering: { snap: false, tax: 'prepared_food', age: false },
  alcohol: { snap: false, tax: 'alcohol', age: true },
  nonfood: { snap: false, tax: 'general', age: false },
};

export function kind(key: string, name: string, path: string, input: KindInput): ProductKind {
  const [top, child] = path.split(' / ');
  const cls = input.class ?? 'food';
  const rules = CLASS_RULES[cls];
  const varieties = typeof input.varieties === 'string' ? list(input.varieties) : input.varieties;
  return {
    key,
    name,
    department: [top, child],
    catalog: input.catalog ?? (top === 'Catering' ? 'catering' : top === 'Wine Cellar' ? 'wine' : 'grocery'),
    class: cls,
    sizes: parseSizes(input.sizes),
    varieties: varieties.map((v) => (typeof v === 'string' ? { name: v } : v)),
    brands: list(input.brands).map((b) => ({ name: b.replace(/\*$/, ''), local: b.endsWith('*') })),
    brand_in_name: input.brand_in_name ?? cls !== 'catering',
    description: input.description,
    label: input.label ?? null,
    snap_eligible: rules.snap,
    tax_category: rules.tax,
    age_restricted: rules.age,
    catering_notice_hours: input.notice ?? 0,
    attributes: (input.attributes ? input.attributes.split(/\s+/).filter(Boolean) : []) as ProductAttributeKey[],
    related: input.related ? input.related.split(/\s+/).filter(Boolean) : [],
    image: input.image,
    cap: input.cap ?? 10,
  };
}

export const v = (name: string, override: VarietyOverride): KindVariety => ({ name, ...override });
export const lbl = (ingredients: string, allergens: Allergen[], nutrition: NutritionFacts | null): PackagedLabel => ({
  ingredients,
  allergens,
  nutrition,
});

// Brand families. Harvest Lane is the chain's own label; the rest are regional and national makers.
export const B = {
  produce: 'Harvest Lane; Sunny Fields*; Green Valley Growers',
  dairy: 'Harvest Lane; Sunny Fields*; Meadowbrook Creamery',
  meat: 'Harvest Lane; Buckeye Farms*; Prairie Ridge',
  seafood: 'Harvest Lane; Blue Harbor; Cape Ann Seafood',
  bakery: 'Harvest Lane Bakery; Old Mill; Hearth & Home',
  pantry: 'Harvest Lane; Old Mill; Golden Spoon',
  snacks: 'Harvest Lane; Crunch Street; Hearth & Home',
  drinks: 'Harvest Lane; Clear Spring; Fizz & Co.',
  coffee: 'Harvest Lane; Bright Morning Roasters*; Blue Ridge Coffee',
  frozen: 'Harvest Lane; Polar Pantry; Hearth & Home',
  deli: 'Harvest Lane Kitchen',
  health: 'Harvest Lane Wellness; Pure Daily',
  home: 'Harvest Lane Home; EverClean; Brightside',
  baby: 'Harvest Lane Little Ones; Tender Steps',
  pet: 'Harvest Lane Pet; Happy Tails',
  floral: 'Harvest Lane Floral',
  beer: 'Brick Street Brewing*; Three Rivers Ale Works*; Lakeshore Brewing Co.',
  wine: 'Oak Ridge Cellars; Fernhill Estate; Domaine des Pins; North Shore Vineyards*',
  spirits: 'Limestone Creek; Harbor Botanical; Agave Alto; Glen Arran',
  catering: 'Harvest Lane Catering',
};

export const GF = 'gluten_free';

// ---------------------------------------------------------------------------------------------------------
// The kinds
