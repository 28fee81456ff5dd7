import { describe, expect, it } from 'vitest';
import type { ElementNode } from '../../../core/wire/document';
import { Client, signedInAs, useTestServer } from '../../testing/harness';

// Page and popup settings are part of the draft (docs/editor.md, "Settings are part of the draft"): versioned,
// conflict-checked, written as a revision, restorable, and published with the content.

const server = useTestServer();

interface Summary {
  settings: { seo?: { title?: string }; triggers?: { page_load_delay?: number } };
  version: number;
}
interface Problem {
  code: string;
  data: { status: number; params: Record<string, string>; current_version?: number };
}

const docId = async (slug: string, type = 'page') =>
  (await server.db.kysely.selectFrom('documents').select('id').where('slug', '=', slug).where('type', '=', type).executeTakeFirstOrThrow())
    .id;

describe('page and popup settings as part of the draft', () => {
  it('keeps new settings from visitors until publish, moves the version and writes a revision', async () => {
    const ed = await signedInAs(server.url, 'editor');
    const D = `/wp-json/site/v1/documents/${await docId('catering')}`;
    const before = await ed.get<Summary>(`${D}/settings`);
    const seo = { title: 'Platters for every party' };
    const saved = await ed.json<Summary>(D, { method: 'PATCH', body: { settings: { seo }, base_version: before.body.version } });
    expect(saved.status).toBe(200);
    expect(saved.body.version).toBe(before.body.version + 1);
    expect(saved.body.settings.seo).toEqual(seo); // the editor sees its draft

    const visitor = new Client(server.url);
    expect((await visitor.page('/catering')).html).not.toContain('Platters for every party');
    const revisions = await ed.get<{ items: Array<{ version: number; action: string }> }>(`${D}/revisions`);
    expect(revisions.body.items[0]).toMatchObject({ version: saved.body.version, action: 'draft' });

    const doc = await ed.get<{ tree: ElementNode[]; version: number }>(D);
    expect((await ed.json(`${D}/publish`, { method: 'POST', body: { tree: doc.body.tree, base_version: doc.body.version } })).status).toBe(
      200,
    );
    expect((await visitor.page('/catering')).html).toContain('<title>Platters for every party | Harvest Lane Market</title>');
  });

  it('answers 409 to a settings save from a stale version, so two editors cannot overwrite each other', async () => {
    const first = await signedInAs(server.url, 'editor');
    const second = await signedInAs(server.url, 'admin');
    const P = `/wp-json/site/v1/documents/${await docId('newsletter', 'popup')}`;
    const opened = (await first.get<Summary>(`${P}/settings`)).body.version;
    const theirs = await second.json<Summary>(P, {
      method: 'PATCH',
      body: { settings: { triggers: { page_load: 'yes', page_load_delay: 12 } }, base_version: opened },
    });
    expect(theirs.status).toBe(200);
    const mine = await first.json<Problem>(P, {
      method: 'PATCH',
      body: { settings: { triggers: { page_load: 'yes', page_load_delay: 2 } }, base_version: opened },
    });
    expect(mine.status).toBe(409);
    expect(mine.body.code).toBe('rest_document_conflict');
    expect(mine.body.data.current_version).toBe(theirs.body.version);
    expect((await first.get<Summary>(`${P}/settings`)).body.settings.triggers?.page_load_delay).toBe(12);
  });

  it('restores the settings a revision was saved with', async () => {
    const ed = await signedInAs(server.url, 'editor');
    const P = `/wp-json/site/v1/documents/${await docId('newsletter', 'popup')}`;
    const v0 = (await ed.get<Summary>(`${P}/settings`)).body.version;
    const a = await ed.json<Summary>(P, {
      method: 'PATCH',
      body: { settings: { triggers: { page_load: 'yes', page_load_delay: 3 } }, base_version: v0 },
    });
    const b = await ed.json<Summary>(P, {
      method: 'PATCH',
      body: { settings: { triggers: { page_load: 'yes', page_load_delay: 30 } }, base_version: a.body.version },
    });
    expect(b.body.settings.triggers?.page_load_delay).toBe(30);
    const revisions = await ed.get<{ items: Array<{ id: number; version: number }> }>(`${P}/revisions`);
    const revA = revisions.body.items.find((r) => r.version === a.body.version);
    expect(revA).toBeDefined();
    const restored = await ed.json(`${P}/revisions/${revA?.id}/restore`, { method: 'POST', body: { base_version: b.body.version } });
    expect(restored.status).toBe(200);
    expect((await ed.get<Summary>(`${P}/settings`)).body.settings.triggers?.page_load_delay).toBe(3);
  });

  it('refuses a negative page-load delay and a condition naming a page that does not exist, naming the field', async () => {
    const ed = await signedInAs(server.url, 'editor');
    const P = `/wp-json/site/v1/documents/${await docId('newsletter', 'popup')}`;
    const before = await ed.get<Summary>(`${P}/settings`);
    const negative = await ed.json<Problem>(P, {
      method: 'PATCH',
      body: { settings: { triggers: { page_load: 'yes', page_load_delay: -5 } } },
    });
    expect(negative.status).toBe(400);
    expect(negative.body.data.params).toEqual({ 'triggers.page_load_delay': 'Delay must be 0 seconds or more' });
    const missing = await ed.json<Problem>(P, { method: 'PATCH', body: { conditions: [{ type: 'include', pages: ['no-such-page'] }] } });
    expect(missing.status).toBe(400);
    expect(missing.body.data.params).toEqual({ conditions: 'No page has the slug no-such-page.' });
    const after = await ed.get<Summary>(`${P}/settings`);
    expect(after.body).toEqual(before.body); // nothing written
  });
});
