import { describe, expect, it } from 'vitest';
import { Client, signedInAs, useTestServer, visitorAt } from '../testing/harness';

const server = useTestServer();

const PATH = '/wp-json/site/v1/usage-events';

describe('POST /wp-json/site/v1/usage-events', () => {
  it('stores an event from an editor with only its whitelisted detail fields', async () => {
    const c = await signedInAs(server.url, 'editor');
    const res = await c.json<{ id: number; details: Record<string, unknown> }>(PATH, {
      method: 'POST',
      body: {
        event: 'kit_import_status',
        details: { kit_import_status: 'failed', kit_import_error: 'Zip is empty', email: 'leak@example.test' },
        page: '/',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.details).toEqual({ kit_import_status: 'failed', kit_import_error: 'Zip is empty' });
    const row = await server.db.kysely.selectFrom('usage_events').selectAll().where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(row.event).toBe('kit_import_status');
    expect(JSON.parse(row.details)).toEqual({ kit_import_status: 'failed', kit_import_error: 'Zip is empty' });
    expect(row.page).toBe('/');
  });

  it('refuses a write without a nonce or with a wrong one (403)', async () => {
    const c = new Client(server.url);
    const none = await c.json(PATH, { method: 'POST', body: { event: 'admin_action', details: {} } });
    expect(none.status).toBe(403);
    expect(none.body).toMatchObject({ code: 'rest_cookie_invalid_nonce' });
    const wrong = await c.json(PATH, { method: 'POST', body: { event: 'admin_action' }, headers: { 'x-wp-nonce': 'abc' } });
    expect(wrong.status).toBe(403);
  });

  it('refuses anonymous visitors (401) and customers (403)', async () => {
    const anon = await visitorAt(server.url);
    expect((await anon.json(PATH, { method: 'POST', body: { event: 'admin_action', details: {} } })).status).toBe(401);
    const customer = await signedInAs(server.url, 'casey');
    expect((await customer.json(PATH, { method: 'POST', body: { event: 'admin_action', details: {} } })).status).toBe(403);
  });

  it('answers 400 for an unknown event, a bad body or malformed JSON', async () => {
    const c = await signedInAs(server.url, 'editor');
    const unknown = await c.json(PATH, { method: 'POST', body: { event: 'steal_cookies', details: {} } });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'rest_invalid_param' });
    const badDetails = await c.json(PATH, { method: 'POST', body: { event: 'admin_action', details: 'x' } });
    expect(badDetails.status).toBe(400);
    const malformed = await c.json(PATH, { method: 'POST', body: '{"event":' });
    expect(malformed.status).toBe(400);
  });
});
