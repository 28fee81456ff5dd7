import type {
  AggregateOffer,
  BreadcrumbList,
  DayOfWeek,
  GroceryStore,
  HowToStep,
  NutritionInformation,
  Offer,
  OpeningHoursSpecification,
  Organization,
  Product,
  Recipe,
  SearchAction,
  WebSite,
  WithContext,
} from 'schema-dts';
import { openingHoursSpecification } from '../../../core/store-layer/hours';
import type { Store } from '../stores';
import type { NutritionFacts } from '../../../core/wire/catalogue-admin';

// JSON-LD for search engines' rich results, typed with schema-dts (docs/seo.md lists the properties each type
// carries). Every URL is absolute, from the site's configured origin.

export type JsonLd = WithContext<Recipe | Product | BreadcrumbList | WebSite | Organization | GroceryStore>;

const CONTEXT = 'https://schema.org' as const;
const minutes = (m: number): string => `PT${Math.max(0, Math.round(m))}M`;

/** The site search, as Google's sitelinks search box reads it ("query-input" is not in schema.org's vocabulary). */
type SiteSearchAction = SearchAction & { 'query-input': string };

export function websiteLd(origin: string, siteName: string): WithContext<WebSite> {
  const action: SiteSearchAction = {
    '@type': 'SearchAction',
    target: { '@type': 'EntryPoint', urlTemplate: `${origin}/search?s={search_term_string}` },
    'query-input': 'required name=search_term_string',
  };
  return { '@context': CONTEXT, '@type': 'WebSite', name: siteName, url: `${origin}/`, potentialAction: action };
}

export function organizationLd(origin: string, siteName: string): WithContext<Organization> {
  return { '@context': CONTEXT, '@type': 'Organization', name: siteName, url: `${origin}/`, logo: `${origin}/media/social/logo.png` };
}

export interface Crumb {
  name: string;
  path: string;
}

export function breadcrumbLd(origin: string, crumbs: Crumb[]): WithContext<BreadcrumbList> {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: `${origin}${c.path}` })),
  };
}

/** Nutrition facts (the back office's schema) as schema.org's NutritionInformation: each value with its unit. */
const NUTRITION_LD: Array<[keyof NutritionFacts, keyof Omit<NutritionInformation, '@type'>, string]> = [
  ['calories', 'calories', 'calories'],
  ['total_fat_g', 'fatContent', 'g'],
  ['saturated_fat_g', 'saturatedFatContent', 'g'],
  ['trans_fat_g', 'transFatContent', 'g'],
  ['cholesterol_mg', 'cholesterolContent', 'mg'],
  ['sodium_mg', 'sodiumContent', 'mg'],
  ['total_carbohydrate_g', 'carbohydrateContent', 'g'],
  ['dietary_fiber_g', 'fiberContent', 'g'],
  ['total_sugars_g', 'sugarContent', 'g'],
  ['protein_g', 'proteinContent', 'g'],
];

export function nutritionLd(facts: NutritionFacts | null): NutritionInformation | undefined {
  if (!facts) return undefined;
  const out: Record<string, string> = {};
  if (facts.serving_size) out.servingSize = facts.serving_size;
  for (const [key, property, unit] of NUTRITION_LD) {
    const v = facts[key];
    if (typeof v === 'number') out[property] = `${v} ${unit}`;
  }
  return Object.keys(out).length ? ({ '@type': 'NutritionInformation', ...out } as NutritionInformation) : undefined;
}

export interface RecipeFacts {
  title: string;
  summary: string;
  path: string;
  images: string[];
  prepMinutes: number;
  cookMinutes: number;
  serves: number;
  ingredients: string[];
  steps: string[];
  categories: string[];
  cuisines: string[];
  nutrition: NutritionFacts | null;
}

