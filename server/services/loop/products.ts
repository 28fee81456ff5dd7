import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { LoopSource } from './types';
import { money } from '../../../core/shop/money';

// Products filtered by department. The terms are the top-level departments; a product sits in a
// sub-department, so a term stands for the department and its children.

interface Dept {
  id: number;
  parent_id: number | null;
  slug: string;
  title: string;
}

async function departments(db: Kysely<Database>): Promise<Dept[]> {
  return db.selectFrom('departments').select(['id', 'parent_id', 'slug', 'title']).orderBy('position').execute();
}

/** Department slug → the ids it covers (itself and its children). */
function coverage(all: Dept[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const d of all) out.set(d.slug, [d.id, ...all.filter((c) => c.parent_id === d.id).map((c) => c.id)]);
  return out;
}

export const productSource: LoopSource = {
  name: 'products',
  noun: ['product', 'products'],
  taxonomies: ['department'],

  async listTerms(db, taxonomy) {
    if (taxonomy !== 'department') return [];
    const [all, counts] = await Promise.all([
      departments(db),
      db
        .selectFrom('products')
        .select(['department_id', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('department_id')
        .execute(),
    ]);
    const byDept = new Map(counts.map((c) => [c.department_id, Number(c.n)]));
    const cover = coverage(all);
    return all
      .filter((d) => d.parent_id === null)
      .map((d) => ({ slug: d.slug, name: d.title, count: (cover.get(d.slug) ?? []).reduce((n, id) => n + (byDept.get(id) ?? 0), 0) }));
  },

  async query(db, filters, page, perPage) {
    const cover = coverage(await departments(db));
    let q = db.selectFrom('products');
    const clause = filters.department;
    if (clause?.terms.length) {
      const sets = clause.terms.map((slug) => cover.get(slug) ?? []);
      if (clause.logicalJoin === 'AND') {
        for (const ids of sets) {
          if (!ids.length) return { items: [], total: 0 };
          q = q.where('department_id', 'in', ids);
        }
      } else {
        const ids = [...new Set(sets.flat())];
        if (clause.logicalJoin === 'IN' && !ids.length) return { items: [], total: 0 };
        if (ids.length) q = q.where('department_id', clause.logicalJoin === 'IN' ? 'in' : 'not in', ids);
      }
    }
    const [count, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      q
        .select(['id', 'name', 'slug', 'brand', 'size', 'price_cents'])
        .orderBy('name')
        .orderBy('id')
        .limit(perPage)
        .offset((page - 1) * perPage)
        .execute(),
    ]);
    return {
      total: Number(count?.n ?? 0),
      items: rows.map((p) => ({
        id: p.id,
        title: p.name,
        url: `/products/${p.slug}`, // the product's own page (docs/seo.md)
        image: `/media/products/${p.id}.svg`,
        summary: `${p.brand} · ${p.size}`,
        meta: money(p.price_cents),
      })),
    };
  },
};
