import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { prepareDatabase, StartRefused } from '../site-mode';
import { Client, signedIn, useTestServer } from '../testing/harness';

// Passwords without email: change (current password, other sessions end), an administrator's one-time reset
// link, and the production start (no demo account, a one-time set-up link for the first administrator).

const server = useTestServer();

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
  body: new URLSearchParams(fields).toString(),
});

// GETs without a nonce run as anonymous: send it as the islands do.
const account = (c: Client) => c.get<{ user: { id: number } }>('/api/shop/v1/account');
const isSignedIn = async (c: Client) => (await account(c)).status === 200;

describe('changing a password', () => {
  it('needs the current password and signs every other session out', async () => {
    const here = await signedIn(server.url, 'casey@example.test', 'casey-password');
    const elsewhere = await signedIn(server.url, 'casey@example.test', 'casey-password');
    const wrong = await here.json<{ data: { params: Record<string, string> } }>('/api/shop/v1/account/password', {
      method: 'PUT',
      body: { current_password: 'not-it', new_password: 'a-new-password' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.params.current_password).toBe('The current password is incorrect.');
    const short = await here.json('/api/shop/v1/account/password', {
      method: 'PUT',
      body: { current_password: 'casey-password', new_password: 'short' },
    });
    expect(short.status).toBe(400);
    const ok = await here.json('/api/shop/v1/account/password', {
      method: 'PUT',
      body: { current_password: 'casey-password', new_password: 'a-new-password' },
    });
    expect(ok.status).toBe(200);
    expect(await isSignedIn(here)).toBe(true);
    expect(await isSignedIn(elsewhere)).toBe(false);
    await expect(signedIn(server.url, 'casey@example.test', 'casey-password')).rejects.toThrow(/401/);
    expect(await isSignedIn(await signedIn(server.url, 'casey@example.test', 'a-new-password'))).toBe(true);
  });
});

describe('reset links issued by an administrator', () => {
  it('works once, for the user it was issued for, and ends their sessions', async () => {
    const jordan = await signedIn(server.url, 'jordan@example.test', 'jordan-password');
    const me = await account(jordan);
    const userId = me.body.user.id;
    // Only administrators issue links.
    expect((await jordan.json(`/wp-json/site/v1/users/${userId}/reset-link`, { method: 'POST' })).status).toBe(403);
    const admin = await signedIn(server.url, 'admin@harvestlane.test', 'admin-password');
    const issued = await admin.json<{ path: string }>(`/wp-json/site/v1/users/${userId}/reset-link`, { method: 'POST' });
    expect(issued.status).toBe(201);
    expect((await admin.json('/wp-json/site/v1/users/999999/reset-link', { method: 'POST' })).status).toBe(404);

    const visitor = new Client(server.url);
    const shown = await visitor.raw(issued.body.path);
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain('Choose a new password');
    // 20 parallel submissions: the link is used exactly once.
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => new Client(server.url).raw(issued.body.path, form({ password: `reset-password-${i}` }))),
    );
    expect(statuses.filter((r) => r.status === 200)).toHaveLength(1);
    expect(statuses.filter((r) => r.status === 404)).toHaveLength(19);
    expect(await isSignedIn(jordan)).toBe(false);
    expect((await visitor.raw(issued.body.path)).status).toBe(404);
    await expect(signedIn(server.url, 'jordan@example.test', 'jordan-password')).rejects.toThrow(/401/);
  });
});

describe('production mode', () => {
  const production = () => ({ ...loadConfig({ SITE_MODE: 'production' }), port: 8080 });

  it('refuses to start while a demo account keeps its published password, then prints a one-time set-up link', async () => {
    await expect(prepareDatabase(server.db, production(), () => {})).rejects.toThrow(StartRefused);
    await expect(prepareDatabase(server.db, production(), () => {})).rejects.toThrow(/admin@harvestlane\.test/);
    await server.db.kysely.deleteFrom('users').where('email', 'like', '%harvestlane.test').execute();
    await server.db.kysely.deleteFrom('users').where('email', 'in', ['jordan@example.test', 'casey@example.test']).execute();
    const lines: string[] = [];
    await prepareDatabase(server.db, production(), (line) => lines.push(line));
    const link = /http:\/\/127\.0\.0\.1:8080(\/setup\/[\w-]+)/.exec(lines.join('\n'));
    expect(link).not.toBeNull();
    const path = link![1];

    const visitor = new Client(server.url);
    expect((await visitor.raw(path)).status).toBe(200);
    const invalid = await visitor.raw(path, form({ name: 'Owner', email: 'not-an-email', password: 'owner-password' }));
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain('Enter a valid email address.');
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        new Client(server.url).raw(path, form({ name: 'Owner', email: `owner-${i}@shop.example`, password: 'owner-password' })),
      ),
    );
    const created = attempts.filter((r) => r.status === 303);
    expect(created).toHaveLength(1);
    expect(created[0].headers.get('location')).toBe('/admin');
    const admins = await server.db.kysely.selectFrom('users').select('email').where('roles', 'like', '%"administrator"%').execute();
    expect(admins).toHaveLength(1);
    expect((await visitor.raw(path)).status).toBe(404);
    // With an administrator and no demo account, a production start goes ahead and prints no link.
    const after: string[] = [];
    await prepareDatabase(server.db, production(), (line) => after.push(line));
    expect(after.join('\n')).not.toContain('/setup/');
  });
});
