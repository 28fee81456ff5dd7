import type { AuditRecord } from '../../../core/wire/catalogue-admin';
import type { Tx } from './common';

// The audit trail a product's or a store's page shows: its own changes plus those of its shelf rows (entity
// store_product, id "{store}:{product}") and, for a product, its promotions. Newest first, one page at a time
// (`before` = the last id seen).

const toRecord = (r: {
  id: number;
  user_name: string;
  entity: string;
  entity_id: string;
  action: string;
  before: string | null;
  after: string | null;
  created_at: number;
}): AuditRecord => ({
  id: r.id,
  user_name: r.user_name,
  entity: r.entity,
  entity_id: r.entity_id,
  action: r.action,
  before: r.before === null ? null : JSON.parse(r.before),
  after: r.after === null ? null : JSON.parse(r.after),
  created_at: Number(r.created_at),
});

export async function productTrail(db: Tx, productId: number, limit: number, before?: number): Promise<AuditRecord[]> {
  // Promotions by what their entries recorded, so a deleted promotion's history stays on the product's.
  const ofProduct = `%"product_id":${productId},%`;
  let q = db
    .selectFrom('audit_log')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('entity', '=', 'product'), eb('entity_id', '=', String(productId))]),
        eb.and([eb('entity', '=', 'store_product'), eb('entity_id', 'like', `%:${productId}`)]),
        eb.and([eb('entity', '=', 'promotion'), eb.or([eb('after', 'like', ofProduct), eb('before', 'like', ofProduct)])]),
      ]),
    );
  if (before) q = q.where('id', '<', before);
  return (await q.orderBy('id', 'desc').limit(limit).execute()).map(toRecord);
}

export async function storeTrail(db: Tx, storeId: number, limit: number, before?: number): Promise<AuditRecord[]> {
  // "{store}:" up to "{store};" is exactly the ids that start with "{store}:" (';' follows ':'), an index range.
  let q = db
    .selectFrom('audit_log')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('entity', '=', 'store'), eb('entity_id', '=', String(storeId))]),
        eb.and([eb('entity', '=', 'store_product'), eb('entity_id', '>=', `${storeId}:`), eb('entity_id', '<', `${storeId};`)]),
      ]),
    );
  if (before) q = q.where('id', '<', before);
  return (await q.orderBy('id', 'desc').limit(limit).execute()).map(toRecord);
}

/** Any one row's own trail (departments, promotions, coupons, circulars, recipes). */
export async function rowTrail(db: Tx, entity: string, entityId: number, limit: number, before?: number): Promise<AuditRecord[]> {
  let q = db.selectFrom('audit_log').selectAll().where('entity', '=', entity).where('entity_id', '=', String(entityId));
  if (before) q = q.where('id', '<', before);
  return (await q.orderBy('id', 'desc').limit(limit).execute()).map(toRecord);
}
