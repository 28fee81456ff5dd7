import { z } from 'zod';
import { PRODUCT_ATTRIBUTES } from '../shop/product-attributes';

// The catalogue's row rules, written once: the feed imports (server/services/catalogue/import*) parse every
// row with these schemas, and the back office's forms and CRUD routes import the same field rules, so a price
// the form refuses is refused in a feed too (docs/imports.md). Inputs are what a CSV cell or a JSON value
// holds: strings for CSV (an empty cell is absent), numbers and booleans as JSON gives them.

export const IMPORT_KINDS = ['products', 'store-prices', 'promotions', 'circular-items', 'stores'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const isImportKind = (v: unknown): v is ImportKind => typeof v === 'string' && (IMPORT_KINDS as readonly string[]).includes(v);

export const SIZE_UNITS = ['oz', 'fl oz', 'lb', 'gal', 'qt', 'pt', 'ct', 'ea', 'g', 'kg', 'ml', 'l', 'doz'] as const;
export const TAX_CATEGORIES = ['grocery', 'prepared_food', 'alcohol', 'general'] as const;
export const CATALOGS = ['grocery', 'catering', 'wine'] as const;
export const STORE_KINDS = ['shopping', 'catering', 'wine'] as const;

const MAX_CENTS = 100_000_00;

/** Text as given (a cell like `=HYPERLINK(…)` stays text: exports prefix it, nothing here runs it). */
export const text = (max: number) =>
  z
    .union([z.string(), z.number()], { error: 'must be text' })
    .transform((v) => String(v).trim())
    .pipe(z.string().max(max, `must be at most ${max} characters`));
export const requiredText = (max: number) => text(max).pipe(z.string().min(1, 'is required'));

/** Dollars and cents ("3.99", "$3.99", 3.99) as whole cents; never negative. */
export const dollars = z.union([z.number(), z.string()], { error: 'must be a price such as 3.99' }).transform((v, ctx) => {
  const s = typeof v === 'number' ? String(v) : v.trim().replace(/^\$/, '');
  if (/^-/.test(s)) {
    ctx.addIssue({ code: 'custom', message: 'must not be negative' });
    return z.NEVER;
  }
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(s)) {
    ctx.addIssue({ code: 'custom', message: 'must be a price such as 3.99' });
    return z.NEVER;
  }
  const cents = Math.round(Number(s) * 100);
  if (cents > MAX_CENTS) {
    ctx.addIssue({ code: 'custom', message: 'is too large' });
    return z.NEVER;
  }
  return cents;
});

/** A whole number in [min, max]. */
export const int = (min: number, max: number) =>
  z.union([z.number(), z.string()], { error: 'must be a whole number' }).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : /^-?\d+$/.test(v.trim()) ? Number(v.trim()) : Number.NaN;
    if (!Number.isInteger(n)) ctx.addIssue({ code: 'custom', message: 'must be a whole number' });
    else if (n < min) ctx.addIssue({ code: 'custom', message: `must be at least ${min}` });
    else if (n > max) ctx.addIssue({ code: 'custom', message: `must be at most ${max}` });
    else return n;
    return z.NEVER;
  });

export const decimal = (min: number, max: number) =>
  z.union([z.number(), z.string()], { error: 'must be a number' }).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v.trim()) : Number.NaN;
    if (!Number.isFinite(n)) ctx.addIssue({ code: 'custom', message: 'must be a number' });
    else if (n < min) ctx.addIssue({ code: 'custom', message: `must be at least ${min}` });
    else if (n > max) ctx.addIssue({ code: 'custom', message: `must be at most ${max}` });
    else return n;
    return z.NEVER;
  });

/** yes/no, true/false, 1/0 as 0/1 (how the tables keep booleans). */
export const flag = z.union([z.boolean(), z.number(), z.string()], { error: 'must be yes or no' }).transform((v, ctx) => {
  const s = String(v).trim().toLowerCase();
  if (['1', 'true', 'yes', 'y'].includes(s)) return 1;
  if (['0', 'false', 'no', 'n'].includes(s)) return 0;
  ctx.addIssue({ code: 'custom', message: 'must be yes or no' });
  return z.NEVER;
});

/** A UPC, EAN or GTIN: 8 to 14 digits, kept as text (leading zeros matter). */
export const upc = z
  .union([z.string(), z.number()], { error: 'must be 8 to 14 digits' })
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\d{8,14}$/, 'must be 8 to 14 digits'));

/** A calendar day, YYYY-MM-DD. */
export const isoDate = z
  .string({ error: 'must be a date such as 2026-03-01' })
  .trim()
  .refine(
    (s) =>
      /^\d{4}-\d{2}-\d{2}$/.test(s) &&
      !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
      new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    {
      message: 'must be a date such as 2026-03-01',
    },
  );

