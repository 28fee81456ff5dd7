import { z } from 'zod';
import { hasControlCharacters } from '../security/control-characters';
import { isCalendarDate } from '../shop/store-day';
import { PRODUCT_ATTRIBUTES } from '../shop/product-attributes';
import { CATALOGS } from '../shop/catalog';
import { seoFieldsSchema } from './seo';

// The back office's catalogue formats (docs/catalogue.md): what the API under /api/admin/v1/catalogue accepts
// and answers. The server validates with these schemas; the screens build their bodies and read the answers by
// the same types, so a field is named once.

export const CATALOGUE_ADMIN_PATH = '/admin/catalogue';

/** The back office's sections, in the order of its navigation. */
export const CATALOGUE_SECTIONS = {
  stores: 'Stores',
  departments: 'Departments',
  products: 'Products',
  promotions: 'Promotions',
  coupons: 'Coupons',
  circulars: 'Circulars',
  recipes: 'Recipes',
  merchandisers: 'Merchandisers',
} as const;
export type CatalogueSection = keyof typeof CATALOGUE_SECTIONS;
/** Sections only administrators see (who holds the merchandiser role). */
export const ADMINISTRATOR_SECTIONS: readonly CatalogueSection[] = ['merchandisers'];

/** Granting the merchandiser role: the account's email address. */
export const merchandiserInput = z.object({
  email: z
    .string({ error: 'must be text' })
    .trim()
    .min(1, 'is required')
    .max(254, 'must be at most 254 characters')
    .email('must be an email address'),
});
export type MerchandiserInput = z.infer<typeof merchandiserInput>;
export interface MerchandiserRecord {
  id: number;
  name: string;
  email: string;
}

const noControls = (v: string) => !hasControlCharacters(v);
/** Plain text, trimmed, without control characters (newlines allowed where `multiline`). */
export const text = (max: number, multiline = false) =>
  z
    .string({ error: 'must be text' })
    .trim()
    .max(max, `at most ${max} characters`)
    .refine((v) => noControls(multiline ? v.replace(/[\r\n\t]/g, ' ') : v), 'must not contain control characters');
export const requiredText = (max: number, what = 'a value') => text(max).refine((v) => v.length > 0, `Enter ${what}.`);
export const slug = z
  .string({ error: 'must be text' })
  .trim()
  .min(1, 'Enter a slug.')
  .max(120, 'at most 120 characters')
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use lowercase letters, digits and single hyphens.');
export const cents = z
  .number({ error: 'must be a number of cents' })
  .int('must be whole cents')
  .min(0, 'must not be negative')
  .max(100_000_000, 'is too large');
export const day = z.string({ error: 'must be a date YYYY-MM-DD' }).refine(isCalendarDate, 'must be a date YYYY-MM-DD');
export const clock = z
  .string({ error: 'must be a time HH:MM' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'must be a time HH:MM (00:00 to 24:00)');
export const rowId = z.number({ error: 'must be an id' }).int('must be a whole number').positive('must be positive').max(2_147_483_647);
export const ids = (max = 500) => z.array(rowId, { error: 'must be a list of ids' }).max(max, `at most ${max} ids`);
export const flag = z.boolean({ error: 'must be true or false' });

/**
 * The SEO fields every catalogue row carries: the one schema of the SEO area (core/wire/seo.ts, docs/seo.md),
 * the same as a page's; the server bounds canonical addresses to the site's origin (checkSeo).
 */
export const seoSchema = seoFieldsSchema(null);
export type Seo = z.infer<typeof seoSchema>;

/**
 * The row's updated_at when the form was opened: a save over a change made since (another tab, another
 * merchandiser) is refused with 409 instead of overwriting it. Left out, the save overwrites.
 */
const editedAt = z.number({ error: 'must be a time' }).int().min(0).optional();

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const openClose = z.tuple([clock, clock], { error: 'must be [open, close] times' }).refine(([o, c]) => o < c, 'must close after it opens');
export const hoursSchema = z.object(
  Object.fromEntries(WEEKDAYS.map((d) => [d, openClose.nullable()])) as Record<(typeof WEEKDAYS)[number], z.ZodNullable<typeof openClose>>,
  {
    error: 'must give every weekday its hours or null',
  },
);

export const STORE_SERVICES = [
  'pickup',
  'delivery',
  'pharmacy',
  'bakery',
  'deli',
  'floral',
  'catering',
  'wine',
  'fuel',
  'ev_charging',
] as const;
export const STORE_KINDS = ['shopping', 'catering', 'wine'] as const;

export const holidaySchema = z
  .object({ day, open: clock.nullable(), close: clock.nullable(), note: text(120).optional() })
  .refine((h) => (h.open === null) === (h.close === null), { path: ['close'], message: 'give both times, or neither (closed)' })
  .refine((h) => h.open === null || h.close === null || h.open < h.close, { path: ['close'], message: 'must close after it opens' });
export type HolidayHours = z.infer<typeof holidaySchema>;

const isTimeZone = (v: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: v });
    return /^[A-Za-z_]+\/[A-Za-z_/+-]+$|^UTC$/.test(v);
  } catch {
    return false;
  }
};

