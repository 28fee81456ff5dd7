import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

// The catalogue's audit log: who changed what, when, with the row before and after. One entry per manual change;
// an applied import is one entry (entity 'import') whose `after` holds its counts and difference.

export type AuditEntity =
  | 'store'
  | 'department'
  | 'product'
  | 'store_product'
  | 'promotion'
  | 'coupon'
  | 'circular'
  | 'recipe'
  | 'import'
  | 'user'
  // Roles and approval (services/editorial/): a document's review and lock transitions, a role's policy.
  | 'document'
  | 'role_policy';
export type AuditAction = 'create' | 'update' | 'delete' | 'import' | 'submit' | 'approve' | 'request_changes' | 'publish' | 'take_over';

export interface Actor {
  id: number | null;
  name: string;
}

export interface AuditEntry {
  id: number;
  user_id: number | null;
  user_name: string;
  entity: AuditEntity;
  entity_id: string;
  action: AuditAction;
  before: unknown;
  after: unknown;
  created_at: number;
}

/** Records one change. Call it inside the transaction that makes the change, so both land or neither. */
export async function recordAudit(
  db: Kysely<Database>,
  actor: Actor,
  entity: AuditEntity,
  entityId: string | number,
  action: AuditAction,
  before: unknown,
  after: unknown,
  at = Date.now(),
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      user_id: actor.id,
      user_name: actor.name,
      entity,
      entity_id: String(entityId),
      action,
      before: before === undefined || before === null ? null : JSON.stringify(before),
      after: after === undefined || after === null ? null : JSON.stringify(after),
      created_at: at,
    })
    .execute();
}

const parse = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

/** The newest entries for one row (a product's or a store's history), newest first. */
export async function auditTrail(
  db: Kysely<Database>,
  entity: AuditEntity,
  entityId: string | number,
  limit = 50,
  beforeId?: number,
): Promise<AuditEntry[]> {
  let query = db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity', '=', entity)
    .where('entity_id', '=', String(entityId))
    .orderBy('id', 'desc')
    .limit(limit);
  if (beforeId !== undefined) query = query.where('id', '<', beforeId);
  const rows = await query.execute();
  return rows.map((r) => ({
    ...r,
    entity: r.entity as AuditEntity,
    action: r.action as AuditAction,
    before: parse(r.before),
    after: parse(r.after),
    created_at: Number(r.created_at),
  }));
}
