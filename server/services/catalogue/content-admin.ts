import type { Selectable } from 'kysely';
import type { z } from 'zod';
import { type ListPage, RECIPE_TAXONOMIES, type RecipeRecord, type recipeInput } from '../../../core/wire/catalogue-admin';
import type { CircularRecord, circularInput } from '../../../core/wire/catalogue-offers';
import type { CircularsTable, RecipesTable } from '../../db/schema';
import { errors } from '../../errors';
import { parseJson } from '../users';
import { recordAudit } from './audit';
import { type Actor, catalogueChanged, checkSeo, contains, fieldError, json, nextId, pageOf, type Tx } from './common';
import { missingImages } from './images';

// Circulars (the weekly ad: dates, display dates, stores, items in order with their sale prices, draft or
// published) and recipes (ingredients linked to products, steps, times, servings, courses/cuisines/diets).
// Both tables are page-cache sources with triggers; their sale prices reach the shop's price rule when
// published (server/services/prices.ts).

type CircularBody = z.output<typeof circularInput>;
type RecipeBody = z.output<typeof recipeInput>;

async function toCircular(db: Tx, row: Selectable<CircularsTable>): Promise<CircularRecord> {
  const items = await db
    .selectFrom('circular_items')
    .innerJoin('products', 'products.id', 'circular_items.product_id')
    .select(['circular_items.product_id', 'circular_items.sale_price_cents', 'products.name as product_name'])
    .where('circular_items.circular_id', '=', row.id)
    .orderBy('circular_items.position')
    .execute();
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    start_date: row.start_date,
    end_date: row.end_date,
    display_start_date: row.display_start_date,
    display_end_date: row.display_end_date,
    store_ids: parseJson(row.store_ids, []),
    items,
    status: row.status as CircularRecord['status'],
    seo: parseJson(row.seo, {}),
  };
}

export async function getCircular(db: Tx, id: number): Promise<CircularRecord | null> {
  const row = await db.selectFrom('circulars').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toCircular(db, row) : null;
}

export async function listCirculars(
  db: Tx,
  query: { q?: string; status?: string; page: number; per_page: number },
): Promise<ListPage<CircularRecord>> {
  let base = db.selectFrom('circulars');
  if (query.q) base = base.where((eb) => eb(eb.fn('lower', ['title']), 'like', contains(query.q!)));
  if (query.status) base = base.where('status', '=', query.status);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy('start_date', 'desc')
    .orderBy('id', 'desc')
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page)
    .execute();
  const items: CircularRecord[] = [];
  for (const r of rows) items.push(await toCircular(db, r));
  return pageOf(items, Number(total), query.page, query.per_page);
}

async function checkStores(tx: Tx, storeIds: number[]): Promise<void> {
  if (!storeIds.length) return;
  const known = new Set((await tx.selectFrom('stores').select('id').where('id', 'in', storeIds).execute()).map((s) => s.id));
  const unknown = storeIds.find((s) => !known.has(s));
  if (unknown !== undefined) throw fieldError('store_ids', `Unknown store id: ${unknown}.`);
}

async function checkProducts(tx: Tx, productIds: number[], field: (index: number) => string): Promise<void> {
  if (!productIds.length) return;
  const known = new Set((await tx.selectFrom('products').select('id').where('id', 'in', productIds).execute()).map((p) => p.id));
  const index = productIds.findIndex((p) => !known.has(p));
  if (index !== -1) throw fieldError(field(index), `Unknown product id: ${productIds[index]}.`);
}