export const storeInput = z.object({
  name: requiredText(120, 'the store name'),
  slug,
  kind: z.enum(STORE_KINDS, { error: `must be one of ${STORE_KINDS.join(', ')}` }),
  address_1: requiredText(200, 'the street address'),
  address_2: text(200).default(''),
  city: requiredText(120, 'the city'),
  state: z
    .string({ error: 'must be text' })
    .trim()
    .regex(/^[A-Z]{2}$/, 'must be a two-letter state code'),
  postal_code: z
    .string({ error: 'must be text' })
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, 'must be a ZIP code'),
  phone: text(40).default(''),
  latitude: z.number({ error: 'must be a number' }).min(-90).max(90),
  longitude: z.number({ error: 'must be a number' }).min(-180).max(180),
  store_number: text(20).default(''),
  time_zone: z.string({ error: 'must be text' }).refine(isTimeZone, 'must be a time zone such as America/New_York'),
  tax_rate_bp: z
    .number({ error: 'must be a number' })
    .int('must be whole basis points')
    .min(0, 'must not be negative')
    .max(2500, 'at most 25 %'),
  hours: hoursSchema,
  holidays: z.array(holidaySchema).max(100, 'at most 100 days').default([]),
  opening_date: day.nullable().default(null),
  services: z
    .array(z.enum(STORE_SERVICES, { error: `must be among ${STORE_SERVICES.join(', ')}` }))
    .max(20)
    .default([]),
  store_group_ids: ids(50).default([]),
  store_segment_ids: ids(50).default([]),
  related_catering_store_id: rowId.nullable().default(null),
  related_wine_store_id: rowId.nullable().default(null),
  is_selectable: flag,
  seo: seoSchema.default({}),
  expected_updated_at: editedAt,
});
export type StoreInput = z.input<typeof storeInput>;
export type StoreRecord = Omit<z.output<typeof storeInput>, 'expected_updated_at'> & { id: number; updated_at: number };

export const departmentInput = z.object({
  title: requiredText(120, 'the department name'),
  slug,
  parent_id: rowId.nullable().default(null),
  position: z.number({ error: 'must be a number' }).int().min(0).max(100_000),
  catalog: z.enum(CATALOGS, { error: `must be one of ${CATALOGS.join(', ')}` }),
});
export type DepartmentInput = z.input<typeof departmentInput>;
export type DepartmentRecord = z.output<typeof departmentInput> & { id: number; product_count: number };

export const SIZE_UNITS = ['oz', 'fl oz', 'lb', 'gal', 'qt', 'pt', 'ct', 'ea', 'g', 'kg', 'ml', 'l'] as const;
export const TAX_CATEGORIES = ['grocery', 'prepared_food', 'alcohol', 'general'] as const;
export const ALLERGENS = ['milk', 'eggs', 'fish', 'shellfish', 'tree_nuts', 'peanuts', 'wheat', 'soy', 'sesame'] as const;

