import { describe, expect, it } from 'vitest';
import { Client, signedInAs, useTestServer } from '../../testing/harness';

const server = useTestServer();

const PATH = '/wp-json/site/v1/editor/preferences';

describe('editor preferences (the lightbox inside the editor)', () => {
  it('defaults to yes, saves no for this editor only, and survives 20 parallel saves', async () => {
    const editor = await signedInAs(server.url, 'editor');
    expect((await editor.get(PATH)).body).toEqual({ lightbox_enabled_in_editor: 'yes' });
    const saves = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        editor.json(PATH, { method: 'PUT', body: { lightbox_enabled_in_editor: i % 2 ? 'yes' : 'no' } }),
      ),
    );
    expect(saves.map((r) => r.status)).toEqual(Array(20).fill(200));
    const saved = await editor.json(PATH, { method: 'PUT', body: { lightbox_enabled_in_editor: 'no' } });
    expect(saved.body).toEqual({ lightbox_enabled_in_editor: 'no' });
    expect((await editor.get(PATH)).body).toEqual({ lightbox_enabled_in_editor: 'no' });

    const admin = await signedInAs(server.url, 'admin');
    expect((await admin.get(PATH)).body).toEqual({ lightbox_enabled_in_editor: 'yes' });
  });

  it('refuses bad input with a clear 400, visitors with 401 and customers with 403', async () => {
    const editor = await signedInAs(server.url, 'editor');
    for (const body of [{ lightbox_enabled_in_editor: 'maybe' }, { lightbox_enabled_in_editor: true }, { other: 'yes' }, []]) {
      const res = await editor.json<{ code: string; message: string; data: { status: number } }>(PATH, { method: 'PUT', body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBeTruthy();
      expect(res.body.data.status).toBe(400);
    }
    const visitor = new Client(server.url);
    expect((await visitor.json(PATH)).status).toBe(401);
    const customer = await signedInAs(server.url, 'casey');
    expect((await customer.json(PATH, { method: 'PUT', body: { lightbox_enabled_in_editor: 'no' } })).status).toBe(403);
  });
});
