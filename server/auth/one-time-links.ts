import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

// One-time links for what has no email to go through: the first administrator's set-up link (printed at a
// production start) and password reset links an administrator hands to a user. Only a hash of the token is
// stored; a link works once (consumed by one atomic delete) and expires.

export type LinkPurpose = 'setup' | 'reset';

export const LINK_LIFETIME_MS: Record<LinkPurpose, number> = { setup: 24 * 60 * 60 * 1000, reset: 24 * 60 * 60 * 1000 };
export const LINK_PATH: Record<LinkPurpose, string> = { setup: '/setup', reset: '/reset-password' };

const hash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A new link's token; earlier links for the same purpose and user stop working. */
export async function issueLink(db: Kysely<Database>, purpose: LinkPurpose, userId: number | null, now = Date.now()): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db.transaction().execute(async (tx) => {
    let old = tx.deleteFrom('one_time_links').where('purpose', '=', purpose);
    old = userId === null ? old.where('user_id', 'is', null) : old.where('user_id', '=', userId);
    await old.execute();
    await tx
      .insertInto('one_time_links')
      .values({ id: hash(token), purpose, user_id: userId, created_at: now, expires_at: now + LINK_LIFETIME_MS[purpose] })
      .execute();
  });
  return token;
}

/** The link when it is valid, without using it up (to show its form). */
export async function peekLink(db: Kysely<Database>, purpose: LinkPurpose, token: string, now = Date.now()) {
  if (token.length > 100) return undefined;
  return db
    .selectFrom('one_time_links')
    .selectAll()
    .where('id', '=', hash(token))
    .where('purpose', '=', purpose)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Uses the link up: only one of several parallel requests gets it. */
export async function consumeLink(db: Kysely<Database>, purpose: LinkPurpose, token: string, now = Date.now()) {
  if (token.length > 100) return undefined;
  return db
    .deleteFrom('one_time_links')
    .where('id', '=', hash(token))
    .where('purpose', '=', purpose)
    .where('expires_at', '>', now)
    .returning(['user_id'])
    .executeTakeFirst();
}
