import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { LoopSource, TaxonomyFilters } from './types';

// Recipes filtered by course, cuisine and diet. Conditions work on recipe_terms through its
// (term_id, recipe_id) index: the number of matches is an INTERSECT/EXCEPT of index ranges, and the page
// of rows is either a walk of the (title, id) index checking each recipe (when matches are common) or a
// sort of the few matching ids (when they are rare). Over 5000 recipes either stays around a millisecond.

export const RECIPE_TAXONOMIES = ['course', 'cuisine', 'diet'];

/** Below this share of all recipes, sorting the matching ids beats walking the title index. */
const WALK_SHARE = 0.05;

interface Conditions {
  /** Each entry: the recipe must carry one of these term ids. */
  require: number[][];
  /** The recipe must carry none of these term ids. */
  exclude: number[];
}

async function termIds(db: Kysely<Database>, filters: TaxonomyFilters): Promise<Map<string, number>> {
  const wanted = Object.entries(filters).filter(([, c]) => c.terms.length);
  if (!wanted.length) return new Map();
  const rows = await db
    .selectFrom('terms')
    .select(['id', 'taxonomy', 'slug'])
    .where((eb) => eb.or(wanted.map(([taxonomy, c]) => eb.and([eb('taxonomy', '=', taxonomy), eb('slug', 'in', c.terms)]))))
    .execute();
  return new Map(rows.map((r) => [`${r.taxonomy}:${r.slug}`, r.id]));
}

/** The filters as term-id conditions; null when they cannot match anything (AND of an unknown term, IN of none). */
export function conditions(filters: TaxonomyFilters, ids: Map<string, number>): Conditions | null {
  const out: Conditions = { require: [], exclude: [] };
  for (const [taxonomy, clause] of Object.entries(filters)) {
    if (!clause.terms.length) continue;
    const known = clause.terms.map((t) => ids.get(`${taxonomy}:${t}`)).filter((id): id is number => id !== undefined);
    if (clause.logicalJoin === 'AND') {
      if (known.length < clause.terms.length) return null;
      for (const id of known) out.require.push([id]);
    } else if (clause.logicalJoin === 'IN') {
      if (!known.length) return null;
      out.require.push(known);
    } else {
      out.exclude.push(...known);
    }
  }
  return out;
}

const COLUMNS = ['recipes.id', 'recipes.slug', 'recipes.title', 'recipes.summary', 'recipes.minutes', 'recipes.serves'] as const;

function matchingIds(db: Kysely<Database>, c: Conditions) {
  // INTERSECT and EXCEPT already give each recipe once; a lone IN list needs DISTINCT.
  const single = c.require.length === 1 && !c.exclude.length;
  const tagged = (ids: number[]) => {
    const q = db.selectFrom('recipe_terms').select('recipe_terms.recipe_id as id').where('recipe_terms.term_id', 'in', ids);
    return single ? q.distinct() : q;
  };
  let q = c.require.length ? tagged(c.require[0]) : db.selectFrom('recipes').select('recipes.id as id');
  for (const ids of c.require.slice(1)) q = q.intersect(tagged(ids));
  if (c.exclude.length) q = q.except(tagged(c.exclude));
  return q;
}

export const recipeSource: LoopSource = {
  name: 'recipes',
  noun: ['recipe', 'recipes'],
  taxonomies: RECIPE_TAXONOMIES,

  async listTerms(db, taxonomy) {
    const rows = await db
      .selectFrom('terms')
      .leftJoin('recipe_terms', 'recipe_terms.term_id', 'terms.id')
      .select(['terms.slug', 'terms.name', (eb) => eb.fn.count<number>('recipe_terms.recipe_id').as('count')])
      .where('terms.taxonomy', '=', taxonomy)
      .groupBy(['terms.id', 'terms.slug', 'terms.name'])
      .orderBy('terms.id')
      .execute();
    return rows.map((r) => ({ slug: r.slug, name: r.name, count: Number(r.count) }));
  },

  async query(db, filters, page, perPage) {
    const offset = (page - 1) * perPage;
    const c = conditions(filters, await termIds(db, filters));
    if (!c) return { items: [], total: 0 };
    const all = Number(
      (
        await db
          .selectFrom('recipes')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst()
      )?.n ?? 0,
    );
    const filtered = c.require.length + c.exclude.length > 0;
    const total = filtered
      ? Number(
          (
            await db
              .selectFrom(matchingIds(db, c).as('m'))
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirst()
          )?.n ?? 0,
        )
      : all;
    if (!total || offset >= total) return { items: [], total };

    let q = db.selectFrom('recipes').select([...COLUMNS]);
    if (!filtered) {
      // Every recipe: a range of the title index.
    } else if (total >= all * WALK_SHARE) {
      // Common matches: walk the title index, checking each recipe's terms, until the page is full.
      // `limit 1` in each EXISTS: without it SQLite 3.53 repeats rows across OFFSET pages when a recipe
      // carries several of the listed terms (recipes.test.ts checks every page against a brute force).
      const carries = (eb: ExpressionBuilder<Database, 'recipes'>, ids: number[]) =>
        eb.exists(
          eb
            .selectFrom('recipe_terms')
            .select('recipe_terms.recipe_id')
            .whereRef('recipe_terms.recipe_id', '=', 'recipes.id')
            .where('recipe_terms.term_id', 'in', ids)
            .limit(1),
        );
      for (const ids of c.require) q = q.where((eb) => carries(eb, ids));
      if (c.exclude.length) q = q.where((eb) => eb.not(carries(eb, c.exclude)));
    } else {
      // Rare matches: sort the few matching recipes.
      q = q.where('recipes.id', 'in', matchingIds(db, c));
    }
    const rows = await q.orderBy('recipes.title').orderBy('recipes.id').limit(perPage).offset(offset).execute();
    return {
      total,
      items: rows.map((r) => ({
        id: r.id,
        title: r.title,
        url: `/recipes/${r.slug}`,
        image: `/media/recipes/${r.id}.svg`,
        summary: r.summary,
        meta: `${r.minutes} min · Serves ${r.serves}`,
      })),
    };
  },
};
