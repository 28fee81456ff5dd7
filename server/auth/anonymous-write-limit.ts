import { isIPv6 } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { enforceLimit, type Limit } from '../services/rate-limit';

// One budget for every anonymous write (cart, favourites, store choice, pickup holds, contact, sign-up, sign-in,
// content events, vitals…), per address, on top of each route's own limit. Counted in the database by one
// atomic upsert before the handler runs (so it holds across server processes and under parallel bursts),
// one row per address, reset when its window ends and pruned a day later (server/auth/pruning.ts).

/** The default budget: generous for a household or an office behind one address, fatal to a flood. */
export const ANONYMOUS_WRITE_LIMIT: Limit = { max: 2000, windowMs: 10 * 60 * 1000 };

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The counter key of an address. An IPv6 client usually holds a whole /64, so it counts as one address
 * (otherwise it could rotate through 2^64 of them, each with a fresh budget and a row of its own).
 */
export function addressKey(ip: string): string {
  if (!isIPv6(ip) || ip.startsWith('::ffff:')) return ip.replace(/^::ffff:/, '');
  const [head] = ip.split('%');
  const halves = head.split('::');
  const left = halves[0] ? halves[0].split(':') : [];
  const right = halves.length > 1 && halves[1] ? halves[1].split(':') : [];
  const groups = [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g || '0', 16).toString(16))
    .join(':')}::/64`;
}

/**
 * The client's address as every per-address limit counts it (the /64 of an IPv6 client). The only place that
 * reads `request.ip`: a lint rule (eslint.config.js) refuses it anywhere else, so no limit can key on a raw
 * address a client rotates inside its /64.
 */
export const requestAddress = (request: FastifyRequest): string => addressKey(request.ip);

/**
 * The client's exact address, for allow-lists that match addresses and CIDR blocks (METRICS_ALLOW), never for a
 * limit: limits count requestAddress().
 */
export const exactClientAddress = (request: FastifyRequest): string => request.ip;

export const anonymousWriteKey = (ip: string): string => `anon-write:${addressKey(ip)}`;

/**
 * Refuses an anonymous REST write past the budget with 429 and Retry-After (the seconds left in the window).
 * Runs after the nonce check (both preValidation), so a call whose nonce failed is refused without being
 * counted and a signed-in visitor is known; before the route's schema, so a malformed write is counted too.
 */
export function installAnonymousWriteLimit(app: FastifyInstance, limit: Limit = app.config.anonymousWrites): void {
  app.addHook('preValidation', async (request) => {
    const config = request.routeOptions.config;
    if (!config?.rest || config.readOnly || SAFE.has(request.method) || request.visitor?.user) return;
    await enforceLimit(app.db.kysely, `anon-write:${requestAddress(request)}`, limit);
  });
}
