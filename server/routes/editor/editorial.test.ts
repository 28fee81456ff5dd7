import { describe, expect, it } from 'vitest';
import { box, w, type ElementNode } from '../../../core/wire/document';
import type { LockState, ReviewState, RolePolicy } from '../../../core/wire/editorial';
import { Client, signedInAs, useTestServer } from '../../testing/harness';

// Roles and approval (docs/editor.md, "Roles and approval"): the role manager's policy enforced by the server, the
// submit → request changes → resubmit → approve flow with comments (every transition audited), approval that
// respects a requested publish time, and the soft lock with take-over. Runs on SQLite and PostgreSQL.

const server = useTestServer();
const D = '/wp-json/site/v1/documents';

interface Problem {
  code: string;
  message: string;
  data: { status: number; params?: Record<string, string> };
}
interface Doc {
  id: number;
  slug: string;
  version: number;
  tree: ElementNode[];
  status: string;
  publish_at?: number | null;
}

let serial = 0;
/** A fresh page created by `who`, with a heading saved to its draft. */
async function draftPage(who: Client, heading: string): Promise<Doc> {
  serial += 1;
  const created = await who.json<Doc>(D, { method: 'POST', body: { type: 'page', title: `Review page ${serial} ${Date.now()}` } });
  expect(created.status).toBe(201);
  const saved = await who.json<Doc>(`${D}/${created.body.id}/draft`, {
    method: 'PUT',
    body: { tree: [box(`rv${serial}a`, [w(`rv${serial}b`, 'heading', { title: heading })])], base_version: 0 },
  });
  expect(saved.status).toBe(200);
  return saved.body;
}

const auditOf = async (docId: number) =>
  (
    await server.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'user_name', 'after'])
      .where('entity', '=', 'document')
      .where('entity_id', '=', String(docId))
      .orderBy('id')
      .execute()
  ).map((r) => `${r.action} by ${r.user_name}`);

describe('roles: what the default policy allows', () => {
  it('lets a contributor draft pages but answers 403 with a message to publish, schedule, trash or edit a template', async () => {
    const cora = await signedInAs(server.url, 'contributor');
    const doc = await draftPage(cora, 'Fresh berries');
    const body = { tree: doc.tree, base_version: doc.version };

    const published = await cora.json<Problem>(`${D}/${doc.id}/publish`, { method: 'POST', body });
    expect(published.status).toBe(403);
    expect(published.body.code).toBe('rest_cannot_publish');
    expect(published.body.message).toBe('Your role may not publish pages: submit the draft for review and a publisher will approve it.');
    const scheduled = await cora.json<Problem>(`${D}/${doc.id}/schedule`, {
      method: 'PUT',
      body: { publish_at: Date.now() + 3_600_000, unpublish_at: null },
    });
    expect(scheduled.status).toBe(403);
    expect((await cora.json<Problem>(`${D}/${doc.id}/trash`, { method: 'POST', body: {} })).status).toBe(403);
    expect((await new Client(server.url).page(`/${doc.slug}`)).status).toBe(404); // nothing went live

    const template = await server.db.kysely.selectFrom('documents').select('id').where('type', '=', 'template').executeTakeFirstOrThrow();
    const denied = await cora.get<Problem>(`${D}/${template.id}`);
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('Your role may not edit templates.');
    const list = await cora.get<{ items: Array<{ type: string }> }>(`${D}`);
    expect(new Set(list.body.items.map((d) => d.type))).toEqual(new Set(['page', 'popup']));
  });

  it('keeps today’s rights: an editor publishes, a shopper may not open documents at all', async () => {
    const eddie = await signedInAs(server.url, 'editor');
    const doc = await draftPage(eddie, 'Editor publishes');
    const published = await eddie.json<Doc>(`${D}/${doc.id}/publish`, {
      method: 'POST',
      body: { tree: doc.tree, base_version: doc.version },
    });
    expect(published.status).toBe(200);
    expect((await new Client(server.url).page(`/${doc.slug}`)).html).toContain('Editor publishes');
    const casey = await signedInAs(server.url, 'casey');
    expect((await casey.get<Problem>(`${D}/${doc.id}`)).status).toBe(403);
  });
});

