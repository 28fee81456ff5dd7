import { requestAddress } from './anonymous-write-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { findUserByEmail, toUser, type User } from '../services/users';
import { verifyPassword } from './passwords';
import { clearAttempts, countAttempt, refundAttempt, takeAttempt, type Limit } from '../services/rate-limit';
import { startUserSession } from './visitor';

// The one sign-in, used by the shop API (POST /api/shop/v1/session) and the editors' form (POST /login).
// Every attempt is counted atomically before the password is hashed. Limits are per (account, address), so a
// stranger's wrong passwords do not lock the owner out; per address, so one client cannot try many accounts;
// and per account across all addresses, which only slows unknown addresses down (one try a minute) while
// addresses the account signed in from before keep their own budget.

const WINDOW_MS = 15 * 60 * 1000;
export const SIGN_IN_LIMITS = {
  perAccountAddress: { max: 5, windowMs: WINDOW_MS },
  perAddress: { max: 30, windowMs: WINDOW_MS },
  /** Failures for one account from everywhere before unknown addresses are slowed down… */
  perAccount: { max: 20, windowMs: WINDOW_MS },
  /** …to this many tries per minute for that account. */
  backOff: { max: 1, windowMs: 60 * 1000 },
} satisfies Record<string, Limit>;

/** Accounts created per address (no mass sign-ups). */
export const SIGN_UP_LIMIT: Limit = { max: 30, windowMs: WINDOW_MS };

/** A hash with the real parameters, checked for unknown emails so they cost the same as wrong passwords. */
const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

export type SignInOutcome = { ok: true; user: User } | { ok: false; reason: 'invalid' | 'limited' };

async function isKnownAddress(db: Kysely<Database>, userId: number, address: string): Promise<boolean> {
  const row = await db
    .selectFrom('known_sign_in_addresses')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('address', '=', address)
    .executeTakeFirst();
  return !!row;
}

async function rememberAddress(db: Kysely<Database>, userId: number, address: string, now = Date.now()): Promise<void> {
  await db
    .insertInto('known_sign_in_addresses')
    .values({ user_id: userId, address, last_seen: now })
    .onConflict((oc) => oc.columns(['user_id', 'address']).doUpdateSet({ last_seen: now }))
    .execute();
}

/** Starts the user's fresh session and tells the other route groups (the cart joins the user's). */
export async function startSignedInSession(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, user: User): Promise<void> {
  const { previousSessionId } = await startUserSession(app, request, reply, user);
  await app.hooks.emit('signIn', { userId: user.id, previousSessionId, sessionId: request.visitor.sessionId! });
}

export async function signIn(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  email: string,
  password: string,
): Promise<SignInOutcome> {
  const db = app.db.kysely;
  const account = email.trim().toLowerCase();
  const address = requestAddress(request);
  const row = await findUserByEmail(db, account);
  const known = row ? await isKnownAddress(db, row.id, address) : false;
  const keys = { pair: `acct-ip:${account}|${address}`, address: `ip:${address}`, account: `acct:${account}` };

  // The account-wide count only sees attempts that passed the pair and address limits, so one noisy
  // address cannot use up the account's budget.
  if (!(await takeAttempt(db, keys.pair, SIGN_IN_LIMITS.perAccountAddress))) return { ok: false, reason: 'limited' };
  if (!(await takeAttempt(db, keys.address, SIGN_IN_LIMITS.perAddress))) return { ok: false, reason: 'limited' };
  const accountCount = await countAttempt(db, keys.account, SIGN_IN_LIMITS.perAccount.windowMs);
  if (!known && accountCount > SIGN_IN_LIMITS.perAccount.max && !(await takeAttempt(db, `acct-slow:${account}`, SIGN_IN_LIMITS.backOff)))
    return { ok: false, reason: 'limited' };

  const ok = await verifyPassword(password, row?.password_hash ?? DUMMY_HASH);
  if (!row || !ok) return { ok: false, reason: 'invalid' };

  // A success is not a failure: give the attempt back and forget this pair's failures.
  await clearAttempts(db, keys.pair);
  await refundAttempt(db, keys.address);
  await refundAttempt(db, keys.account);
  await rememberAddress(db, row.id, address);
  const user = toUser(row);
  await startSignedInSession(app, request, reply, user);
  return { ok: true, user };
}
