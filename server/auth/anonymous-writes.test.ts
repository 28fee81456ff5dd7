import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, signedInAs, startTestServer, type TestServer, visitorAt } from '../testing/harness';
import { pruneExpired } from './pruning';

// Anonymous writes are limited per address in the database (so the limit holds across servers), expired
// sessions and abandoned anonymous carts are pruned, and administrators read contact messages in an inbox.

let server: TestServer;
let nonce = '';
beforeAll(async () => {
  server = await startTestServer();
  const c = await visitorAt(server.url);
  nonce = c.nonce;
});
afterAll(async () => server.close());

const count = async (table: 'sessions' | 'contact_messages' | 'carts' | 'cart_lines') =>
  Number(
    (
      await server.db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const message = {
  store_id: '1006',
  name: 'Pat',
  email: 'pat@example.test',
  topic: 'Online order',
  message: 'Is the bakery open on Sundays?',
};

describe('anonymous write limits', () => {
  it('accepts 10 contact messages an hour from one address, of 25 sent at once', async () => {
    const before = await count('contact_messages');
    const answers = await Promise.all(
      Array.from({ length: 25 }, async () => {
        const c = new Client(server.url);
        c.nonce = nonce;
        return c.json('/wp-json/site/v1/contact', { method: 'POST', body: message });
      }),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    // The refused sender is told when the hour ends.
    const refused = answers.find((a) => a.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect(refused.body).toMatchObject({ message: 'Too many attempts. Wait 60 minutes and try again.' });
    expect((await count('contact_messages')) - before).toBe(10);
  });

  it('starts at most 300 sessions for cookie-less writes from one address', async () => {
    const before = await count('sessions');
    const statuses: number[] = [];
    // 330 cookie-less store choices, 30 at a time.
    for (let batch = 0; batch < 11; batch++)
      statuses.push(
        ...(await Promise.all(
          Array.from({ length: 30 }, async () => {
            const c = new Client(server.url);
            c.nonce = nonce;
            return (await c.json('/api/shop/v1/current-store', { method: 'PUT', body: { store_id: 1001 } })).status;
          }),
        )),
      );
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    expect((await count('sessions')) - before).toBe(300);
  });
});

describe('sessions only when needed', () => {
  it('browsing, reading, a beacon and a refused write start no session; the first cart line starts one', async () => {
    // The session budget the test above spent.
    await server.db.kysely.deleteFrom('login_attempts').where('key', 'like', 'session:%').execute();
    const before = await count('sessions');
    const c = new Client(server.url);
    for (const path of ['/', '/shop', '/recipes', '/store/store-locator']) expect((await c.page(path)).status).toBe(200);
    expect((await c.json('/api/shop/v1/products?store_id=1001&per_page=2')).status).toBe(200);
    expect((await c.json('/api/shop/v1/cart?store_id=1001')).status).toBe(200);
    const beacon = { path: '/', device: 'desktop', metrics: { LCP: 800 } };
    expect((await c.json('/wp-json/site/v1/vitals', { method: 'POST', body: beacon })).status).toBe(201);
    expect((await c.json('/api/shop/v1/cart/items?store_id=1001', { method: 'POST', body: { items: [] } })).status).toBe(400);
    expect(c.cookies.has('hl_sid')).toBe(false);
    expect(await count('sessions')).toBe(before);

    const add = { items: [{ product_id: 5080, quantity: 1 }] };
    expect((await c.json('/api/shop/v1/cart/items?store_id=1001', { method: 'POST', body: add })).status).toBe(200);
    expect(c.cookies.has('hl_sid')).toBe(true);
    expect(await count('sessions')).toBe(before + 1);
  });
});

describe('pruning', () => {
  it('deletes expired sessions and abandoned anonymous carts with their lines, keeps live ones and users’ carts', async () => {
    const k = server.db.kysely;
    const now = Date.now();
    const sid = () => randomBytes(16).toString('hex');
    const [expired, live] = [sid(), sid()];
    await k
      .insertInto('sessions')
      .values([
        { id: expired, user_id: null, store_id: null, created_at: now - 1000, expires_at: now - 1 },
        { id: live, user_id: null, store_id: null, created_at: now, expires_at: now + 60_000 },
      ])
      .execute();
    const cart = async (session: string | null, userId: number | null, updated: number) => {
      const row = await k
        .insertInto('carts')
        .values({ session_id: session, user_id: userId, created_at: updated, updated_at: updated })
        .returning('id')
        .executeTakeFirstOrThrow();
      await k.insertInto('cart_lines').values({ cart_id: row.id, product_id: 5001, quantity: 1, updated_at: updated }).execute();
      return row.id;
    };
    const user = await k.selectFrom('users').select('id').where('email', '=', 'casey@example.test').executeTakeFirstOrThrow();
    const old = sid();
    await k
      .insertInto('sessions')
      .values({ id: old, user_id: null, store_id: null, created_at: now, expires_at: now + 60_000 })
      .execute();
    const orphan = await cart(expired, null, now);
    const stale = await cart(old, null, now - 31 * 24 * 60 * 60 * 1000);
    const kept = await cart(live, null, now);
    const usersCart = await cart(null, user.id, now - 400 * 24 * 60 * 60 * 1000);
    await pruneExpired(k, now);
    const sessions = (await k.selectFrom('sessions').select('id').where('id', 'in', [expired, live, old]).execute()).map((r) => r.id);
    expect(sessions.sort()).toEqual([live, old].sort());
    const carts = (await k.selectFrom('carts').select('id').where('id', 'in', [orphan, stale, kept, usersCart]).execute()).map((r) => r.id);
    expect(carts.sort((a, b) => a - b)).toEqual([kept, usersCart].sort((a, b) => a - b));
    const lines = await k.selectFrom('cart_lines').select('cart_id').where('cart_id', 'in', [orphan, stale]).execute();
    expect(lines).toEqual([]);
  });
});

describe('contact inbox', () => {
  it('shows administrators the messages, newest first, and nobody else', async () => {
    const admin = await signedInAs(server.url, 'admin');
    const inbox = await admin.get<{ messages: Array<{ message: string; store_name: string }>; total: number }>(
      '/wp-json/site/v1/contact-messages',
    );
    expect(inbox.status).toBe(200);
    expect(inbox.body.total).toBeGreaterThanOrEqual(10);
    expect(inbox.body.messages[0]).toMatchObject({ message: message.message });
    expect(inbox.body.messages[0].store_name).toEqual(expect.any(String));
    const customer = await signedInAs(server.url, 'casey');
    expect((await customer.get('/wp-json/site/v1/contact-messages')).status).toBe(403);
    expect((await new Client(server.url).json('/wp-json/site/v1/contact-messages')).status).toBe(401);
    const screen = await admin.raw('/admin/inbox');
    expect(screen.status).toBe(200);
    expect(await screen.text()).toContain('Contact inbox');
  });
});
