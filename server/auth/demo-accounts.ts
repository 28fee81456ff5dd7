import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

// The demo accounts' e-mail addresses are published (docs/security.md), so nobody may register one, in any
// mode: a sign-up as admin@harvestlane.test would otherwise look like a seeded account. Whether a production
// start refuses is decided by how an account was created (`users.seeded_demo`, set only by the seeder), never
// by an address or a password a visitor can type. The list is kept here because the server does not read the
// fixtures at run time; a test checks it covers every fixture account.

/** The demo retailer's own domain: every address in it is a demo address. */
export const DEMO_DOMAIN = 'harvestlane.test';
/** Demo shoppers outside that domain. */
export const DEMO_SHOPPER_EMAILS: readonly string[] = ['casey@example.test', 'jordan@example.test'];

export const DEMO_EMAIL_MESSAGE = 'This address belongs to the demo accounts and cannot be registered. Use your own address.';

/** true for an address of the demo accounts (case and surrounding spaces ignored). */
export function isDemoEmail(email: string): boolean {
  const e = email.trim().toLowerCase();
  return e.endsWith(`@${DEMO_DOMAIN}`) || DEMO_SHOPPER_EMAILS.includes(e);
}

/** The accounts the seeder created as demo accounts. */
export async function seededDemoAccounts(db: Kysely<Database>): Promise<Array<{ id: number; email: string; password_hash: string }>> {
  return db.selectFrom('users').select(['id', 'email', 'password_hash']).where('seeded_demo', '=', 1).orderBy('id').execute();
}

/** Deletes every seeded demo account (their sessions, carts, orders and lists go with them); the e-mails removed. */
export async function removeDemoAccounts(db: Kysely<Database>): Promise<string[]> {
  const rows = await seededDemoAccounts(db);
  if (rows.length === 0) return [];
  await db
    .deleteFrom('users')
    .where(
      'id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  return rows.map((r) => r.email);
}