const grams = z.number({ error: 'must be a number' }).min(0, 'must not be negative').max(10_000, 'is too large');
/** Nutrition facts per serving, as the label reads them (docs/catalogue.md). */
export const nutritionSchema = z
  .object({
    serving_size: requiredText(60, 'the serving size'),
    servings_per_container: z.number({ error: 'must be a number' }).min(0).max(1000).nullable().default(null),
    calories: grams,
    total_fat_g: grams,
    saturated_fat_g: grams,
    trans_fat_g: grams,
    cholesterol_mg: grams,
    sodium_mg: grams,
    total_carbohydrate_g: grams,
    dietary_fiber_g: grams,
    total_sugars_g: grams,
    added_sugars_g: grams,
    protein_g: grams,
  })
  .strict();
export type NutritionFacts = z.infer<typeof nutritionSchema>;
export const NUTRITION_FIELDS: Array<[Exclude<keyof NutritionFacts, 'serving_size' | 'servings_per_container'>, string]> = [
  ['calories', 'Calories'],
  ['total_fat_g', 'Total fat (g)'],
  ['saturated_fat_g', 'Saturated fat (g)'],
  ['trans_fat_g', 'Trans fat (g)'],
  ['cholesterol_mg', 'Cholesterol (mg)'],
  ['sodium_mg', 'Sodium (mg)'],
  ['total_carbohydrate_g', 'Total carbohydrate (g)'],
  ['dietary_fiber_g', 'Dietary fiber (g)'],
  ['total_sugars_g', 'Total sugars (g)'],
  ['added_sugars_g', 'Added sugars (g)'],
  ['protein_g', 'Protein (g)'],
];

/** The key of a back-office upload's set of sizes (an upload of the rich-text editor has an extension). */
export const CATALOGUE_IMAGE_KEY = /^[a-z0-9-]{8,80}$/;

/** A stored image: the key of its resized set (docs/catalogue.md), its text alternative and its full size. */
export const imageSchema = z.object({
  key: z.string({ error: 'must be an image key' }).regex(CATALOGUE_IMAGE_KEY, 'must be the key of an uploaded image'),
  alt: text(200),
  width: z.number().int().positive().max(20_000),
  height: z.number().int().positive().max(20_000),
});
export type StoredImage = z.infer<typeof imageSchema>;
/** The widths every image is stored at (WebP); the pages pick one through srcset. */
export const IMAGE_WIDTHS = [160, 320, 640, 1200] as const;
export const imageUrl = (key: string, width: number): string => `/media/catalogue/${key}-${width}.webp`;
/** The widths a stored image has: those not wider than the original, or the smallest when it is narrower. */
export const imageWidths = (image: Pick<StoredImage, 'width'>): number[] => {
  const fit = IMAGE_WIDTHS.filter((w) => w <= image.width);
  return fit.length ? fit : [IMAGE_WIDTHS[0]];
};
/** The srcset attribute of a stored image. */
export const imageSrcset = (image: StoredImage): string =>
  imageWidths(image)
    .map((w) => `${imageUrl(image.key, w)} ${w}w`)
    .join(', ');

export const UPC_PATTERN = /^\d{8}$|^\d{12,14}$/;