export function recipeLd(origin: string, r: RecipeFacts): WithContext<Recipe> {
  const steps: HowToStep[] = r.steps.map((text, i) => ({ '@type': 'HowToStep', position: i + 1, text }));
  const ld: WithContext<Recipe> = {
    '@context': CONTEXT,
    '@type': 'Recipe',
    name: r.title,
    url: `${origin}${r.path}`,
    image: r.images.map((src) => absolute(origin, src)),
    description: r.summary,
    prepTime: minutes(r.prepMinutes),
    cookTime: minutes(r.cookMinutes),
    totalTime: minutes(r.prepMinutes + r.cookMinutes),
    recipeYield: `${r.serves} servings`,
    recipeIngredient: r.ingredients,
    recipeInstructions: steps,
    recipeCategory: r.categories.join(', '),
    recipeCuisine: r.cuisines.join(', '),
  };
  const nutrition = nutritionLd(r.nutrition);
  if (nutrition) ld.nutrition = nutrition;
  return ld;
}

export interface ProductFacts {
  id: number;
  name: string;
  description: string;
  brand: string;
  upc: string | null;
  path: string;
  images: string[];
}

export type ProductOffer =
  | { kind: 'store'; price_cents: number; available: boolean; sale_ends: string | null }
  | { kind: 'aggregate'; low_cents: number; high_cents: number; count: number };

const dollars = (cents: number): string => (cents / 100).toFixed(2);

/** `siteName` is the brand of the store's own products (those without one). */
export function productLd(origin: string, p: ProductFacts, offer: ProductOffer | null, siteName: string): WithContext<Product> {
  const url = `${origin}${p.path}`;
  const ld: WithContext<Product> = {
    '@context': CONTEXT,
    '@type': 'Product',
    name: p.name,
    url,
    image: p.images.map((src) => absolute(origin, src)),
    description: p.description,
    sku: String(p.id),
    brand: { '@type': 'Brand', name: p.brand || siteName },
  };
  if (p.upc) ld.gtin = p.upc;
  if (offer?.kind === 'store') {
    const o: Offer = {
      '@type': 'Offer',
      url,
      price: dollars(offer.price_cents),
      priceCurrency: 'USD',
      availability: offer.available ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    };
    if (offer.sale_ends) o.priceValidUntil = offer.sale_ends;
    ld.offers = o;
  } else if (offer?.kind === 'aggregate') {
    const o: AggregateOffer = {
      '@type': 'AggregateOffer',
      lowPrice: dollars(offer.low_cents),
      highPrice: dollars(offer.high_cents),
      offerCount: offer.count,
      priceCurrency: 'USD',
    };
    ld.offers = o;
  }
  return ld;
}

export interface HoursException {
  day: string;
  open: string | null;
  close: string | null;
}

export function groceryStoreLd(store: Store, origin: string, exceptions: HoursException[] = []): WithContext<GroceryStore> {
  const special: OpeningHoursSpecification[] = exceptions.map((e) => ({
    '@type': 'OpeningHoursSpecification',
    validFrom: e.day,
    validThrough: e.day,
    // Closed all day: opens and closes at midnight (schema.org's convention).
    opens: e.open ?? '00:00',
    closes: e.close ?? '00:00',
  }));
  const ld: WithContext<GroceryStore> = {
    '@context': CONTEXT,
    '@type': 'GroceryStore',
    name: store.name,
    url: `${origin}/stores/${store.slug}`,
    image: `${origin}/media/social/logo.png`,
    telephone: store.phone,
    branchCode: store.store_number,
    address: {
      '@type': 'PostalAddress',
      streetAddress: [store.address_1, store.address_2].filter(Boolean).join(', '),
      addressLocality: store.city,
      addressRegion: store.state,
      postalCode: store.postal_code,
      addressCountry: 'US',
    },
    geo: { '@type': 'GeoCoordinates', latitude: store.latitude, longitude: store.longitude },
    openingHoursSpecification: openingHoursSpecification(store.hours).map(
      (o): OpeningHoursSpecification => ({
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: o.dayOfWeek as DayOfWeek,
        opens: o.opens,
        closes: o.closes,
      }),
    ),
  };
  if (special.length) ld.specialOpeningHoursSpecification = special;
  return ld;
}

export const absolute = (origin: string, src: string): string =>
  /^https?:\/\//i.test(src) ? src : `${origin}${src.startsWith('/') ? '' : '/'}${src}`;
