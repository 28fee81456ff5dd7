import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number, opts: { N: number; r: number; p: number }) => Promise<Buffer>;
/** scrypt's cost: N (CPU and memory, a power of two), block size r, parallelism p. */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}
const PARAMS: ScryptCost = { N: 16384, r: 8, p: 1 };

/**
 * scrypt with a random salt, stored as scrypt$N$r$p$salt$hash: verifying reads the cost from the stored hash.
 * `cost` is for test databases only, whose seeded accounts sign in hundreds of times a run.
 */
export async function hashPassword(password: string, cost: ScryptCost = PARAMS): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 32, cost);
  return `scrypt$${cost.N}$${cost.r}$${cost.p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, { N: Number(n), r: Number(r), p: Number(p) });
  return timingSafeEqual(expected, actual);
}

/** The rule for a new password, wherever one is chosen (sign-up, set-up link, reset link, change). */
export const newPassword = z
  .string({ error: 'Choose a password.' })
  .min(8, 'Use at least 8 characters.')
  .max(200, 'Use at most 200 characters.');
