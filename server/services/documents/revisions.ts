import type { Kysely } from 'kysely';
import { countChanges, diffElements, type ElementChange } from '../../../core/documents/element-diff';
import type { ElementNode } from '../../../core/wire/document';
import type { RevisionAction, RevisionDetail, RevisionSummary, SaveConflictData } from '../../../core/wire/document-revision';
import type { Database } from '../../db/schema';
import { ApiError, errors } from '../../errors';
import { decodeConditions, decodeSettings, decodeTree, findDocument, updateAtVersion, type StoredDocument } from './repository';

// The editorial workflow over the documents repository: every save and publish bumps the document's version
// and records a revision (who, when, what changed); a save that started from an older version is refused
// with 409 naming who saved in between, so nothing is overwritten silently.

export interface Author {
  id: number;
  name: string;
}

export interface SaveInput {
  tree: ElementNode[];
  title?: string;
  /** The version the editor started from; absent means "whatever is there" (scripts, kits). */
  baseVersion?: number;
  author: Author;
}

const ACTIONS: readonly RevisionAction[] = ['draft', 'autosave', 'publish', 'restore', 'schedule'];
const asAction = (a: string): RevisionAction => ACTIONS.find((x) => x === a) ?? 'draft';

/** The element changes a revision made, as stored with it (against the document as it was before the save). */
function changesOf(id: number, text: string): ElementChange[] {
  try {
    const value = JSON.parse(text) as unknown;
    if (Array.isArray(value)) return value as ElementChange[];
  } catch {
    /* reported below */
  }
  throw new ApiError(500, 'rest_document_corrupt', `Revision ${id} is corrupt: its changes cannot be read.`);
}

async function conflict(db: Kysely<Database>, doc: StoredDocument, baseVersion: number): Promise<ApiError> {
  const current = await findDocument(db, doc.id);
  const rows = await db
    .selectFrom('document_revisions')
    .select(['user_name', 'created_at', 'action'])
    .where('document_id', '=', doc.id)
    .where('version', '>', baseVersion)
    .orderBy('id')
    .execute();
  const savedBy = rows.map((r) => ({ name: r.user_name || 'Someone', at: Number(r.created_at), action: asAction(r.action) }));
  const names = [...new Set(savedBy.map((s) => s.name))];
  const who = names.length ? names.join(', ') : 'Someone';
  const data: Omit<SaveConflictData, 'status'> = { current_version: current?.version ?? doc.version, saved_by: savedBy };
  return new ApiError(
    409,
    'rest_document_conflict',
    `${who} saved this document after you started editing. Reload their version, or keep yours as a new draft.`,
    { ...data },
  );
}

/** The tree an editor works on: the draft when there is one, else the published tree. */
export const workingTree = (doc: StoredDocument): ElementNode[] => doc.draft ?? doc.tree;

/** Settings and display conditions as they go with a save: the draft's when it has them, else the published. */
export interface DocumentSettingsDraft {
  settings: Record<string, unknown>;
  conditions: unknown[];
}
export const workingSettings = (doc: StoredDocument): DocumentSettingsDraft => ({
  settings: doc.draft_settings ?? doc.settings,
  conditions: doc.draft_conditions ?? doc.conditions,
});

async function loadForWrite(db: Kysely<Database>, id: number, baseVersion: number | undefined): Promise<StoredDocument> {
  const doc = await findDocument(db, id);
  if (!doc) throw errors.missing('Document');
  if (baseVersion !== undefined && baseVersion !== doc.version) throw await conflict(db, doc, baseVersion);
  return doc;
}

async function record(
  db: Kysely<Database>,
  doc: StoredDocument,
  action: RevisionAction,
  tree: ElementNode[],
  title: string,
  author: Author,
  now: number,
  meta: DocumentSettingsDraft,
): Promise<void> {
  const changes = JSON.stringify(diffElements(workingTree(doc), tree));
  const row = {
    version: doc.version + 1,
    title,
    tree: JSON.stringify(tree),
    changes,
    created_at: now,
    settings: JSON.stringify(meta.settings),
    conditions: JSON.stringify(meta.conditions),
  };
  if (action === 'autosave') {
    // Autosaves every few seconds would bury the history: one autosave revision per author run, updated in
    // place, its changes counted from the revision before the run (so the run reads as one save).
    const [last, before] = await db
      .selectFrom('document_revisions')
      .select(['id', 'action', 'user_id', 'tree'])
      .where('document_id', '=', doc.id)
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    if (last && before && last.action === 'autosave' && last.user_id === author.id) {
      const runChanges = JSON.stringify(diffElements(decodeTree(doc.id, 'tree', before.tree), tree));
      await db
        .updateTable('document_revisions')
        .set({ ...row, changes: runChanges })
        .where('id', '=', last.id)
        .execute();
      return;
    }
  }
  await db
    .insertInto('document_revisions')
    .values({ ...row, document_id: doc.id, action, user_id: author.id, user_name: author.name })
    .execute();
}