describe('submit for review → request changes → resubmit → approve', () => {
  it('publishes what the administrator approved, with comments shown and every transition audited', async () => {
    const cora = await signedInAs(server.url, 'contributor');
    const ada = await signedInAs(server.url, 'admin');
    const visitor = new Client(server.url);
    const doc = await draftPage(cora, 'Peach season is here');
    const R = `${D}/${doc.id}/review`;

    const submitted = await cora.json<ReviewState>(R, { method: 'POST', body: { note: 'Ready for the weekend.' } });
    expect(submitted.status).toBe(200);
    expect(submitted.body.may_publish).toBe(false);
    expect(submitted.body.reviews[0]).toMatchObject({
      status: 'pending',
      submitted_by: 'Cora Contributor',
      note: 'Ready for the weekend.',
    });
    expect((await cora.json<Problem>(R, { method: 'POST', body: {} })).body.code).toBe('rest_review_pending');
    // Approving is publishing: not for a contributor, not even its own submission.
    expect((await cora.json<Problem>(`${R}/approve`, { method: 'POST', body: {} })).status).toBe(403);

    const queue = await ada.get<{ items: Array<{ document_id: number; status: string }> }>('/wp-json/site/v1/reviews');
    expect(queue.body.items.find((i) => i.document_id === doc.id)?.status).toBe('pending');

    const noComment = await ada.json<Problem>(`${R}/request-changes`, { method: 'POST', body: { comment: '  ' } });
    expect(noComment.status).toBe(400);
    expect(noComment.body.data.params).toEqual({ comment: 'Say what should change.' });
    const back = await ada.json<ReviewState>(`${R}/request-changes`, {
      method: 'POST',
      body: { comment: 'Say which stores have peaches.' },
    });
    expect(back.status).toBe(200);
    expect(back.body.reviews[0]).toMatchObject({
      status: 'changes_requested',
      decided_by: 'Ada Admin',
      comment: 'Say which stores have peaches.',
    });
    expect((await cora.get<ReviewState>(R)).body.reviews[0].comment).toBe('Say which stores have peaches.');

    const current = (await cora.get<Doc>(`${D}/${doc.id}`)).body;
    const fixed = await cora.json<Doc>(`${D}/${doc.id}/draft`, {
      method: 'PUT',
      body: {
        tree: [box('rvfix1', [w('rvfix2', 'heading', { title: 'Peaches at every Columbus store' })])],
        base_version: current.version,
      },
    });
    expect(fixed.status).toBe(200);
    expect((await cora.json<ReviewState>(R, { method: 'POST', body: { note: 'Stores added.' } })).status).toBe(200);
    expect((await visitor.page(`/${doc.slug}`)).status).toBe(404);

    const approved = await ada.json<ReviewState>(`${R}/approve`, {
      method: 'POST',
      body: { comment: 'Thanks!', base_version: fixed.body.version },
    });
    expect(approved.status).toBe(200);
    expect(approved.body.reviews.map((r) => r.status)).toEqual(['approved', 'changes_requested']);
    const live = await visitor.page(`/${doc.slug}`);
    expect(live.status).toBe(200);
    expect(live.html).toContain('Peaches at every Columbus store');

    expect(await auditOf(doc.id)).toEqual([
      'submit by Cora Contributor',
      'request_changes by Ada Admin',
      'submit by Cora Contributor',
      'approve by Ada Admin',
    ]);
  });

  it('schedules on approval when the contributor asked for a later time, and refuses a time in the past', async () => {
    const cora = await signedInAs(server.url, 'contributor');
    const eddie = await signedInAs(server.url, 'editor');
    const doc = await draftPage(cora, 'Thanksgiving hours');
    const R = `${D}/${doc.id}/review`;
    const past = await cora.json<Problem>(R, { method: 'POST', body: { publish_at: Date.now() - 60_000 } });
    expect(past.status).toBe(400);
    expect(past.body.data.params).toEqual({ publish_at: 'The publish time must be in the future.' });
    const at = Date.now() + 86_400_000;
    expect((await cora.json(R, { method: 'POST', body: { publish_at: at } })).status).toBe(200);
    expect((await eddie.json(`${R}/approve`, { method: 'POST', body: {} })).status).toBe(200);
    const after = (await eddie.get<Doc>(`${D}/${doc.id}`)).body;
    expect(after.publish_at).toBe(at);
    expect((await new Client(server.url).page(`/${doc.slug}`)).status).toBe(404); // not yet
  });

  it('keeps the submission waiting when the draft changed after the reviewer looked (409)', async () => {
    const cora = await signedInAs(server.url, 'contributor');
    const ada = await signedInAs(server.url, 'admin');
    const doc = await draftPage(cora, 'Apple varieties');
    const R = `${D}/${doc.id}/review`;
    await cora.json(R, { method: 'POST', body: {} });
    const seen = doc.version;
    await cora.json(`${D}/${doc.id}/draft`, {
      method: 'PUT',
      body: { tree: [box('rvlate1', [w('rvlate2', 'heading', { title: 'Changed after submitting' })])], base_version: seen },
    });
    const stale = await ada.json<Problem>(`${R}/approve`, { method: 'POST', body: { base_version: seen } });
    expect(stale.status).toBe(409);
    expect((await ada.get<ReviewState>(R)).body.reviews[0].status).toBe('pending');
    expect((await new Client(server.url).page(`/${doc.slug}`)).status).toBe(404);
  });

  it('settles a waiting submission when a publisher publishes directly', async () => {
    const cora = await signedInAs(server.url, 'contributor');
    const eddie = await signedInAs(server.url, 'editor');
    const doc = await draftPage(cora, 'Cider doughnuts');
    await cora.json(`${D}/${doc.id}/review`, { method: 'POST', body: {} });
    const current = (await eddie.get<Doc>(`${D}/${doc.id}`)).body;
    expect(
      (await eddie.json(`${D}/${doc.id}/publish`, { method: 'POST', body: { tree: current.tree, base_version: current.version } })).status,
    ).toBe(200);
    const state = (await eddie.get<ReviewState>(`${D}/${doc.id}/review`)).body;
    expect(state.reviews[0]).toMatchObject({ status: 'approved', decided_by: 'Eddie Editor', comment: 'Published directly.' });
  });
});