export async function saveCircular(
  db: Tx,
  actor: Actor,
  id: number | null,
  body: CircularBody,
  siteOrigin: string | null,
): Promise<CircularRecord> {
  checkSeo(body.seo, siteOrigin);
  return db.transaction().execute(async (tx) => {
    const before = id === null ? null : await getCircular(tx, id);
    if (id !== null && !before) throw errors.missing('Circular');
    const taken = await tx.selectFrom('circulars').select('id').where('slug', '=', body.slug).executeTakeFirst();
    if (taken && taken.id !== id) throw fieldError('slug', `Another circular (${taken.id}) has the slug ${body.slug}.`);
    const storeIds = [...new Set(body.store_ids)];
    await checkStores(tx, storeIds);
    await checkProducts(
      tx,
      body.items.map((i) => i.product_id),
      (i) => `items.${i}.product_id`,
    );
    const now = Date.now();
    const row = {
      title: body.title,
      slug: body.slug,
      start_date: body.start_date,
      end_date: body.end_date,
      display_start_date: body.display_start_date,
      display_end_date: body.display_end_date,
      store_ids: json(storeIds),
      status: body.status,
      seo: json(body.seo),
      updated_at: now,
    };
    let circularId = id;
    if (circularId === null) {
      circularId = await nextId(tx, 'circulars');
      await tx
        .insertInto('circulars')
        .values({ id: circularId, ...row })
        .execute();
    } else await tx.updateTable('circulars').set(row).where('id', '=', circularId).execute();
    await tx.deleteFrom('circular_items').where('circular_id', '=', circularId).execute();
    if (body.items.length)
      await tx
        .insertInto('circular_items')
        .values(
          body.items.map((item, position) => ({
            circular_id: circularId,
            product_id: item.product_id,
            sale_price_cents: item.sale_price_cents,
            position,
          })),
        )
        .execute();
    await catalogueChanged(tx);
    const after = (await getCircular(tx, circularId))!;
    await recordAudit(tx, actor, 'circular', circularId, id === null ? 'create' : 'update', before, after, now);
    return after;
  });
}

// ---- recipes

/** The course, cuisine and diet names of each recipe given, in one statement (a list page: not one per recipe). */
async function termsOf(db: Tx, ids: number[]): Promise<Map<number, Array<{ taxonomy: string; name: string }>>> {
  const rows = ids.length
    ? await db
        .selectFrom('recipe_terms')
        .innerJoin('terms', 'terms.id', 'recipe_terms.term_id')
        .select(['recipe_terms.recipe_id', 'terms.taxonomy', 'terms.name'])
        .where('recipe_terms.recipe_id', 'in', ids)
        .orderBy('terms.name')
        .execute()
    : [];
  const out = new Map<number, Array<{ taxonomy: string; name: string }>>(ids.map((id) => [id, []]));
  for (const r of rows) out.get(r.recipe_id)?.push(r);
  return out;
}

async function toRecipe(
  db: Tx,
  row: Selectable<RecipesTable>,
  kept?: Map<number, Array<{ taxonomy: string; name: string }>>,
): Promise<RecipeRecord> {
  const terms = (kept ?? (await termsOf(db, [row.id]))).get(row.id) ?? [];
  const of = (taxonomy: string) => terms.filter((t) => t.taxonomy === taxonomy).map((t) => t.name);
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    summary: row.summary,
    prep_minutes: row.prep_minutes,
    cook_minutes: row.cook_minutes,
    serves: row.serves,
    ingredients: parseJson(row.ingredients, []),
    steps: parseJson(row.steps, []),
    course: of('course'),
    cuisine: of('cuisine'),
    diet: of('diet'),
    images: parseJson(row.images, []),
    nutrition: parseJson(row.nutrition, null),
    status: row.status as RecipeRecord['status'],
    seo: parseJson(row.seo, {}),
    updated_at: Number(row.updated_at),
  };
}

export async function getRecipe(db: Tx, id: number): Promise<RecipeRecord | null> {
  const row = await db.selectFrom('recipes').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toRecipe(db, row) : null;
}