/** Versioned write plus its revision, in one transaction; a lost race is a 409 like a stale base version. */
async function write(
  db: Kysely<Database>,
  id: number,
  input: SaveInput,
  action: RevisionAction,
  set: (doc: StoredDocument, now: number) => Parameters<typeof updateAtVersion>[3],
  meta?: DocumentSettingsDraft,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const doc = await loadForWrite(tx, id, input.baseVersion);
    const now = Date.now();
    const title = input.title ?? doc.title;
    if (!(await updateAtVersion(tx, id, doc.version, { ...set(doc, now), ...(input.title ? { title } : {}) })))
      throw await conflict(tx, doc, doc.version);
    await record(tx, doc, action, input.tree, title, input.author, now, meta ?? workingSettings(doc));
  });
}

export function saveDraft(db: Kysely<Database>, id: number, input: SaveInput, autosave = false): Promise<void> {
  return write(db, id, input, autosave ? 'autosave' : 'draft', (_doc, now) => ({
    draft_tree: JSON.stringify(input.tree),
    draft_updated_at: now,
  }));
}

/**
 * Saves settings and display conditions into the draft, versioned and recorded like a tree save: visitors keep
 * the published settings until publish, and a stale base version answers 409.
 */
export function saveSettings(
  db: Kysely<Database>,
  id: number,
  input: Omit<SaveInput, 'tree'> & { settings?: Record<string, unknown>; conditions?: unknown[] },
): Promise<void> {
  return db.transaction().execute(async (tx) => {
    const doc = await loadForWrite(tx, id, input.baseVersion);
    const current = workingSettings(doc);
    const meta = { settings: input.settings ?? current.settings, conditions: input.conditions ?? current.conditions };
    const tree = workingTree(doc);
    const now = Date.now();
    if (
      !(await updateAtVersion(tx, id, doc.version, {
        draft_settings: JSON.stringify(meta.settings),
        draft_conditions: JSON.stringify(meta.conditions),
        // A draft of the tree as well, so the editor shows "unpublished changes" and publish takes both.
        draft_tree: JSON.stringify(tree),
        draft_updated_at: now,
      }))
    )
      throw await conflict(tx, doc, doc.version);
    await record(tx, doc, 'draft', tree, input.title ?? doc.title, input.author, now, meta);
  });
}

export function publish(db: Kysely<Database>, id: number, input: SaveInput): Promise<void> {
  return write(db, id, input, 'publish', (doc, now) => ({
    tree: JSON.stringify(input.tree),
    settings: JSON.stringify(doc.draft_settings ?? doc.settings),
    conditions: JSON.stringify(doc.draft_conditions ?? doc.conditions),
    draft_settings: null,
    draft_conditions: null,
    status: 'publish',
    draft_tree: null,
    draft_updated_at: null,
    scheduled_tree: null,
    publish_at: null,
    published_at: now,
    updated_at: now,
  }));
}

/** Publish `tree` at `publishAt` and/or take the document offline at `unpublishAt` (ms, null clears). */
export function schedule(
  db: Kysely<Database>,
  id: number,
  input: SaveInput & { publishAt: number | null; unpublishAt: number | null },
): Promise<void> {
  return write(db, id, input, 'schedule', () => ({
    scheduled_tree: input.publishAt == null ? null : JSON.stringify(input.tree),
    publish_at: input.publishAt,
    unpublish_at: input.unpublishAt,
  }));
}

export async function listRevisions(db: Kysely<Database>, documentId: number): Promise<RevisionSummary[]> {
  const rows = await db
    .selectFrom('document_revisions')
    .select(['id', 'version', 'action', 'title', 'user_name', 'created_at', 'changes'])
    .where('document_id', '=', documentId)
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  return rows.map((r) => ({
    ...r,
    action: asAction(r.action),
    created_at: Number(r.created_at),
    changes: countChanges(changesOf(r.id, r.changes)),
  }));
}

export async function getRevision(db: Kysely<Database>, documentId: number, revisionId: number): Promise<RevisionDetail> {
  const row = await db
    .selectFrom('document_revisions')
    .selectAll()
    .where('document_id', '=', documentId)
    .where('id', '=', revisionId)
    .executeTakeFirst();
  if (!row) throw errors.missing('Revision');
  const diff = changesOf(row.id, row.changes);
  return {
    id: row.id,
    version: row.version,
    action: asAction(row.action),
    title: row.title,
    user_name: row.user_name,
    created_at: Number(row.created_at),
    changes: countChanges(diff),
    tree: decodeTree(documentId, 'tree', row.tree),
    diff,
  };
}

/** A revision's tree becomes the draft (visitors keep the published page until someone publishes). */
export async function restoreRevision(
  db: Kysely<Database>,
  documentId: number,
  revisionId: number,
  input: Omit<SaveInput, 'tree' | 'title'>,
): Promise<void> {
  const revision = await getRevision(db, documentId, revisionId);
  // Revisions written before settings were versioned carry none: the current settings stay as they are.
  const stored = await db
    .selectFrom('document_revisions')
    .select(['settings', 'conditions'])
    .where('id', '=', revisionId)
    .executeTakeFirstOrThrow();
  const meta =
    stored.settings == null
      ? undefined
      : { settings: decodeSettings(documentId, stored.settings), conditions: decodeConditions(documentId, stored.conditions ?? '[]') };
  await write(
    db,
    documentId,
    { ...input, tree: revision.tree },
    'restore',
    (_doc, now) => ({
      draft_tree: JSON.stringify(revision.tree),
      draft_updated_at: now,
      ...(meta ? { draft_settings: JSON.stringify(meta.settings), draft_conditions: JSON.stringify(meta.conditions) } : {}),
    }),
    meta,
  );
}
