import { describe, expect, it, vi } from 'vitest';
import type { ElementNode } from '../../../core/wire/document';
import type { RevisionDetail, RevisionSummary } from '../../../core/wire/document-revision';
import { Client, signedInAs, useTestServer } from '../../testing/harness';

// Revisions, the version check and the schedule, through the editor API (SQLite here; PostgreSQL with
// scripts/with-postgres.mjs).

const server = useTestServer();

const DOC = '/wp-json/site/v1/documents/130';
interface Doc {
  tree: ElementNode[];
  version: number;
  has_draft: boolean;
}
type Json = { code: string; message: string; data: Record<string, unknown> };

const withHeading = (tree: ElementNode[], title: string): ElementNode[] => {
  const copy = structuredClone(tree);
  copy[0].elements[0].settings.title = title;
  return copy;
};

describe('revisions and the version check', () => {
  it('records who saved what, shows element differences, and restores an old revision as a draft', async () => {
    const ed = await signedInAs(server.url, 'editor');
    const start = (await ed.get<Doc>(DOC)).body;
    const first = await ed.json<Doc>(`${DOC}/draft`, {
      method: 'PUT',
      body: { tree: withHeading(start.tree, 'Picks one'), base_version: start.version },
    });
    expect(first.status).toBe(200);
    expect(first.body.version).toBe(start.version + 1);
    const published = await ed.json<Doc>(`${DOC}/publish`, {
      method: 'POST',
      body: { tree: withHeading(start.tree, 'Picks two'), base_version: first.body.version },
    });
    expect(published.status).toBe(200);

    const list = (await ed.get<{ items: RevisionSummary[] }>(`${DOC}/revisions`)).body.items;
    expect(list.slice(0, 2).map((r) => [r.action, r.user_name, r.changes.changed])).toEqual([
      ['publish', 'Eddie Editor', 1],
      ['draft', 'Eddie Editor', 1],
    ]);
    const detail = (await ed.get<RevisionDetail>(`${DOC}/revisions/${list[0].id}`)).body;
    expect(detail.diff).toEqual([{ id: 'e13002', kind: 'changed', label: 'heading', keys: ['title'] }]);

    const restored = await ed.json<{ document: Doc }>(`${DOC}/revisions/${list[1].id}/restore`, {
      method: 'POST',
      body: { base_version: published.body.version },
    });
    expect(restored.status).toBe(200);
    const now = (await ed.get<Doc>(DOC)).body;
    expect(now.has_draft).toBe(true);
    expect(now.tree[0].elements[0].settings.title).toBe('Picks one');
    // Restoring makes a draft: visitors still see the published version.
    expect((await new Client(server.url).page('/weekly-picks')).html).toContain('Picks two');
    expect((await ed.get<{ items: RevisionSummary[] }>(`${DOC}/revisions`)).body.items[0].action).toBe('restore');
  });

  it('refuses a save from a stale version with 409 naming who saved in between, and keeps both copies', async () => {
    const eddie = await signedInAs(server.url, 'editor');
    const ada = await signedInAs(server.url, 'admin');
    const base = (await eddie.get<Doc>(DOC)).body;
    const adaSave = await ada.json<Doc>(`${DOC}/draft`, {
      method: 'PUT',
      body: { tree: withHeading(base.tree, 'Ada was here'), base_version: base.version },
    });
    expect(adaSave.status).toBe(200);
    const stale = await eddie.json<Json>(`${DOC}/draft`, {
      method: 'PUT',
      body: { tree: withHeading(base.tree, 'Eddie was here'), base_version: base.version },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('rest_document_conflict');
    expect(stale.body.message).toMatch(/^Ada Admin saved this document/);
    expect(stale.body.data).toMatchObject({ status: 409, current_version: adaSave.body.version, saved_by: [{ name: 'Ada Admin' }] });
    expect((await eddie.get<Doc>(DOC)).body.tree[0].elements[0].settings.title).toBe('Ada was here');
    // "Keep mine as a new draft": saving again from the current version; Ada's save stays in the history.
    const kept = await eddie.json<Doc>(`${DOC}/draft`, {
      method: 'PUT',
      body: { tree: withHeading(base.tree, 'Eddie was here'), base_version: adaSave.body.version },
    });
    expect(kept.status).toBe(200);
    const titles = (await eddie.get<{ items: RevisionSummary[] }>(`${DOC}/revisions`)).body.items.slice(0, 2).map((r) => r.user_name);
    expect(titles).toEqual(['Eddie Editor', 'Ada Admin']);
  });

  it('lets exactly one of 20 parallel saves from the same version win; the others get 409 and no revision', async () => {
    const ed = await signedInAs(server.url, 'editor');
    const base = (await ed.get<Doc>(DOC)).body;
    const before = (await ed.get<{ items: RevisionSummary[] }>(`${DOC}/revisions`)).body.items.length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        ed.json(`${DOC}/draft`, { method: 'PUT', body: { tree: withHeading(base.tree, `Racer ${i}`), base_version: base.version } }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array<number>(19).fill(409)]);
    const after = (await ed.get<{ items: RevisionSummary[] }>(`${DOC}/revisions`)).body.items.length;
    expect(after).toBe(before + 1);
    expect((await ed.get<Doc>(DOC)).body.version).toBe(base.version + 1);
  });

  it('keeps one autosave revision per run of autosaves', async () => {
    const ed = await signedInAs(server.url, 'editor');
    let doc = (await ed.get<Doc>(DOC)).body;
    const before = (await ed.get<{ items: RevisionSummary[] }>(`${DOC}/revisions`)).body.items.length;
    // The run changes the heading, then only the text: its one revision counts both elements.
    for (const step of [1, 2, 3]) {
      const tree = withHeading(doc.tree, 'auto run');
      if (step > 1) tree[0].elements[1].settings.editor = `<p>run text ${step}</p>`;
      const r = await ed.json<Doc>(`${DOC}/draft`, {
        method: 'PUT',
        body: { tree, base_version: doc.version, autosave: true },
      });
      expect(r.status).toBe(200);
      doc = r.body;
    }
    const items = (await ed.get<{ items: RevisionSummary[] }>(`${DOC}/revisions`)).body.items;
    expect(items.length).toBe(before + 1);
    expect(items[0]).toMatchObject({ action: 'autosave', version: doc.version, changes: { changed: 2 } });
    const detail = (await ed.get<RevisionDetail>(`${DOC}/revisions/${items[0].id}`)).body;
    expect(detail.tree[0].elements[1].settings.editor).toBe('<p>run text 3</p>');
  });
});

describe('scheduling', () => {
  it('refuses bad schedules with the message next to the field', async () => {
    const ed = await signedInAs(server.url, 'editor');
    const soon = Date.now() + 60_000;
    const backwards = await ed.json<Json>(`${DOC}/schedule`, { method: 'PUT', body: { publish_at: soon, unpublish_at: soon - 1000 } });
    expect(backwards.status).toBe(400);
    expect(backwards.body.data.params).toEqual({ unpublish_at: 'The unpublish time must be after the publish time.' });
    const past = await ed.json<Json>(`${DOC}/schedule`, { method: 'PUT', body: { publish_at: Date.now() - 1000, unpublish_at: null } });
    expect(past.status).toBe(400);
    expect(past.body.data.params).toEqual({ publish_at: 'The publish time must be in the future.' });
    const junk = await ed.json<Json>(`${DOC}/schedule`, { method: 'PUT', body: { publish_at: 'tomorrow', unpublish_at: null } });
    expect(junk.status).toBe(400);
    expect(junk.body.data.params).toHaveProperty('publish_at');
  });

  it('publishes the draft by itself at publish_at and takes the page offline at unpublish_at', async () => {
    const ed = await signedInAs(server.url, 'editor');
    const doc = (await ed.get<Doc>(DOC)).body;
    const saved = await ed.json<Doc>(`${DOC}/draft`, {
      method: 'PUT',
      body: { tree: withHeading(doc.tree, 'Scheduled picks'), base_version: doc.version },
    });
    // A minute ahead, reached by moving the clock of the server (it runs in this process): a loaded machine can
    // take longer than a second or two between requests, so real seconds would decide the result.
    const at = Date.now() + 60_000;
    const scheduled = await ed.json<{ version: number }>(`${DOC}/schedule`, {
      method: 'PUT',
      body: { publish_at: at, unpublish_at: at + 60_000, base_version: saved.body.version },
    });
    expect(scheduled.status).toBe(200);
    const visitor = new Client(server.url);
    expect((await visitor.page('/weekly-picks')).html).not.toContain('Scheduled picks');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(at + 10);
      await expect.poll(async () => (await visitor.page('/weekly-picks')).html).toContain('Scheduled picks');
      vi.setSystemTime(at + 60_010);
      await expect.poll(async () => (await visitor.page('/weekly-picks')).status).toBe(404);
    } finally {
      vi.useRealTimers();
    }
  });
});
