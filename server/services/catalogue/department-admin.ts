import type { z } from 'zod';
import type { DepartmentRecord, departmentInput } from '../../../core/wire/catalogue-admin';
import { recordAudit } from './audit';
import { type Actor, catalogueChanged, fieldError, nextId, type Tx } from './common';

// Departments: a tree (parent_id) ordered by position within each parent. The shop's department menus read
// them through cached pages, so a change moves the page cache's version.

type DepartmentBody = z.output<typeof departmentInput>;

export async function listDepartmentRecords(db: Tx): Promise<DepartmentRecord[]> {
  const rows = await db
    .selectFrom('departments')
    .leftJoin('products', 'products.department_id', 'departments.id')
    .select([
      'departments.id',
      'departments.title',
      'departments.slug',
      'departments.parent_id',
      'departments.position',
      'departments.catalog',
    ])
    .select((eb) => eb.fn.count<number>('products.id').as('product_count'))
    .groupBy([
      'departments.id',
      'departments.title',
      'departments.slug',
      'departments.parent_id',
      'departments.position',
      'departments.catalog',
    ])
    .orderBy('departments.position')
    .orderBy('departments.id')
    .execute();
  return rows.map((r) => ({ ...r, catalog: r.catalog as DepartmentRecord['catalog'], product_count: Number(r.product_count) }));
}

async function getDepartment(db: Tx, id: number): Promise<DepartmentRecord | null> {
  return (await listDepartmentRecords(db)).find((d) => d.id === id) ?? null;
}

export async function saveDepartment(db: Tx, actor: Actor, id: number | null, body: DepartmentBody): Promise<DepartmentRecord> {
  return db.transaction().execute(async (tx) => {
    const before = id === null ? null : await getDepartment(tx, id);
    if (id !== null && !before) throw fieldError('id', `Unknown department id: ${id}.`);
    const taken = await tx.selectFrom('departments').select('id').where('slug', '=', body.slug).executeTakeFirst();
    if (taken && taken.id !== id) throw fieldError('slug', `Another department (${taken.id}) has the slug ${body.slug}.`);
    if (body.parent_id !== null) {
      // The parent must exist and must not be this department or one below it (no cycles in the tree).
      const all = await tx.selectFrom('departments').select(['id', 'parent_id']).execute();
      const parentOf = new Map(all.map((d) => [d.id, d.parent_id]));
      if (!parentOf.has(body.parent_id)) throw fieldError('parent_id', `Unknown department id: ${body.parent_id}.`);
      for (let at: number | null | undefined = body.parent_id; at != null; at = parentOf.get(at))
        if (at === id) throw fieldError('parent_id', 'A department cannot sit under itself.');
    }
    const now = Date.now();
    const row = {
      title: body.title,
      slug: body.slug,
      parent_id: body.parent_id,
      position: body.position,
      catalog: body.catalog,
      updated_at: now,
    };
    let depId = id;
    if (depId === null) {
      depId = await nextId(tx, 'departments');
      await tx
        .insertInto('departments')
        .values({ id: depId, ...row })
        .execute();
    } else await tx.updateTable('departments').set(row).where('id', '=', depId).execute();
    await catalogueChanged(tx);
    const after = (await getDepartment(tx, depId))!;
    await recordAudit(tx, actor, 'department', depId, id === null ? 'create' : 'update', before, after, now);
    return after;
  });
}