describe('the role manager', () => {
  it('changes what a role may do, for administrators only, and refuses what it cannot mean', async () => {
    const ada = await signedInAs(server.url, 'admin');
    const eddie = await signedInAs(server.url, 'editor');
    expect((await eddie.get<Problem>('/wp-json/site/v1/roles')).status).toBe(403);
    const roles = (await ada.get<{ items: RolePolicy[] }>('/wp-json/site/v1/roles')).body.items;
    expect(roles.map((r) => [r.role, r.publish])).toEqual([
      ['administrator', 'publish'],
      ['editor', 'publish'],
      ['contributor', 'review'],
    ]);

    const fixedRole = await ada.json<Problem>('/wp-json/site/v1/roles/administrator', {
      method: 'PUT',
      body: { doc_types: ['page'], publish: 'review' },
    });
    expect(fixedRole.status).toBe(400);
    expect(fixedRole.body.data.params).toEqual({ role: 'Administrators always edit and publish every document type.' });
    const badType = await ada.json<Problem>('/wp-json/site/v1/roles/editor', {
      method: 'PUT',
      body: { doc_types: ['recipe'], publish: 'publish' },
    });
    expect(badType.status).toBe(400);
    expect(Object.keys(badType.body.data.params ?? {})).toEqual(['doc_types.0']);
    expect(
      (await ada.json<Problem>('/wp-json/site/v1/roles/store_staff', { method: 'PUT', body: { doc_types: [], publish: 'review' } })).status,
    ).toBe(400);

    const doc = await draftPage(eddie, 'Editors submit now');
    try {
      const set = await ada.json<RolePolicy>('/wp-json/site/v1/roles/editor', {
        method: 'PUT',
        body: { doc_types: ['page'], publish: 'review' },
      });
      expect(set.status).toBe(200);
      const refused = await eddie.json<Problem>(`${D}/${doc.id}/publish`, {
        method: 'POST',
        body: { tree: doc.tree, base_version: doc.version },
      });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('rest_cannot_publish');
      const popup = await server.db.kysely.selectFrom('documents').select('id').where('type', '=', 'popup').executeTakeFirstOrThrow();
      expect((await eddie.get<Problem>(`${D}/${popup.id}`)).status).toBe(403);
      const audit = await server.db.kysely
        .selectFrom('audit_log')
        .select(['user_name', 'after'])
        .where('entity', '=', 'role_policy')
        .where('entity_id', '=', 'editor')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(audit.user_name).toBe('Ada Admin');
      expect(JSON.parse(audit.after ?? '{}')).toEqual({ doc_types: ['page'], publish: 'review' });
    } finally {
      await ada.json('/wp-json/site/v1/roles/editor', {
        method: 'PUT',
        body: { doc_types: ['page', 'popup', 'loop-item', 'header', 'footer', 'template', 'theme'], publish: 'publish' },
      });
    }
    expect(
      (await eddie.json(`${D}/${doc.id}/publish`, { method: 'POST', body: { tree: doc.tree, base_version: doc.version } })).status,
    ).toBe(200);
  });
});

