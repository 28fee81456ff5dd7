import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { readSeo, type SeoFields } from '../../../core/wire/seo';
import { parseJson } from '../users';
import type { RecipeFacts } from './structured-data';
import type { RecipeIngredient } from '../../../core/wire/recipe';
import { CATALOGUE_IMAGE_KEY, imageSrcset, imageUrl as catalogueImageUrl, imageWidths } from '../../../core/wire/catalogue-admin';

// What the head of a recipe or circular page needs beyond what its island shows: the SEO fields, the facts
// its JSON-LD lists and its share card (docs/seo.md).

/** Nutrition facts as stored (JSON object of label → value); anything else reads as none. */
export function readNutrition(text: string | null): Record<string, string | number> | null {
  const value = parseJson<unknown>(text ?? '', null);
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) if (typeof v === 'string' || typeof v === 'number') out[k] = v;
  return Object.keys(out).length ? out : null;
}

export interface StoredImage {
  key: string;
  alt: string;
  width: number;
  height: number;
}

/** An image of the images column ([{key, alt, width, height}]) as a URL: keys are upload names unless already a path. */
export const imageUrl = (key: string): string => (/^(https?:\/\/|\/)/i.test(key) ? key : `/uploads/${encodeURIComponent(key)}`);

/**
 * A stored image as a page shows it: a back-office upload (its key names a set of WebP sizes, docs/catalogue.md)
 * through its largest size and its srcset, anything else through imageUrl.
 */
export function storedImageSrc(image: StoredImage): { src: string; srcset?: string } {
  if (!CATALOGUE_IMAGE_KEY.test(image.key) || !image.width) return { src: imageUrl(image.key) };
  const widths = imageWidths(image);
  return { src: catalogueImageUrl(image.key, widths[widths.length - 1]), srcset: imageSrcset(image) };
}

export function readImages(text: string): StoredImage[] {
  const list = parseJson<unknown>(text, []);
  if (!Array.isArray(list)) return [];
  return list.filter(
    (i): i is StoredImage => !!i && typeof i === 'object' && typeof (i as StoredImage).key === 'string' && (i as StoredImage).key !== '',
  );
}

export async function recipeSeo(
  db: Kysely<Database>,
  slug: string,
): Promise<{ id: number; fields: SeoFields; facts: RecipeFacts; card: string } | null> {
  const r = await db.selectFrom('recipes').selectAll().where('slug', '=', slug).where('status', '=', 'publish').executeTakeFirst();
  if (!r) return null;
  const terms = await db
    .selectFrom('recipe_terms')
    .innerJoin('terms', 'terms.id', 'recipe_terms.term_id')
    .select(['terms.taxonomy', 'terms.name'])
    .where('recipe_terms.recipe_id', '=', r.id)
    .orderBy('terms.id')
    .execute();
  const card = `/media/social/recipes/${r.id}.png`;
  // Preparation is what the total leaves after cooking when only the total is known (cook time then 0).
  const cook = Number(r.cook_minutes);
  const prep = Number(r.prep_minutes) || Math.max(0, r.minutes - cook);
  return {
    id: r.id,
    fields: readSeo(r.seo),
    card,
    facts: {
      title: r.title,
      summary: r.summary,
      path: `/recipes/${r.slug}`,
      images: [card, ...readImages(r.images).map((i) => storedImageSrc(i).src)],
      prepMinutes: prep,
      cookMinutes: cook,
      serves: r.serves,
      ingredients: parseJson<RecipeIngredient[]>(r.ingredients, []).map((i) => `${i.quantity} ${i.name}`.trim()),
      steps: parseJson<string[]>(r.steps, []),
      categories: terms.filter((t) => t.taxonomy === 'course').map((t) => t.name),
      cuisines: terms.filter((t) => t.taxonomy === 'cuisine').map((t) => t.name),
      nutrition: readNutrition(r.nutrition),
    },
  };
}

export async function circularSeo(db: Kysely<Database>, slug: string): Promise<{ id: number; fields: SeoFields } | null> {
  const c = await db
    .selectFrom('circulars')
    .select(['id', 'seo'])
    .where('slug', '=', slug)
    .where('status', '=', 'publish')
    .executeTakeFirst();
  return c ? { id: c.id, fields: readSeo(c.seo) } : null;
}
