import type { Kysely } from 'kysely';
import type { DocumentType } from '../../../core/api/editor';
import {
  DEFAULT_POLICIES,
  EDITABLE_TYPES,
  mayEdit,
  mayPublish,
  rightsOf,
  savedPolicy,
  type DocumentRights,
  type PublishRight,
  type RolePolicy,
} from '../../../core/wire/editorial';
import type { Database } from '../../db/schema';
import { bumpPageCacheVersion } from '../../db/page-cache-version';
import { ApiError, errors } from '../../errors';
import { recordAudit, type Actor } from '../catalogue/audit';
import { parseJson, type User } from '../users';

// The role manager's policy (docs/editor.md, "Roles and approval"): stored rows over the defaults, read on every
// document call (one small query, so every server of a cluster enforces the same policy at once).

const knownType = (t: unknown): t is DocumentType => EDITABLE_TYPES.some((x) => x === t);

export async function loadPolicies(db: Kysely<Database>): Promise<RolePolicy[]> {
  const rows = await db.selectFrom('role_policies').selectAll().execute();
  const byRole = new Map(rows.map((r) => [r.role, r]));
  return DEFAULT_POLICIES.map((d) => {
    const row = byRole.get(d.role);
    if (!row) return { ...d, doc_types: [...d.doc_types] };
    // Types added since the row was saved take the role's default (core/wire/editorial.ts, savedPolicy).
    const known = row.known_types === null ? null : parseJson<unknown[]>(row.known_types, []).filter(knownType);
    return savedPolicy(d, {
      doc_types: parseJson<unknown[]>(row.doc_types, []).filter(knownType),
      known_types: known,
      publish: row.publish === 1 ? 'publish' : 'review',
    });
  });
}

export async function documentRights(db: Kysely<Database>, user: User | null): Promise<DocumentRights> {
  return user ? rightsOf(user.roles, await loadPolicies(db)) : { edit: [], publish: [] };
}

const typeName = (type: string): string => (type === 'loop-item' ? 'loop items' : type === 'global-widget' ? 'global widgets' : `${type}s`);

/** 403 unless the user's roles may edit documents of this type. */
export function assertMayEdit(rights: DocumentRights, type: string): void {
  if (!mayEdit(rights, type)) throw errors.forbidden(`Your role may not edit ${typeName(type)}.`);
}

/** 403 with what to do instead, unless the user's roles may publish documents of this type. */
export function assertMayPublish(rights: DocumentRights, type: string, what = 'publish'): void {
  assertMayEdit(rights, type);
  if (!mayPublish(rights, type))
    throw new ApiError(
      403,
      'rest_cannot_publish',
      what === 'publish'
        ? `Your role may not publish ${typeName(type)}: submit the draft for review and a publisher will approve it.`
        : `Your role may not ${what} ${typeName(type)}: ask someone who publishes them.`,
    );
}

/** Sets one role's policy (administrators are fixed); audited with the policy before and after. */
export async function saveRolePolicy(
  db: Kysely<Database>,
  role: string,
  input: { doc_types: DocumentType[]; publish: PublishRight },
  actor: Actor,
): Promise<RolePolicy> {
  const before = (await loadPolicies(db)).find((p) => p.role === role);
  if (!before) throw errors.missing('Role');
  if (before.fixed) {
    const message = 'Administrators always edit and publish every document type.';
    throw errors.invalidParam(message, { role: message });
  }
  const docTypes = EDITABLE_TYPES.filter((t) => input.doc_types.includes(t));
  const now = Date.now();
  const row = {
    doc_types: JSON.stringify(docTypes),
    // The types this policy was saved knowing: types added later take the role's default.
    known_types: JSON.stringify(EDITABLE_TYPES),
    publish: input.publish === 'publish' ? 1 : 0,
    updated_by: actor.name,
    updated_at: now,
  };
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('role_policies')
      .values({ role, ...row })
      .onConflict((oc) => oc.column('role').doUpdateSet(row))
      .execute();
    // Pages kept for a signed-in audience carry its "Edit" link: a policy change renders them anew.
    await bumpPageCacheVersion(tx);
    await recordAudit(
      tx,
      actor,
      'role_policy',
      role,
      'update',
      { doc_types: before.doc_types, publish: before.publish },
      { doc_types: docTypes, publish: input.publish },
      now,
    );
  });
  return { ...before, doc_types: docTypes, publish: input.publish };
}