describe('the documents list says what the caller may do, by the rule the server enforces', () => {
  it('offers a contributor no Trash, Restore or renaming of a live page, and each of those answers 403', async () => {
    const cora = await signedInAs(server.url, 'contributor');
    const eddie = await signedInAs(server.url, 'editor');
    const draft = await draftPage(cora, 'Actions draft');
    const live = await draftPage(eddie, 'Actions live');
    expect(
      (await eddie.json(`${D}/${live.id}/publish`, { method: 'POST', body: { tree: live.tree, base_version: live.version } })).status,
    ).toBe(200);
    const actionsOf = async (who: Client, id: number) =>
      (await who.get<{ items: Array<{ id: number; actions: string[] }> }>(`${D}?type=page`)).body.items.find((d) => d.id === id)?.actions;
    expect(await actionsOf(cora, draft.id)).toEqual(['rename', 'duplicate']);
    expect(await actionsOf(cora, live.id)).toEqual(['duplicate']);
    expect(await actionsOf(eddie, live.id)).toEqual(['rename', 'duplicate', 'trash']);
    // What is not offered is refused, and what is offered is done.
    expect((await cora.json<Problem>(`${D}/${live.id}/trash`, { method: 'POST', body: {} })).status).toBe(403);
    expect((await cora.json<Problem>(`${D}/${live.id}`, { method: 'PATCH', body: { title: 'Renamed live' } })).status).toBe(403);
    expect((await cora.json(`${D}/${draft.id}`, { method: 'PATCH', body: { title: `Renamed draft ${Date.now()}` } })).status).toBe(200);
    expect((await eddie.json(`${D}/${draft.id}/trash`, { method: 'POST', body: {} })).status).toBe(200);
    expect(await actionsOf(cora, draft.id)).toEqual(['rename', 'duplicate']);
    expect(await actionsOf(eddie, draft.id)).toEqual(['rename', 'duplicate', 'restore']);
    expect((await cora.json<Problem>(`${D}/${draft.id}/restore`, { method: 'POST' })).status).toBe(403);
  });
});