export async function listRecipes(
  db: Tx,
  query: { q?: string; status?: string; page: number; per_page: number },
): Promise<ListPage<RecipeRecord>> {
  let base = db.selectFrom('recipes');
  if (query.q) base = base.where((eb) => eb(eb.fn('lower', ['title']), 'like', contains(query.q!)));
  if (query.status) base = base.where('status', '=', query.status);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy('title')
    .orderBy('id')
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page)
    .execute();
  const terms = await termsOf(
    db,
    rows.map((r) => r.id),
  );
  const items: RecipeRecord[] = [];
  for (const r of rows) items.push(await toRecipe(db, r, terms));
  return pageOf(items, Number(total), query.page, query.per_page);
}

const termSlug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'term';

/** The term ids of the names given, creating the terms a taxonomy does not have yet. */
async function termIds(tx: Tx, body: RecipeBody): Promise<number[]> {
  const out: number[] = [];
  for (const taxonomy of RECIPE_TAXONOMIES) {
    for (const name of new Set(body[taxonomy])) {
      const slug = termSlug(name);
      const found = await tx.selectFrom('terms').select('id').where('taxonomy', '=', taxonomy).where('slug', '=', slug).executeTakeFirst();
      if (found) out.push(found.id);
      else {
        const id = await nextId(tx, 'terms');
        await tx.insertInto('terms').values({ id, taxonomy, slug, name }).execute();
        out.push(id);
      }
    }
  }
  return [...new Set(out)];
}

export async function saveRecipe(
  db: Tx,
  actor: Actor,
  id: number | null,
  body: RecipeBody,
  siteOrigin: string | null,
): Promise<RecipeRecord> {
  checkSeo(body.seo, siteOrigin);
  return db.transaction().execute(async (tx) => {
    const before = id === null ? null : await getRecipe(tx, id);
    if (id !== null && !before) throw errors.missing('Recipe');
    const taken = await tx.selectFrom('recipes').select('id').where('slug', '=', body.slug).executeTakeFirst();
    if (taken && taken.id !== id) throw fieldError('slug', `Another recipe (${taken.id}) has the slug ${body.slug}.`);
    const linked = body.ingredients.map((i) => i.product_id ?? 0);
    const known = new Set(
      (
        await tx
          .selectFrom('products')
          .select('id')
          .where('id', 'in', [...linked, -1])
          .execute()
      ).map((p) => p.id),
    );
    const bad = linked.findIndex((p) => p !== 0 && !known.has(p));
    if (bad !== -1) throw fieldError(`ingredients.${bad}.product_id`, `Unknown product id: ${linked[bad]}.`);
    const missing = await missingImages(tx, body.images);
    if (missing !== null) throw fieldError(`images.${missing}.key`, 'No uploaded image has this key.');
    const now = Date.now();
    const row = {
      title: body.title,
      slug: body.slug,
      summary: body.summary,
      minutes: body.prep_minutes + body.cook_minutes,
      prep_minutes: body.prep_minutes,
      cook_minutes: body.cook_minutes,
      serves: body.serves,
      ingredients: json(body.ingredients),
      steps: json(body.steps),
      images: json(body.images),
      nutrition: body.nutrition === null ? null : json(body.nutrition),
      status: body.status,
      seo: json(body.seo),
      updated_at: now,
    };
    let recipeId = id;
    if (recipeId === null) {
      recipeId = await nextId(tx, 'recipes');
      await tx
        .insertInto('recipes')
        .values({ id: recipeId, hue: (recipeId * 37) % 360, ...row })
        .execute();
    } else await tx.updateTable('recipes').set(row).where('id', '=', recipeId).execute();
    const terms = await termIds(tx, body);
    await tx.deleteFrom('recipe_terms').where('recipe_id', '=', recipeId).execute();
    if (terms.length)
      await tx
        .insertInto('recipe_terms')
        .values(terms.map((term_id) => ({ recipe_id: recipeId, term_id })))
        .execute();
    const after = (await getRecipe(tx, recipeId))!;
    await recordAudit(tx, actor, 'recipe', recipeId, id === null ? 'create' : 'update', before, after, now);
    return after;
  });
}
