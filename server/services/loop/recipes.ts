import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import type { LoopSource, TaxonomyFilters } from './types';

// Recipes filtered by course, cuisine and diet. Each condition is a sub-select on recipe_terms by term id,
// served by the (term_id, recipe_id) index, so a filter over thousands of recipes stays an index lookup.

type RecipeQuery = SelectQueryBuilder<Database, 'recipes', object>;

export const RECIPE_TAXONOMIES = ['course', 'cuisine', 'diet'];

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

/** Applies the filters; null when they cannot match anything (an AND on an unknown term, an IN of none). */
function applyFilters(db: Kysely<Database>, q: RecipeQuery, filters: TaxonomyFilters, ids: Map<string, number>): RecipeQuery | null {
  const tagged = (termId: number | number[]) => {
    const sub = db.selectFrom('recipe_terms').select('recipe_terms.recipe_id');
    return Array.isArray(termId) ? sub.where('recipe_terms.term_id', 'in', termId) : sub.where('recipe_terms.term_id', '=', termId);
  };
  for (const [taxonomy, clause] of Object.entries(filters)) {
    if (!clause.terms.length) continue;
    const known = clause.terms.map((t) => ids.get(`${taxonomy}:${t}`)).filter((id): id is number => id !== undefined);
    if (clause.logicalJoin === 'AND') {
      if (known.length < clause.terms.length) return null;
      for (const id of known) q = q.where('recipes.id', 'in', tagged(id));
    } else if (clause.logicalJoin === 'IN') {
      if (!known.length) return null;
      q = q.where('recipes.id', 'in', tagged(known));
    } else if (known.length) {
      q = q.where('recipes.id', 'not in', tagged(known));
    }
  }
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
    const ids = await termIds(db, filters);
    const q = applyFilters(db, db.selectFrom('recipes'), filters, ids);
    if (!q) return { items: [], total: 0 };
    const [count, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      q.select(['id', 'slug', 'title', 'summary', 'minutes', 'serves']).orderBy('title').orderBy('id').limit(perPage).offset((page - 1) * perPage).execute(),
    ]);
    return {
      total: Number(count?.n ?? 0),
      items: rows.map((r) => ({ id: r.id, title: r.title, url: `/recipes/${r.slug}`, image: `/media/recipes/${r.id}.svg`, summary: r.summary, meta: `${r.minutes} min · Serves ${r.serves}` })),
    };
  },
};
