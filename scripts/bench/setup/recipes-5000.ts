import type { Db } from '../../../server/db/connection';

// Bench data (never seeded): 5000 extra recipes tagged with 1-2 courses, 1 cuisine and 0-3 diets each,
// deterministic so runs compare. Used by the refresh-loop case.
export const BENCH_RECIPES = 5000;
const FIRST_ID = 100_001;

export default async function addRecipes(db: Db): Promise<void> {
  const k = db.kysely;
  const terms = await k.selectFrom('terms').select(['id', 'taxonomy']).execute();
  const byTax = (t: string) => terms.filter((x) => x.taxonomy === t).map((x) => x.id);
  const course = byTax('course');
  const cuisine = byTax('cuisine');
  const diet = byTax('diet');
  // mulberry32: a small deterministic generator.
  let state = 42;
  const rand = (n: number): number => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
  await k.transaction().execute(async (tx) => {
    for (let start = 0; start < BENCH_RECIPES; start += 250) {
      const rows = [];
      const links: Array<{ recipe_id: number; term_id: number }> = [];
      for (let i = start; i < Math.min(start + 250, BENCH_RECIPES); i++) {
        const id = FIRST_ID + i;
        rows.push({
          id,
          slug: `bench-recipe-${i}`,
          title: `Bench Recipe ${String(i).padStart(4, '0')}`,
          summary: 'Generated for the benchmark.',
          minutes: 10 + rand(80),
          serves: 2 + rand(6),
          ingredients: '[]',
          steps: '[]',
          hue: rand(360),
        });
        const picked = new Set<number>([course[rand(course.length)], course[rand(course.length)], cuisine[rand(cuisine.length)]]);
        for (let d = rand(4); d > 0; d--) picked.add(diet[rand(diet.length)]);
        for (const term_id of picked) links.push({ recipe_id: id, term_id });
      }
      await tx
        .insertInto('recipes')
        .values(rows)
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      await tx
        .insertInto('recipe_terms')
        .values(links)
        .onConflict((oc) => oc.columns(['recipe_id', 'term_id']).doNothing())
        .execute();
    }
  });
}
