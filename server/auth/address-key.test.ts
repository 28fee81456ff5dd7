import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTACT_LIMIT } from '../routes/contact';
import { Client, startTestServer, type TestServer, visitorAt } from '../testing/harness';
import { SIGN_IN_LIMITS, SIGN_UP_LIMIT } from './sign-in';

// Issue 32, finding 4: an attacker rotating addresses inside one IPv6 /64 got a fresh budget for every address
// (sign-up 45/45, contact 25/25, 12 wrong passwords without the per-address block). Every per-address limit
// keys on requestAddress(), the /64. The server trusts loopback as its proxy, so X-Forwarded-For is the address.

let server: TestServer;
let nonce = '';
beforeAll(async () => {
  server = await startTestServer({ trustProxy: ['127.0.0.1'] });
  nonce = (await visitorAt(server.url)).nonce;
});
afterAll(async () => server.close());
beforeEach(async () => {
  await server.db.kysely.deleteFrom('login_attempts').execute();
});

/** The i-th address of one /64 (each a different full address). */
const rotated = (i: number) => `2001:db8:7:9:${(i + 1).toString(16)}:${(i * 7 + 3).toString(16)}:0:${(i + 11).toString(16)}`;

async function post(path: string, body: unknown, address: string): Promise<number> {
  const c = new Client(server.url);
  c.nonce = nonce;
  return (await c.json(path, { method: 'POST', body, headers: { 'x-forwarded-for': address } })).status;
}

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe('per-address limits group an IPv6 /64', () => {
  it(`accepts at most ${SIGN_UP_LIMIT.max} of 45 parallel sign-ups from rotating addresses of one /64`, async () => {
    const statuses = await Promise.all(
      Array.from({ length: 45 }, (_, i) =>
        post(
          '/api/shop/v1/account',
          { name: 'Rotor', email: `rotor-${i}-${Date.now()}@example.test`, password: 'rotor-password' },
          rotated(i),
        ),
      ),
    );
    expect(count(statuses, 201)).toBe(SIGN_UP_LIMIT.max);
    expect(count(statuses, 429)).toBe(45 - SIGN_UP_LIMIT.max);
    // Another /64 still signs up.
    expect(
      await post(
        '/api/shop/v1/account',
        { name: 'Other', email: `other-${Date.now()}@example.test`, password: 'other-password' },
        '2001:db8:8::1',
      ),
    ).toBe(201);
  });

  it(`accepts at most ${CONTACT_LIMIT.max} of 25 parallel contact messages from one /64`, async () => {
    const message = {
      store_id: '1006',
      name: 'Pat',
      email: 'pat@example.test',
      topic: 'Online order',
      message: 'Hello there, store team.',
    };
    const statuses = await Promise.all(Array.from({ length: 25 }, (_, i) => post('/wp-json/site/v1/contact', message, rotated(i))));
    expect(count(statuses, 201)).toBe(CONTACT_LIMIT.max);
    expect(count(statuses, 429)).toBe(25 - CONTACT_LIMIT.max);
  });

  it(`checks at most ${SIGN_IN_LIMITS.perAccountAddress.max} of 24 parallel wrong passwords for one account from one /64`, async () => {
    const statuses = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        post('/api/shop/v1/session', { email: 'jordan@example.test', password: `wrong-${i}` }, rotated(i)),
      ),
    );
    expect(count(statuses, 401)).toBe(SIGN_IN_LIMITS.perAccountAddress.max);
    expect(count(statuses, 429)).toBe(24 - SIGN_IN_LIMITS.perAccountAddress.max);
    // The right password from yet another address of the /64 is refused too (the pair is blocked).
    expect(await post('/api/shop/v1/session', { email: 'jordan@example.test', password: 'jordan-password' }, rotated(99))).toBe(429);
  });
});