export const productInput = z.object({
  name: requiredText(200, 'the product name'),
  slug,
  brand: text(120).default(''),
  department_id: rowId,
  catalog: z.enum(CATALOGS, { error: `must be one of ${CATALOGS.join(', ')}` }).default('grocery'),
  kind: text(80).default(''),
  upc: z
    .string({ error: 'must be text' })
    .trim()
    .refine((v) => v === '' || UPC_PATTERN.test(v), 'must be 8, 12, 13 or 14 digits')
    .nullable()
    .default(null)
    .transform((v) => (v ? v : null)),
  size_value: z.number({ error: 'must be a number' }).positive('must be more than 0').max(100_000).nullable().default(null),
  size_unit: z.enum(['', ...SIZE_UNITS], { error: `must be one of ${SIZE_UNITS.join(', ')}` }).default(''),
  price_cents: cents,
  description: text(4000, true).default(''),
  ingredients: text(4000, true).default(''),
  allergens: z
    .array(z.enum(ALLERGENS, { error: `must be among ${ALLERGENS.join(', ')}` }))
    .max(ALLERGENS.length)
    .default([]),
  attributes: z
    .array(z.enum(PRODUCT_ATTRIBUTES, { error: `must be among ${PRODUCT_ATTRIBUTES.join(', ')}` }))
    .max(PRODUCT_ATTRIBUTES.length)
    .default([]),
  nutrition: nutritionSchema.nullable().default(null),
  snap_eligible: flag.default(false),
  tax_category: z.enum(TAX_CATEGORIES, { error: `must be one of ${TAX_CATEGORIES.join(', ')}` }).default('grocery'),
  age_restricted: flag.default(false),
  catering_notice_hours: z
    .number({ error: 'must be a number' })
    .int()
    .min(0, 'must not be negative')
    .max(720, 'at most 720 hours')
    .default(0),
  images: z.array(imageSchema).max(12, 'at most 12 images').default([]),
  active: flag.default(true),
  seo: seoSchema.default({}),
  expected_updated_at: editedAt,
});
export type ProductInput = z.input<typeof productInput>;
export type ProductRecord = Omit<z.output<typeof productInput>, 'expected_updated_at'> & { id: number; size: string; updated_at: number };

/** The size as the shelf label writes it ("12 oz", "1 gal"), from its value and unit. */
export function sizeLabel(value: number | null, unit: string): string {
  if (value === null || !unit) return '';
  return `${Number.isInteger(value) ? value : Number(value.toFixed(3))} ${unit}`;
}

export const storePriceInput = z.object({
  price_cents: cents,
  member_price_cents: cents.nullable().default(null),
  available: flag.default(true),
});
export type StorePriceInput = z.input<typeof storePriceInput>;
export type StorePriceRecord = {
  store_id: number;
  store_name: string;
  product_id: number;
  product_name: string;
  price_cents: number;
  member_price_cents: number | null;
  available: boolean;
  sale_price_cents: number | null;
  sale_start: string | null;
  sale_end: string | null;
  promotion_id: number | null;
};

export const PUBLISH_STATES = ['draft', 'publish'] as const;
export const RECIPE_TAXONOMIES = ['course', 'cuisine', 'diet'] as const;
export const recipeInput = z.object({
  title: requiredText(160, 'the recipe title'),
  slug,
  summary: text(1000, true).default(''),
  prep_minutes: z.number({ error: 'must be a number' }).int().min(0, 'must not be negative').max(10_000),
  cook_minutes: z.number({ error: 'must be a number' }).int().min(0, 'must not be negative').max(10_000),
  serves: z.number({ error: 'must be a number' }).int().min(1, 'must be at least 1').max(500),
  ingredients: z
    .array(
      z.object({ quantity: text(40).default(''), name: requiredText(200, 'the ingredient'), product_id: rowId.nullable().default(null) }),
    )
    .min(1, 'add at least one ingredient')
    .max(100),
  steps: z.array(requiredText(2000, 'the step')).min(1, 'add at least one step').max(100),
  course: z.array(requiredText(60, 'a course')).max(10).default([]),
  cuisine: z.array(requiredText(60, 'a cuisine')).max(10).default([]),
  diet: z.array(requiredText(60, 'a diet')).max(10).default([]),
  images: z.array(imageSchema).max(12, 'at most 12 images').default([]),
  nutrition: nutritionSchema.nullable().default(null),
  status: z.enum(PUBLISH_STATES, { error: 'must be draft or publish' }),
  seo: seoSchema.default({}),
});
export type RecipeInput = z.input<typeof recipeInput>;
export type RecipeRecord = z.output<typeof recipeInput> & { id: number; updated_at: number };

/** One page of a back-office list. */
export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  per_page: number;
  pages: number;
}

/** An audit log entry as the screens show it. */
export interface AuditRecord {
  id: number;
  user_name: string;
  entity: string;
  entity_id: string;
  action: string;
  before: unknown;
  after: unknown;
  created_at: number;
}

/** What a spreadsheet would run: a cell starting with one of these is written with a leading apostrophe. */
export const csvSafeCell = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
