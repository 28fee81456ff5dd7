import { requestAddress } from './anonymous-write-limit';
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isApi } from '../api-path';
import type { Db } from '../db/connection';
import { errors } from '../errors';
import { toUser, type User } from '../services/users';
import { createNonce, REST_ACTION, verifyNonce } from './nonce';
import { enforceLimit, type Limit } from '../services/rate-limit';

// Who is asking: the session cookie (kept in the database, so any server can answer), the user behind it,
// and the visitor's current store. REST calls follow WordPress: a failing nonce is 403, no nonce means the
// call runs as an anonymous visitor, and writes always need one.

export const SESSION_COOKIE = 'hl_sid';
/** Anonymous sessions one address may start (a store choice or a first cart line starts one). */
export const NEW_SESSION_LIMIT: Limit = { max: 300, windowMs: 15 * 60 * 1000 };
const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface Visitor {
  user: User | null;
  sessionId: string | null;
  storeId: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    visitor: Visitor;
  }
  interface FastifyInstance {
    nonceSecret: string;
    db: Db;
  }
  interface FastifyContextConfig {
    /** A POST that only reads (refresh-loop): without a nonce it runs as an anonymous visitor, like a GET. */
    readOnly?: boolean;
    /**
     * A REST route (declared under /api/ or /wp-json/), set when the route is registered: the nonce check is
     * decided from the route that matched, never from the raw request target (`/%61pi/…`, `http://host/api/…`).
     */
    rest?: boolean;
  }
}

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The token a nonce is bound to: the session for signed-in users, '' for anonymous visitors (as WordPress). */
export function nonceToken(visitor: Visitor): string {
  return visitor.user && visitor.sessionId ? visitor.sessionId : '';
}

export function nonceFor(secret: string, visitor: Visitor, action = REST_ACTION): string {
  return createNonce(secret, action, visitor.user?.id ?? 0, nonceToken(visitor));
}

function cookieOptions(request: FastifyRequest) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: request.protocol === 'https', maxAge: SESSION_TTL_MS / 1000 };
}

/** Creates the visitor's session row when something needs to be remembered (store choice, cart, sign-in). */
export async function ensureSession(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<string> {
  if (request.visitor.sessionId) return request.visitor.sessionId;
  // Cookie-less clients would otherwise create a session (and a cart) per request.
  await enforceLimit(app.db.kysely, `session:${requestAddress(request)}`, NEW_SESSION_LIMIT);
  const token = randomBytes(32).toString('base64url');
  const id = hashToken(token);
  const now = Date.now();
  await app.db.kysely
    .insertInto('sessions')
    .values({
      id,
      user_id: request.visitor.user?.id ?? null,
      store_id: request.visitor.storeId,
      created_at: now,
      expires_at: now + SESSION_TTL_MS,
    })
    .execute();
  reply.setCookie(SESSION_COOKIE, token, cookieOptions(request));
  request.visitor.sessionId = id;
  return id;
}

/** Starts a fresh session for the user (no session fixation), carrying over the anonymous store choice. */
export async function startUserSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  user: User,
): Promise<{ previousSessionId: string | null }> {
  const previousSessionId = request.visitor.sessionId;
  const token = randomBytes(32).toString('base64url');
  const id = hashToken(token);
  const now = Date.now();
  const storeId = user.store_id ?? request.visitor.storeId;
  await app.db.kysely
    .insertInto('sessions')
    .values({ id, user_id: user.id, store_id: storeId, created_at: now, expires_at: now + SESSION_TTL_MS })
    .execute();
  reply.setCookie(SESSION_COOKIE, token, cookieOptions(request));
  request.visitor = { user, sessionId: id, storeId };
  return { previousSessionId };
}

export async function endSession(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.visitor.sessionId) await app.db.kysely.deleteFrom('sessions').where('id', '=', request.visitor.sessionId).execute();
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  request.visitor = { user: null, sessionId: null, storeId: request.visitor.storeId };
}

/** Signs the user out everywhere else (a changed or reset password); keeps `keep`, the session asking. */
export async function endOtherSessions(app: FastifyInstance, userId: number, keep: string | null): Promise<void> {
  let query = app.db.kysely.deleteFrom('sessions').where('user_id', '=', userId);
  if (keep) query = query.where('id', '!=', keep);
  await query.execute();
}

async function loadVisitor(app: FastifyInstance, request: FastifyRequest): Promise<Visitor> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token || token.length > 200) return { user: null, sessionId: null, storeId: null };
  const id = hashToken(token);
  const row = await app.db.kysely
    .selectFrom('sessions')
    .leftJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as sid',
      'sessions.store_id',
      'sessions.expires_at',
      'users.id',
      'users.email',
      'users.name',
      'users.roles',
      'users.segment_ids',
      'users.store_id as user_store_id',
    ])
    .where('sessions.id', '=', id)
    .executeTakeFirst();
  if (!row || row.expires_at < Date.now()) return { user: null, sessionId: null, storeId: null };
  const user =
    row.id != null
      ? toUser({
          id: row.id,
          email: row.email!,
          name: row.name!,
          roles: row.roles!,
          segment_ids: row.segment_ids!,
          store_id: row.user_store_id ?? null,
        })
      : null;
  return { user, sessionId: row.sid, storeId: row.store_id ?? user?.store_id ?? null };
}

export const visitorPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('visitor', null as unknown as Visitor);
  app.addHook('onRoute', (route) => {
    if (isApi(route.url)) route.config = { ...route.config, rest: true };
  });
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/assets/') || request.url.startsWith('/media/')) {
      request.visitor = { user: null, sessionId: null, storeId: null };
      return;
    }
    request.visitor = await loadVisitor(app, request);
  });
  // After the body is parsed, so malformed JSON answers 400 whatever the nonce.
  app.addHook('preValidation', async (request) => {
    if (!request.routeOptions.config?.rest) return;
    const query = request.query as Record<string, unknown> | undefined;
    const header = request.headers['x-wp-nonce'];
    const given = typeof header === 'string' ? header : typeof query?._wpnonce === 'string' ? query._wpnonce : undefined;
    if (given === undefined) {
      if (!SAFE.has(request.method) && !request.routeOptions.config?.readOnly) throw errors.invalidNonce();
      request.visitor = { ...request.visitor, user: null };
      return;
    }
    const ok = verifyNonce(app.nonceSecret, given, REST_ACTION, request.visitor.user?.id ?? 0, nonceToken(request.visitor));
    if (!ok) throw errors.invalidNonce();
  });
});
