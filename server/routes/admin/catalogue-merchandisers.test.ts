import { describe, expect, it } from 'vitest';
import { CATALOGUE_API } from '../../../core/api/catalogue';
import type { MerchandiserRecord } from '../../../core/wire/catalogue-admin';
import { hashPassword } from '../../auth/passwords';
import { Client, signedIn, signedInAs, useTestServer } from '../../testing/harness';
import { TEST_PASSWORD_COST } from '../../testing/password-cost';

// Who holds the merchandiser role (docs/catalogue.md, "Merchandisers"), on SQLite and PostgreSQL: an administrator
// lists, grants and removes it, each change audited; everyone else — merchandisers included — gets 401/403 and
// changes nothing; the screen is the administrators' only.

const server = useTestServer();
const B = `${CATALOGUE_API}/merchandisers`;
type ErrorBody = { code: string; message: string; data: { status: number; params?: Record<string, string> } };

async function account(tag: string): Promise<{ email: string; id: number }> {
  const email = `${tag}-${Math.random().toString(36).slice(2)}@roles.test`;
  const row = await server.db.kysely
    .insertInto('users')
    .values({
      email,
      name: `Pat ${tag}`,
      password_hash: await hashPassword('roles-password-1', TEST_PASSWORD_COST),
      roles: '["customer"]',
      segment_ids: '[]',
      store_id: 1001,
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { email, id: row.id };
}
const rolesOf = async (id: number) =>
  JSON.parse((await server.db.kysely.selectFrom('users').select('roles').where('id', '=', id).executeTakeFirstOrThrow()).roles) as string[];
const userAudit = (id: number) =>
  server.db.kysely
    .selectFrom('audit_log')
    .selectAll()
    .where('entity', '=', 'user')
    .where('entity_id', '=', String(id))
    .orderBy('id')
    .execute();

describe('merchandiser role', () => {
  it('lets an administrator grant it by email, see who holds it and take it away, each change audited', async () => {
    const admin = await signedInAs(server.url, 'admin');
    const pat = await account('grant');
    const granted = await admin.json<MerchandiserRecord>(B, { method: 'POST', body: { email: pat.email.toUpperCase() } });
    expect(granted.status).toBe(201);
    expect(granted.body).toMatchObject({ id: pat.id, email: pat.email });
    expect(await rolesOf(pat.id)).toEqual(['customer', 'merchandiser']);
    // Granting it again changes nothing and records nothing.
    expect((await admin.json(B, { method: 'POST', body: { email: pat.email } })).status).toBe(201);
    const list = await admin.get<{ items: MerchandiserRecord[] }>(B);
    expect(list.body.items.map((m) => m.email)).toEqual(expect.arrayContaining([pat.email, 'merchandiser@harvestlane.test']));
    // The new merchandiser signs in to the catalogue.
    const pc = await signedIn(server.url, pat.email, 'roles-password-1');
    expect((await pc.get(`${CATALOGUE_API}/products?per_page=1`)).status).toBe(200);

    expect((await admin.json(`${B}/${pat.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await rolesOf(pat.id)).toEqual(['customer']);
    expect((await admin.get<{ items: MerchandiserRecord[] }>(B)).body.items.map((m) => m.id)).not.toContain(pat.id);
    expect((await pc.get(`${CATALOGUE_API}/products?per_page=1`)).status).toBe(403);
    // Removing it from an account that does not hold it: 404, nothing recorded.
    expect((await admin.json<ErrorBody>(`${B}/${pat.id}`, { method: 'DELETE' })).status).toBe(404);

    const trail = await userAudit(pat.id);
    expect(trail.map((a) => [a.action, JSON.parse(a.before!), JSON.parse(a.after!)])).toEqual([
      ['update', { roles: ['customer'] }, { roles: ['customer', 'merchandiser'] }],
      ['update', { roles: ['customer', 'merchandiser'] }, { roles: ['customer'] }],
    ]);
    const adminId = (
      await server.db.kysely.selectFrom('users').select('id').where('email', '=', 'admin@harvestlane.test').executeTakeFirstOrThrow()
    ).id;
    expect(trail.every((a) => a.user_id === adminId)).toBe(true);
  });

  it('answers 400 naming the email for an unknown or malformed address, writing nothing', async () => {
    const admin = await signedInAs(server.url, 'admin');
    for (const email of ['nobody-here@roles.test', 'not-an-email', '']) {
      const r = await admin.json<ErrorBody>(B, { method: 'POST', body: { email } });
      expect(r.status, email).toBe(400);
      expect(r.body.data.params?.email, email).toBeTruthy();
    }
  });

  it('answers 401 to anonymous visitors and 403 to customers, editors, store staff and merchandisers, changing nothing', async () => {
    const pat = await account('probe');
    const admin = await signedInAs(server.url, 'admin');
    await admin.json(B, { method: 'POST', body: { email: pat.email } });
    const before = { roles: await rolesOf(pat.id), audit: (await userAudit(pat.id)).length };
    const anonymous = new Client(server.url);
    await anonymous.page('/');
    const calls: Array<[string, string, unknown]> = [
      ['GET', B, undefined],
      ['POST', B, { email: pat.email }],
      ['DELETE', `${B}/${pat.id}`, undefined],
    ];
    for (const [method, path, body] of calls)
      expect((await anonymous.json(path, { method, body })).status, `${method} anonymous`).toBe(401);
    for (const who of ['casey', 'editor', 'staff', 'merchandiser'] as const) {
      const c = await signedInAs(server.url, who);
      for (const [method, path, body] of calls) {
        const r = await c.json<ErrorBody>(path, { method, body, headers: { 'x-wp-nonce': c.nonce } });
        expect(r.status, `${method} ${path} as ${who}`).toBe(403);
      }
      // The screen too: a merchandiser sees the catalogue's other sections, not this one, nor its link.
      const page = await c.page('/admin/catalogue/merchandisers');
      expect(page.status, who).toBe(403);
    }
    const m = await signedInAs(server.url, 'merchandiser');
    expect((await m.page('/admin/catalogue/products')).html).not.toContain('/admin/catalogue/merchandisers');
    const adminPage = await admin.page('/admin/catalogue/merchandisers');
    expect(adminPage.status).toBe(200);
    expect(adminPage.html).toContain('data-section="merchandisers"');
    expect({ roles: await rolesOf(pat.id), audit: (await userAudit(pat.id)).length }).toEqual(before);
  });
});
