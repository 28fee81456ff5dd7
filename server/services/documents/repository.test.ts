import { describe, expect, it } from 'vitest';
import { Client, signedInAs, useTestServer } from '../../testing/harness';
import { decodeTree } from './repository';

const server = useTestServer();

const corrupt = (id: number, column: 'tree' | 'draft_tree' | 'settings', text: string) =>
  server.db.kysely
    .updateTable('documents')
    .set({ [column]: text })
    .where('id', '=', id)
    .execute();

describe('documents repository: a corrupt row is a visible fault, never an empty page', () => {
  it('decodes a tree with the editor schema and names the column of a bad one', () => {
    expect(decodeTree(1, 'tree', '[{"id":"a1","elType":"container","settings":{},"elements":[]}]')).toHaveLength(1);
    expect(() => decodeTree(7, 'tree', '[{"id":"a1"')).toThrow(/Document 7 is corrupt: its tree/);
    expect(() => decodeTree(7, 'draft_tree', '{"not":"a tree"}')).toThrow(/draft_tree/);
  });

  it('answers 500 for a page whose tree is broken JSON, and 200 again once the row is repaired', async () => {
    const visitor = new Client(server.url);
    const before = await server.db.kysely
      .selectFrom('documents')
      .select('tree')
      .where('slug', '=', 'weekly-picks')
      .executeTakeFirstOrThrow();
    expect((await visitor.page('/weekly-picks')).status).toBe(200);
    await corrupt(130, 'tree', '[{"id":"x"');
    const broken = await visitor.page('/weekly-picks');
    expect(broken.status).toBe(500);
    expect(broken.html).toContain('Something went wrong');
    await corrupt(130, 'tree', before.tree);
    expect((await visitor.page('/weekly-picks')).status).toBe(200);
  });

  it('answers the editor API with a coded 500 naming the document when a draft is not a tree', async () => {
    const ed = await signedInAs(server.url, 'editor');
    await corrupt(130, 'draft_tree', '{"elements":"nope"}');
    const r = await ed.json<{ code: string; message: string; data: { status: number } }>('/wp-json/site/v1/documents/130', {
      headers: { 'x-wp-nonce': ed.nonce },
    });
    expect(r.status).toBe(500);
    expect(r.body).toMatchObject({ code: 'rest_document_corrupt', data: { status: 500 } });
    expect(r.body.message).toMatch(/Document 130 is corrupt: its draft_tree/);
    await server.db.kysely.updateTable('documents').set({ draft_tree: null }).where('id', '=', 130).execute();
  });
});