describe('"New document" offers the types the caller may create, by the rule the server enforces', () => {
  const ALL = ['page', 'popup', 'loop-item', 'template', 'theme'];
  const creatable = async (who: Client) => (await who.get<{ creatable: string[] }>(D)).body.creatable;
  /** Every type the screen can create: created (201) when offered, refused (403) when not, and nothing written then. */
  async function offeredIsAllowed(who: Client): Promise<void> {
    const offered = await creatable(who);
    for (const type of ALL) {
      const before = await server.db.kysely
        .selectFrom('documents')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const made = await who.json<Problem>(D, { method: 'POST', body: { type, title: `New ${type} ${Date.now()}` } });
      expect(made.status, `${type}: ${JSON.stringify(made.body)}`).toBe(offered.includes(type) ? 201 : 403);
      if (made.status === 403) {
        const after = await server.db.kysely
          .selectFrom('documents')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        expect(Number(after.n)).toBe(Number(before.n));
      }
    }
  }

  it('offers a contributor pages and popups, an editor every type, and follows the role manager', async () => {
    const cora = await signedInAs(server.url, 'contributor');
    const eddie = await signedInAs(server.url, 'editor');
    const ada = await signedInAs(server.url, 'admin');
    expect(await creatable(cora)).toEqual(['page', 'popup']);
    expect(await creatable(eddie)).toEqual(ALL);
    await offeredIsAllowed(cora);
    await offeredIsAllowed(eddie);
    try {
      const set = await ada.json('/wp-json/site/v1/roles/contributor', {
        method: 'PUT',
        body: { doc_types: ['page', 'loop-item'], publish: 'review' },
      });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      expect(await creatable(cora)).toEqual(['page', 'loop-item']);
      await offeredIsAllowed(cora);
    } finally {
      await ada.json('/wp-json/site/v1/roles/contributor', { method: 'PUT', body: { doc_types: ['page', 'popup'], publish: 'review' } });
    }
  });
});

describe('role policies saved before a document type existed', () => {
  it('give the newer types the role default: editors keep theme templates and global widgets, contributors do not get them', async () => {
    const db = server.db.kysely;
    const eddie = await signedInAs(server.url, 'editor');
    const cora = await signedInAs(server.url, 'contributor');
    const ada = await signedInAs(server.url, 'admin');
    const gw = await ada.json<Doc>('/wp-json/site/v1/global-widgets', {
      method: 'POST',
      body: { title: `Old policy ${Date.now()}`, element: w('oldpol1', 'heading', { title: 'Kept' }) },
    });
    expect(gw.status).toBe(201);
    const theme = await ada.json<Doc>(D, { method: 'POST', body: { type: 'theme', title: `Old policy theme ${Date.now()}` } });
    expect(theme.status).toBe(201);
    // Rows as the role manager saved them before theme templates and global widgets were in its list.
    const old = (role: string, types: string[], publish: number) => ({
      role,
      doc_types: JSON.stringify(types),
      known_types: null,
      publish,
      updated_by: 'Ada Admin',
      updated_at: Date.now(),
    });
    const rows = [
      old('editor', ['page', 'popup', 'loop-item', 'header', 'footer', 'template'], 1),
      old('contributor', ['page', 'popup', 'loop-item'], 0),
    ];
    try {
      for (const row of rows)
        await db
          .insertInto('role_policies')
          .values(row)
          .onConflict((oc) => oc.column('role').doUpdateSet(row))
          .execute();
      const roles = (await ada.get<{ items: RolePolicy[] }>('/wp-json/site/v1/roles')).body.items;
      expect(roles.find((r) => r.role === 'editor')?.doc_types).toEqual([
        'page',
        'popup',
        'loop-item',
        'header',
        'footer',
        'template',
        'theme',
        'global-widget',
      ]);
      // What the contributor's saved policy said is kept (loop items added), what it did not know is the default (none).
      expect(roles.find((r) => r.role === 'contributor')?.doc_types).toEqual(['page', 'popup', 'loop-item']);
      expect((await eddie.get(`${D}/${theme.body.id}`)).status).toBe(200);
      expect((await eddie.get(`${D}/${gw.body.id}`)).status).toBe(200);
      expect((await cora.get(`${D}/${gw.body.id}`)).status).toBe(403);
      // A policy saved now knows every type: unchecking one stays unchecked.
      await ada.json('/wp-json/site/v1/roles/editor', { method: 'PUT', body: { doc_types: ['page', 'popup'], publish: 'publish' } });
      expect((await eddie.get(`${D}/${theme.body.id}`)).status).toBe(403);
    } finally {
      await db.deleteFrom('role_policies').where('role', 'in', ['editor', 'contributor']).execute();
    }
    expect((await eddie.get(`${D}/${theme.body.id}`)).status).toBe(200);
  });
});

