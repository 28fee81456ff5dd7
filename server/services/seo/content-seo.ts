import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { readSeo, type SeoFields } from '../../../core/wire/seo';
import { parseJson } from '../users';
import type { RecipeFacts } from './structured-data';
import type { RecipeIngredient } from '../../../core/wire/recipe';
import {
  imageSchema,
  imageUrl,
  imageWidths,
  NUTRITION_FIELDS,
  nutritionSchema,
  type NutritionFacts,
  type StoredImage,
} from '../../../core/wire/catalogue-admin';

// What the head of a recipe or circular page needs beyond what its island shows: the SEO fields, the facts
// its JSON-LD lists and its share card (docs/seo.md).

/** Nutrition facts as stored (the back office's schema, docs/catalogue.md); anything else reads as none. */
export function readNutrition(text: string | null): NutritionFacts | null {
  const parsed = nutritionSchema.safeParse(parseJson<unknown>(text ?? '', null));
  return parsed.success ? parsed.data : null;
}

/** The label rows of a nutrition facts panel, in label order, without the unknown values. */
export function nutritionRows(facts: NutritionFacts): Array<[string, string]> {
  const rows: Array<[string, string | number | null]> = [
    ['Serving size', facts.serving_size || null],
    ['Servings per container', facts.servings_per_container],
    ...NUTRITION_FIELDS.map(([key, label]): [string, number | null] => [label, facts[key]]),
  ];
  return rows.filter((r): r is [string, string | number] => r[1] !== null && r[1] !== '').map(([l, v]) => [l, String(v)]);
}

/** The largest stored size of an uploaded image (docs/catalogue.md): what JSON-LD and share tags point to. */
export const largestImageUrl = (image: StoredImage): string => {
  const widths = imageWidths(image);
  return imageUrl(image.key, widths[widths.length - 1]);
};

export function readImages(text: string): StoredImage[] {
  const list = parseJson<unknown>(text, []);
  if (!Array.isArray(list)) return [];
  return list.flatMap((i) => {
    const parsed = imageSchema.safeParse(i);
    return parsed.success ? [parsed.data] : [];
  });
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
      images: [card, ...readImages(r.images).map(largestImageUrl)],
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
