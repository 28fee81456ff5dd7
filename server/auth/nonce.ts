import { createHmac, timingSafeEqual } from 'node:crypto';

// WordPress nonce semantics: an HMAC over action, user id and session token for a 12-hour tick; a nonce
// is valid during its tick and the next one (12 to 24 hours). Anonymous visitors are user 0, so cached
// public pages carry nonces that keep working.

export const NONCE_TICK_MS = 12 * 60 * 60 * 1000;
export const REST_ACTION = 'wp_rest';

export function tick(now: number = Date.now()): number {
  return Math.ceil(now / NONCE_TICK_MS);
}

function mac(secret: string, t: number, action: string, userId: number, token: string): string {
  return createHmac('sha256', secret).update(`${t}|${action}|${userId}|${token}`).digest('hex').slice(-12, -2);
}

export function createNonce(secret: string, action: string, userId: number, token: string, now = Date.now()): string {
  return mac(secret, tick(now), action, userId, token);
}

/** Clock difference between servers tolerated at a tick boundary: a nonce from a server slightly ahead is accepted. */
export const NONCE_SKEW_MS = 5 * 60 * 1000;

/** 1 when made in this tick (or, within NONCE_SKEW_MS of its start, the next), 2 in the previous one, false otherwise (as wp_verify_nonce). */
export function verifyNonce(secret: string, nonce: string, action: string, userId: number, token: string, now = Date.now()): 1 | 2 | false {
  if (typeof nonce !== 'string' || nonce.length !== 10) return false;
  const t = tick(now);
  const ahead = tick(now + NONCE_SKEW_MS) > t ? ([[-1, 1]] as const) : [];
  for (const [offset, result] of [[0, 1] as const, [1, 2] as const, ...ahead]) {
    const expected = Buffer.from(mac(secret, t - offset, action, userId, token));
    const given = Buffer.from(nonce);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return result;
  }
  return false;
}