describe('the soft lock', () => {
  it('says who is editing, lets another take over, and tells the first at its next heartbeat and save', async () => {
    const eddie = await signedInAs(server.url, 'editor');
    const ada = await signedInAs(server.url, 'admin');
    const doc = await draftPage(eddie, 'Locked page');
    const L = `${D}/${doc.id}/lock`;
    const eddieTab = 'eddie-tab-0000000001';
    const adaTab = 'ada-tab-00000000000002';

    expect((await eddie.json<LockState>(L, { method: 'POST', body: { token: eddieTab } })).body).toEqual({
      held: true,
      holder: null,
      taken_over: false,
    });
    const opened = await ada.json<LockState>(L, { method: 'POST', body: { token: adaTab } });
    expect(opened.body.held).toBe(false);
    expect(opened.body.holder?.name).toBe('Eddie Editor');
    expect(opened.body.taken_over).toBe(false);

    expect((await ada.json<LockState>(L, { method: 'POST', body: { token: adaTab, take: true } })).body.held).toBe(true);
    const told = await eddie.json<LockState>(L, { method: 'POST', body: { token: eddieTab } });
    expect(told.body).toMatchObject({ held: false, taken_over: true, holder: { name: 'Ada Admin' } });

    const current = (await eddie.get<Doc>(`${D}/${doc.id}`)).body;
    const save = await eddie.json<Problem>(`${D}/${doc.id}/draft`, {
      method: 'PUT',
      body: { tree: current.tree, base_version: current.version, lock_token: eddieTab, autosave: true },
    });
    expect(save.status).toBe(409);
    expect(save.body.code).toBe('rest_document_locked');
    expect(save.body.message).toContain('Ada Admin took over editing this document');
    const theirs = await ada.json(`${D}/${doc.id}/draft`, {
      method: 'PUT',
      body: { tree: current.tree, base_version: current.version, lock_token: adaTab },
    });
    expect(theirs.status).toBe(200);
    expect(await auditOf(doc.id)).toContain('take_over by Ada Admin');

    // A holder gone quiet for a minute no longer holds it: the next editor simply gets it.
    await server.db.kysely
      .updateTable('document_locks')
      .set({ heartbeat_at: Date.now() - 61_000 })
      .where('document_id', '=', doc.id)
      .execute();
    expect((await eddie.json<LockState>(L, { method: 'POST', body: { token: eddieTab } })).body.held).toBe(true);
    // Leaving frees it at once.
    await eddie.json(`${L}/release`, { method: 'POST', body: { token: eddieTab } });
    expect((await ada.json<LockState>(L, { method: 'POST', body: { token: adaTab } })).body.held).toBe(true);
  });

  it('refuses a malformed tab token and a comment with control characters, writing nothing', async () => {
    const eddie = await signedInAs(server.url, 'editor');
    const doc = await draftPage(eddie, 'Probe page');
    const bad = await eddie.json<Problem>(`${D}/${doc.id}/lock`, { method: 'POST', body: { token: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.params).toEqual({ token: 'must be the editor tab token' });
    const nul = await eddie.json<Problem>(`${D}/${doc.id}/review`, { method: 'POST', body: { note: 'ring\u0007bell' } });
    expect(nul.status, JSON.stringify(nul.body)).toBe(400);
    expect(nul.body.data.params).toEqual({ note: 'must not contain control characters' });
    const rows = await server.db.kysely.selectFrom('document_locks').select('document_id').where('document_id', '=', doc.id).execute();
    expect(rows).toEqual([]);
    expect((await eddie.get<ReviewState>(`${D}/${doc.id}/review`)).body.reviews).toEqual([]);
  });
});
