import { describe, expect, it } from 'vitest';
import { signedInAs, useTestServer, visitorAt } from '../testing/harness';

// NUL characters in search, forms and profiles: 400 on both databases (PostgreSQL cannot store them), nothing
// written.

const server = useTestServer();

describe('NUL bytes', () => {
  it('answers 400 in search, the contact form, sign-up and the profile, and stores nothing', async () => {
    const c = await visitorAt(server.url);
    expect((await c.raw('/search?s=milk%00')).status).toBe(400);
    expect((await c.json('/api/shop/v1/products?q=a%00b')).status).toBe(400);
    const before = await server.db.kysely
      .selectFrom('contact_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const contact = await c.json('/wp-json/site/v1/contact', {
      method: 'POST',
      body: { store_id: 1001, name: 'Nul\u0000', email: 'nul@example.test', topic: 'other', message: 'Hello\u0000there' },
    });
    expect(contact.status).toBe(400);
    expect(contact.body).toMatchObject({ code: 'rest_bad_request', data: { status: 400 } });
    const after = await server.db.kysely
      .selectFrom('contact_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const signUp = await c.json('/api/shop/v1/account', {
      method: 'POST',
      body: { name: 'A\u0000B', email: 'nul-signup@example.test', password: 'long-enough-password' },
    });
    expect(signUp.status).toBe(400);
    const customer = await signedInAs(server.url, 'casey');
    expect((await customer.json('/api/shop/v1/account', { method: 'PATCH', body: { name: 'Casey\u0000' } })).status).toBe(400);
    const row = await server.db.kysely
      .selectFrom('users')
      .select('name')
      .where('email', '=', 'casey@example.test')
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Casey Customer');
  });
});
