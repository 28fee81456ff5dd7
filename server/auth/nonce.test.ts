import { describe, expect, it } from 'vitest';
import { createNonce, NONCE_SKEW_MS, NONCE_TICK_MS, tick, verifyNonce } from './nonce';
import { hashPassword, verifyPassword } from './passwords';

const secret = 'test-secret';

describe('nonces (WordPress semantics)', () => {
  const t0 = 1_800_000_000_000;
  it('are valid in their tick (1) and the next one (2), then expire', () => {
    const n = createNonce(secret, 'wp_rest', 7, 'tok', t0);
    expect(verifyNonce(secret, n, 'wp_rest', 7, 'tok', t0)).toBe(1);
    const nextTickStart = tick(t0) * NONCE_TICK_MS + 1;
    expect(verifyNonce(secret, n, 'wp_rest', 7, 'tok', nextTickStart)).toBe(2);
    expect(verifyNonce(secret, n, 'wp_rest', 7, 'tok', nextTickStart + NONCE_TICK_MS)).toBe(false);
  });
  it('are bound to action, user, session token and secret', () => {
    const n = createNonce(secret, 'wp_rest', 7, 'tok', t0);
    expect(verifyNonce(secret, n, 'other', 7, 'tok', t0)).toBe(false);
    expect(verifyNonce(secret, n, 'wp_rest', 8, 'tok', t0)).toBe(false);
    expect(verifyNonce(secret, n, 'wp_rest', 7, 'tok2', t0)).toBe(false);
    expect(verifyNonce('other-secret', n, 'wp_rest', 7, 'tok', t0)).toBe(false);
  });
  it('accept a nonce from a server whose clock is a little ahead across a tick boundary, not a whole tick ahead', () => {
    const boundary = tick(t0) * NONCE_TICK_MS;
    const fromAhead = createNonce(secret, 'wp_rest', 7, 'tok', boundary + 1000);
    expect(verifyNonce(secret, fromAhead, 'wp_rest', 7, 'tok', boundary - 1000)).toBe(1);
    expect(verifyNonce(secret, fromAhead, 'wp_rest', 7, 'tok', boundary - NONCE_SKEW_MS - 1000)).toBe(false);
  });
  it('reject malformed values', () => {
    for (const bad of ['', 'short', 'x'.repeat(10), 'x'.repeat(11), undefined as unknown as string])
      expect(verifyNonce(secret, bad, 'wp_rest', 0, '', t0)).toBe(false);
  });
});

describe('passwords', () => {
  it('hash with a salt and verify', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('wrong', a)).toBe(false);
    expect(await verifyPassword('x', 'garbage')).toBe(false);
  });
});