export const slug = z
  .string({ error: 'must be a slug such as dairy-eggs' })
  .trim()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case letters, digits and dashes')
  .max(120, 'must be at most 120 characters');

/** A list: a JSON array, or text separated by semicolons ("milk; eggs"). */
const list = <T extends z.ZodType>(item: T, max = 50) =>
  z
    .union([z.array(z.unknown()), z.string()], { error: 'must be a list separated by semicolons' })
    .transform((v) =>
      Array.isArray(v)
        ? v
        : v
            .split(';')
            .map((s) => s.trim())
            .filter(Boolean),
    )
    .pipe(z.array(item).max(max, `must have at most ${max} entries`));

/** A JSON object given as text (a CSV cell) or as an object (JSON Lines). */
const jsonObject = z.union([z.string(), z.record(z.string(), z.unknown())], { error: 'must be a JSON object' }).transform((v, ctx) => {
  if (typeof v !== 'string') return v;
  try {
    const parsed: unknown = JSON.parse(v);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // reported below
  }
  ctx.addIssue({ code: 'custom', message: 'must be a JSON object' });
  return z.NEVER;
});

export const nutritionFacts = jsonObject.pipe(
  z
    .object({
      serving_size: z.string().max(60).optional(),
      servings: z.number().min(0).max(1000).optional(),
      calories: z.number().min(0).max(10_000).optional(),
    })
    .catchall(z.union([z.number().min(0).max(100_000), z.string().max(60)], { error: 'must be a number or short text' })),
);

/** Store hours: weekday (mon…sun) → [open, close] as HH:MM, or null when closed. */
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time such as 08:00');
export const storeHours = jsonObject.pipe(
  z.partialRecord(
    z.enum(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], { error: 'must be a weekday such as mon' }),
    z.union([z.tuple([hhmm, hhmm]), z.null()]),
  ),
);

export const timeZone = z
  .string()
  .trim()
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone });
        return zone.includes('/');
      } catch {
        return false;
      }
    },
    { message: 'must be a time zone such as America/New_York' },
  );

const endNotBeforeStart = (start: string, end: string) => end >= start;

// One schema per feed kind. Required columns are required in every row; the others may be left out of the file
// (their values stay as they are) or left empty (they are cleared to their default).

export const productFeedRow = z
  .object({
    upc,
    name: requiredText(200),
    department: slug,
    price: dollars,
    brand: text(100).optional(),
    size_value: decimal(0.001, 100_000).optional(),
    size_unit: z.enum(SIZE_UNITS, { error: `must be one of ${SIZE_UNITS.join(', ')}` }).optional(),
    description: text(5000).optional(),
    kind: text(60).optional(),
    ingredients: text(5000).optional(),
    allergens: list(text(60)).optional(),
    nutrition: nutritionFacts.optional(),
    snap_eligible: flag.optional(),
    tax_category: z.enum(TAX_CATEGORIES, { error: `must be one of ${TAX_CATEGORIES.join(', ')}` }).optional(),
    age_restricted: flag.optional(),
    catering_notice_hours: int(0, 720).optional(),
    active: flag.optional(),
    catalog: z.enum(CATALOGS, { error: `must be one of ${CATALOGS.join(', ')}` }).optional(),
    attributes: list(z.enum(PRODUCT_ATTRIBUTES, { error: `must be among ${PRODUCT_ATTRIBUTES.join(', ')}` })).optional(),
  })
  .superRefine((row, ctx) => {
    // SNAP pays for food only: never for alcohol or general merchandise.
    if (row.snap_eligible === 1 && (row.tax_category === 'alcohol' || row.tax_category === 'general'))
      ctx.addIssue({ code: 'custom', path: ['snap_eligible'], message: `cannot be yes for ${row.tax_category} items` });
  });
export type ProductFeedRow = z.infer<typeof productFeedRow>;

export const storePriceFeedRow = z
  .object({
    store_id: int(1, 2_147_483_647),
    upc,
    price: dollars,
    member_price: dollars.optional(),
    sale_price: dollars.optional(),
    sale_start: isoDate.optional(),
    sale_end: isoDate.optional(),
    available: flag.optional(),
  })
  .superRefine((row, ctx) => {
    if (row.member_price !== undefined && row.member_price > row.price)
      ctx.addIssue({ code: 'custom', path: ['member_price'], message: 'must not be above price' });
    if (row.sale_price !== undefined) {
      if (row.sale_price >= row.price) ctx.addIssue({ code: 'custom', path: ['sale_price'], message: 'must be below price' });
      if (!row.sale_start) ctx.addIssue({ code: 'custom', path: ['sale_start'], message: 'is required with a sale price' });
      if (!row.sale_end) ctx.addIssue({ code: 'custom', path: ['sale_end'], message: 'is required with a sale price' });
    }
    if (row.sale_start && row.sale_end && !endNotBeforeStart(row.sale_start, row.sale_end))
      ctx.addIssue({ code: 'custom', path: ['sale_end'], message: 'must not be before sale_start' });
  });
