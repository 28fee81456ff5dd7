import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { errors } from '../../errors';
import { findUserByEmail, parseJson } from '../users';
import { type Actor, recordAudit } from './audit';
import { fieldError } from './common';

// Who holds the merchandiser role (docs/catalogue.md, "Merchandisers"): administrators grant it to an account by its
// email and take it away; each change is one audit entry (entity 'user', the account's roles before and after).

export const MERCHANDISER = 'merchandiser';

export interface MerchandiserRecord {
  id: number;
  name: string;
  email: string;
}

const holds = (roles: string[]) => roles.includes(MERCHANDISER);

export async function listMerchandisers(db: Kysely<Database>): Promise<MerchandiserRecord[]> {
  // Roles are a JSON array in text: the LIKE narrows, the parsed array decides (a role named e.g. "merchandiser-x").
  const rows = await db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'roles'])
    .where('roles', 'like', `%"${MERCHANDISER}"%`)
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.filter((r) => holds(parseJson<string[]>(r.roles, []))).map(({ id, name, email }) => ({ id, name, email }));
}

async function setRoles(tx: Kysely<Database>, actor: Actor, id: number, before: string[], after: string[]): Promise<void> {
  await tx
    .updateTable('users')
    .set({ roles: JSON.stringify(after) })
    .where('id', '=', id)
    .execute();
  await recordAudit(tx, actor, 'user', id, 'update', { roles: before }, { roles: after });
}

/** Grants the role to the account with this email (nothing to do if it has it already). */
export async function grantMerchandiser(db: Kysely<Database>, actor: Actor, email: string): Promise<MerchandiserRecord> {
  return db.transaction().execute(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) throw fieldError('email', 'No account has this email address.');
    const roles = parseJson<string[]>(user.roles, []);
    if (!holds(roles)) await setRoles(tx, actor, user.id, roles, [...roles, MERCHANDISER]);
    return { id: user.id, name: user.name, email: user.email };
  });
}

/** Takes the role away; 404 when the account does not hold it. */
export async function revokeMerchandiser(db: Kysely<Database>, actor: Actor, id: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const user = await tx.selectFrom('users').select(['id', 'roles']).where('id', '=', id).executeTakeFirst();
    const roles = parseJson<string[]>(user?.roles ?? '[]', []);
    if (!user || !holds(roles)) throw errors.missing('Merchandiser');
    await setRoles(
      tx,
      actor,
      id,
      roles,
      roles.filter((r) => r !== MERCHANDISER),
    );
  });
}