export type StorePriceFeedRow = z.infer<typeof storePriceFeedRow>;

const PLAIN_PRICE = /^\$?\d{1,7}(\.\d{1,2})?$/;
const PLAIN_INT = /^\d{1,10}$/;
const PLAIN_UPC = /^\d{8,14}$/;
const plainCents = (v: unknown): number | null => {
  if (typeof v !== 'string' || !PLAIN_PRICE.test(v)) return null;
  const cents = Math.round(Number(v.charCodeAt(0) === 36 ? v.slice(1) : v) * 100);
  return cents <= MAX_CENTS ? cents : null;
};
const PLAIN_FLAGS = new Map<string, 0 | 1>([
  ['1', 1],
  ['true', 1],
  ['yes', 1],
  ['y', 1],
  ['0', 0],
  ['false', 0],
  ['no', 0],
  ['n', 0],
]);

/**
 * The price file's common row — CSV text cells, no sale columns — checked without zod, for speed (a full price
 * file has millions of rows): the same answer as storePriceFeedRow for every row it accepts (rows.test.ts checks
 * that); null sends the row to storePriceFeedRow, which also words every refusal.
 */
export function plainStorePriceRow(values: Record<string, unknown>): StorePriceFeedRow | null {
  const { store_id, upc: code, price, member_price, available, sale_price, sale_start, sale_end } = values;
  if (sale_price !== undefined || sale_start !== undefined || sale_end !== undefined) return null;
  if (typeof store_id !== 'string' || !PLAIN_INT.test(store_id) || typeof code !== 'string' || !PLAIN_UPC.test(code)) return null;
  const id = Number(store_id);
  if (id < 1 || id > 2_147_483_647) return null;
  const cents = plainCents(price);
  if (cents === null) return null;
  const row: StorePriceFeedRow = { store_id: id, upc: code, price: cents };
  if (member_price !== undefined) {
    const member = plainCents(member_price);
    if (member === null || member > cents) return null;
    row.member_price = member;
  }
  if (available !== undefined) {
    const flagValue = typeof available === 'string' ? PLAIN_FLAGS.get(available.toLowerCase()) : undefined;
    if (flagValue === undefined) return null;
    row.available = flagValue;
  }
  return row;
}

export const promotionFeedRow = z
  .object({
    code: requiredText(64),
    upc,
    title: text(200).optional(),
    sale_price: dollars,
    start_date: isoDate,
    end_date: isoDate,
    stores: list(int(1, 2_147_483_647), 1000).optional(),
  })
  .superRefine((row, ctx) => {
    if (!endNotBeforeStart(row.start_date, row.end_date))
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'must not be before start_date' });
  });
export type PromotionFeedRow = z.infer<typeof promotionFeedRow>;

export const circularItemFeedRow = z.object({
  circular: slug,
  upc,
  sale_price: dollars,
  position: int(0, 100_000).optional(),
});
export type CircularItemFeedRow = z.infer<typeof circularItemFeedRow>;

export const storeFeedRow = z.object({
  id: int(1, 2_147_483_647),
  name: requiredText(120),
  slug,
  store_number: requiredText(20),
  address_1: requiredText(200),
  address_2: text(200).optional(),
  city: requiredText(100),
  state: z
    .string({ error: 'must be a two-letter state' })
    .trim()
    .regex(/^[A-Z]{2}$/, 'must be a two-letter state such as NY'),
  postal_code: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(/^\d{5}(-\d{4})?$/, 'must be a ZIP code such as 12345')),
  phone: requiredText(30),
  latitude: decimal(-90, 90),
  longitude: decimal(-180, 180),
  url: text(300).optional(),
  time_zone: timeZone.optional(),
  /** Combined sales-tax rate in percent (7.25), kept in basis points. */
  tax_rate: decimal(0, 20).optional(),
  kind: z.enum(STORE_KINDS, { error: `must be one of ${STORE_KINDS.join(', ')}` }).optional(),
  is_selectable: flag.optional(),
  services: list(text(40)).optional(),
  hours: storeHours.optional(),
  opening_date: isoDate.optional(),
});
export type StoreFeedRow = z.infer<typeof storeFeedRow>;

export const FEED_ROW_SCHEMAS = {
  products: productFeedRow,
  'store-prices': storePriceFeedRow,
  promotions: promotionFeedRow,
  'circular-items': circularItemFeedRow,
  stores: storeFeedRow,
} as const;

/** A feed's columns: the required ones (every row has them) and all it knows. */
export function feedColumns(kind: ImportKind): { required: string[]; all: string[] } {
  const schema = FEED_ROW_SCHEMAS[kind];
  const shape: Record<string, z.ZodType> = schema.shape;
  const all = Object.keys(shape);
  return { all, required: all.filter((k) => !shape[k].safeParse(undefined).success) };
}
