import type { ExpressionBuilder, Kysely, Selectable, Updateable } from 'kysely';
import type { ElementNode } from '../../../core/wire/document';
import type { EditorDocument } from '../../../core/wire/editor-document';
import type { Database, DocumentsTable } from '../../db/schema';
import { ApiError, errors } from '../../errors';
import { treeSchema } from '../editor/document-tree';
import { nextDocumentIds } from '../../db/document-ids';

// The one place that reads and writes the `documents` table. Trees are decoded with the editor's tree
// schema: a row whose JSON is broken or not a tree is a fault to see (500, logged by the error handler),
// never a silently empty page.

export type DocumentRow = Selectable<DocumentsTable>;

/** A decoded row: the editor document's head (core/wire/editor-document.ts) and every stored column. */
export type StoredDocument = Pick<EditorDocument, 'id' | 'type' | 'slug' | 'title' | 'status' | 'tree'> & {
  /** The editor's unpublished draft, or null. */
  draft: ElementNode[] | null;
  /** The published settings and conditions, which visitors see. */
  settings: Record<string, unknown>;
  conditions: unknown[];
  /** Settings and conditions saved by an editor and not yet published, or null. */
  draft_settings: Record<string, unknown> | null;
  draft_conditions: unknown[] | null;
  updated_at: number;
  draft_updated_at: number | null;
  published_at: number | null;
  version: number;
  /** The tree that goes live at publish_at (already swapped into `tree` by the live reads once due). */
  scheduled: ElementNode[] | null;
  publish_at: number | null;
  unpublish_at: number | null;
};

export type DocumentSummary = Pick<EditorDocument, 'id' | 'type' | 'slug' | 'title' | 'status' | 'has_draft'> & {
  updated_at: number;
  /** A scheduled publication or unpublication (ms), for the admin dashboard; null when none. */
  publish_at: number | null;
  unpublish_at: number | null;
};

/** A row that cannot be decoded: answered as 500 with the document and column named. */
export function corruptDocument(id: number, column: string): ApiError {
  return new ApiError(500, 'rest_document_corrupt', `Document ${id} is corrupt: its ${column} cannot be read.`, {
    document_id: id,
    column,
  });
}

function decodeJson(id: number, column: string, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw corruptDocument(id, column);
  }
}

/** The element tree stored in a column, checked against the editor's schema. */
export function decodeTree(id: number, column: 'tree' | 'draft_tree' | 'scheduled_tree', text: string): ElementNode[] {
  const parsed = treeSchema.safeParse(decodeJson(id, column, text));
  if (!parsed.success) throw corruptDocument(id, column);
  return parsed.data;
}

export function decodeSettings(id: number, text: string): Record<string, unknown> {
  if (!text) return {};
  const value = decodeJson(id, 'settings', text);
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw corruptDocument(id, 'settings');
  return value as Record<string, unknown>;
}

export function decodeConditions(id: number, text: string): unknown[] {
  if (!text) return [];
  const value = decodeJson(id, 'conditions', text);
  if (!Array.isArray(value)) throw corruptDocument(id, 'conditions');
  return value;
}

export function decodeDocument(row: DocumentRow): StoredDocument {
  return {
    id: row.id,
    type: row.type,
    slug: row.slug,
    title: row.title,
    status: row.status,
    tree: decodeTree(row.id, 'tree', row.tree),
    draft: row.draft_tree ? decodeTree(row.id, 'draft_tree', row.draft_tree) : null,
    settings: decodeSettings(row.id, row.settings),
    conditions: decodeConditions(row.id, row.conditions),
    draft_settings: row.draft_settings ? decodeSettings(row.id, row.draft_settings) : null,
    draft_conditions: row.draft_conditions ? decodeConditions(row.id, row.draft_conditions) : null,
    updated_at: Number(row.updated_at),
    draft_updated_at: row.draft_updated_at == null ? null : Number(row.draft_updated_at),
    published_at: row.published_at == null ? null : Number(row.published_at),
    version: Number(row.version),
    scheduled: row.scheduled_tree ? decodeTree(row.id, 'scheduled_tree', row.scheduled_tree) : null,
    publish_at: row.publish_at == null ? null : Number(row.publish_at),
    unpublish_at: row.unpublish_at == null ? null : Number(row.unpublish_at),
  };
}

/**
 * Visible to visitors at `now`: published (or scheduled to publish by now) and not yet unpublished. The
 * schedule is applied on read, so every server agrees without a job.
 */
export const live = (now: number) => (eb: ExpressionBuilder<Database, 'documents'>) =>
  eb.and([
    eb.or([eb('status', '=', 'publish'), eb.and([eb('publish_at', 'is not', null), eb('publish_at', '<=', now)])]),
    eb.or([eb('unpublish_at', 'is', null), eb('unpublish_at', '>', now)]),
  ]);

/** The document as visitors see it at `now`: a due scheduled tree replaces the published one. */
export function liveView(doc: StoredDocument, now: number): StoredDocument {
  return doc.scheduled && doc.publish_at != null && doc.publish_at <= now ? { ...doc, tree: doc.scheduled, status: 'publish' } : doc;
}

export async function findDocument(db: Kysely<Database>, id: number): Promise<StoredDocument | undefined> {
  const row = await db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirst();
  return row && decodeDocument(row);
}

/** A document visitors can see by type and slug (pages at their address), as they see it at `now`. */
export async function findPublished(
  db: Kysely<Database>,
  type: string,
  slug: string,
  now = Date.now(),
): Promise<StoredDocument | undefined> {
  const row = await db
    .selectFrom('documents')
    .selectAll()
    .where('type', '=', type)
    .where('slug', '=', slug)
    .where(live(now))
    .executeTakeFirst();
  return row && liveView(decodeDocument(row), now);
}

/** A document by id, optionally only when it has this type or visitors can see it (then as they see it). */
export async function findDocumentWhere(
  db: Kysely<Database>,
  id: number,
  where: { type?: string; published?: boolean },
  now = Date.now(),
): Promise<StoredDocument | undefined> {
  let q = db.selectFrom('documents').selectAll().where('id', '=', id);
  if (where.type) q = q.where('type', '=', where.type);
  if (where.published) q = q.where(live(now));
  const row = await q.executeTakeFirst();
  return row && (where.published ? liveView(decodeDocument(row), now) : decodeDocument(row));
}

/** Documents by id as visitors see them at `now`. */
export async function findDocumentsByIds(db: Kysely<Database>, ids: number[], now = Date.now()): Promise<StoredDocument[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom('documents').selectAll().where('id', 'in', ids).orderBy('id').execute();
  return rows.map((r) => liveView(decodeDocument(r), now));
}

export async function listDocuments(db: Kysely<Database>, type?: string): Promise<DocumentSummary[]> {
  let q = db
    .selectFrom('documents')
    .select(['id', 'type', 'slug', 'title', 'status', 'updated_at', 'draft_updated_at', 'publish_at', 'unpublish_at'])
    .orderBy('id');
  if (type) q = q.where('type', '=', type);
  const rows = await q.execute();
  const ms = (v: number | null | undefined) => (v == null ? null : Number(v));
  return rows.map(({ draft_updated_at, ...r }) => ({
    ...r,
    updated_at: Number(r.updated_at),
    has_draft: draft_updated_at != null,
    publish_at: ms(r.publish_at),
    unpublish_at: ms(r.unpublish_at),
  }));
}

/** Documents of a type visitors can see, with settings and conditions but no trees (cheap, runs per page view). */
export async function listPublishedMeta(
  db: Kysely<Database>,
  type: string,
  settingsLike?: string,
  now = Date.now(),
): Promise<Array<{ id: number; slug: string; title: string; settings: Record<string, unknown>; conditions: unknown[] }>> {
  let q = db.selectFrom('documents').select(['id', 'slug', 'title', 'settings', 'conditions']).where('type', '=', type).where(live(now));
  if (settingsLike) q = q.where('settings', 'like', settingsLike);
  const rows = await q.orderBy('id').execute();
  return rows.map((r) => ({ ...r, settings: decodeSettings(r.id, r.settings), conditions: decodeConditions(r.id, r.conditions) }));
}

/** Published pages as a query to refine (site search counts and pages its matches). */
export function publishedPagesQuery(db: Kysely<Database>, now = Date.now()) {
  return db.selectFrom('documents').where('type', '=', 'page').where(live(now));
}

export async function listByType(db: Kysely<Database>, type: string): Promise<StoredDocument[]> {
  const rows = await db.selectFrom('documents').selectAll().where('type', '=', type).orderBy('id').execute();
  return rows.map(decodeDocument);
}

export interface NewDocument {
  id: number;
  type: string;
  slug: string;
  title: string;
  tree: ElementNode[];
  settings?: Record<string, unknown>;
  conditions?: unknown[];
}

/** Inserts a published document; with `keepExisting` an existing id is left as it is (idempotent seeding). */
export async function insertDocument(db: Kysely<Database>, doc: NewDocument, now: number, keepExisting = false): Promise<void> {
  const q = db.insertInto('documents').values({
    id: doc.id,
    type: doc.type,
    slug: doc.slug,
    title: doc.title,
    status: 'publish',
    tree: JSON.stringify(doc.tree),
    settings: JSON.stringify(doc.settings ?? {}),
    conditions: JSON.stringify(doc.conditions ?? []),
    updated_at: now,
  });
  await (keepExisting ? q.onConflict((oc) => oc.column('id').doNothing()) : q).execute();
}

/**
 * Writes a document only if it is still at `version`, bumping it: of two saves from the same version one
 * wins and the other gets false (then a 409), on SQLite and PostgreSQL alike.
 */
export async function updateAtVersion(
  db: Kysely<Database>,
  id: number,
  version: number,
  set: Omit<Updateable<DocumentsTable>, 'id' | 'version'>,
): Promise<boolean> {
  const result = await db
    .updateTable('documents')
    .set((eb) => ({ ...set, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// Documents as editors manage them (create, duplicate, rename, settings, trash, restore): the same table,
// written here so slugs stay unique and ids come from the one sequence.

const isUniqueViolation = (e: unknown): boolean => {
  const code = (e as { code?: unknown })?.code;
  return code === '23505' || (typeof code === 'string' && code.startsWith('SQLITE_CONSTRAINT'));
};

/** A slug another document of the type already holds: answered as 400 on the slug field. */
const SLUG_TAKEN = 'Another document already uses this slug.';
export const slugTaken = (): ApiError => errors.invalidParam(SLUG_TAKEN, { slug: SLUG_TAKEN });

/** A free slug of the type: the wanted one, else with -2, -3… appended. */
export async function freeSlug(db: Kysely<Database>, type: string, wanted: string, exceptId = 0): Promise<string> {
  const rows = await db
    .selectFrom('documents')
    .select(['slug', 'id'])
    .where('type', '=', type)
    .where((eb) => eb.or([eb('slug', '=', wanted), eb('slug', 'like', `${wanted}-%`)]))
    .execute();
  const taken = new Set(rows.filter((r) => r.id !== exceptId).map((r) => r.slug));
  if (!taken.has(wanted)) return wanted;
  for (let n = 2; ; n++) if (!taken.has(`${wanted}-${n}`)) return `${wanted}-${n}`;
}

export interface DraftDocument {
  type: string;
  title: string;
  slug: string;
  tree: ElementNode[];
  settings: Record<string, unknown>;
  conditions: unknown[];
}

/** Creates a draft with the next free id and a free slug; retried when a parallel insert took either. */
export async function createDraft(db: Kysely<Database>, doc: DraftDocument): Promise<number> {
  const values = {
    type: doc.type,
    title: doc.title,
    tree: JSON.stringify(doc.tree),
    settings: JSON.stringify(doc.settings),
    conditions: JSON.stringify(doc.conditions),
  };
  for (let attempt = 0; ; attempt++) {
    const [id] = await nextDocumentIds(db, 1);
    const slug = await freeSlug(db, doc.type, doc.slug);
    try {
      await db
        .insertInto('documents')
        .values({ ...values, id, slug, status: 'draft', updated_at: Date.now() })
        .execute();
      return id;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 30) throw error;
    }
  }
}

/** A copy of a document as a new draft (its draft tree when it has one), titled "(copy)". */
export function duplicateDocument(db: Kysely<Database>, source: StoredDocument): Promise<number> {
  return createDraft(db, {
    type: source.type,
    title: `${source.title} (copy)`.slice(0, 200),
    slug: `${source.slug}-copy`.slice(0, 80),
    tree: source.draft ?? source.tree,
    settings: source.draft_settings ?? source.settings,
    conditions: source.draft_conditions ?? source.conditions,
  });
}

export interface DocumentMeta {
  title?: string;
  slug?: string;
}

/**
 * Renames a document; a slug in use is a 400 on the slug field. Settings and conditions are part of the draft
 * (services/documents/revisions.ts, saveSettings), never written here.
 */
export async function updateMeta(db: Kysely<Database>, doc: StoredDocument, meta: DocumentMeta): Promise<void> {
  const changes: Partial<Record<keyof DocumentMeta, string>> = {};
  if (meta.title) changes.title = meta.title;
  if (meta.slug && meta.slug !== doc.slug) {
    if ((await freeSlug(db, doc.type, meta.slug, doc.id)) !== meta.slug) throw slugTaken();
    changes.slug = meta.slug;
  }
  if (!Object.keys(changes).length) return;
  try {
    await db
      .updateTable('documents')
      .set({ ...changes, updated_at: Date.now() })
      .where('id', '=', doc.id)
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken(); // a parallel rename took it between check and write
    throw error;
  }
}

/** Moves a document to the trash ('trash', never served), remembering the status it had. */
export async function trashDocument(db: Kysely<Database>, id: number): Promise<void> {
  await db
    .updateTable('documents')
    .set((eb) => ({ trashed_status: eb.ref('status'), status: 'trash', updated_at: Date.now() }))
    .where('id', '=', id)
    .where('status', '!=', 'trash')
    .execute();
}

/** Takes a document out of the trash in the status it was trashed in (a draft when that is unknown). */
export async function restoreDocument(db: Kysely<Database>, id: number): Promise<void> {
  await db
    .updateTable('documents')
    .set((eb) => ({ status: eb.fn.coalesce('trashed_status', eb.val('draft')), trashed_status: null, updated_at: Date.now() }))
    .where('id', '=', id)
    .where('status', '=', 'trash')
    .execute();
}

/**
 * The documents an editor should know about before trashing one: those whose content links to its address, or
 * opens it (a popup's link action carries its id in base64), not counting itself or the trash.
 */
export async function documentReferences(
  db: Kysely<Database>,
  doc: { id: number; type: string; slug: string },
): Promise<Array<{ id: number; title: string; type: string }>> {
  const needles =
    doc.type === 'popup'
      ? [
          Buffer.from(JSON.stringify({ id: String(doc.id) }))
            .toString('base64')
            .replace(/=+$/, ''),
        ]
      : doc.type === 'page' && doc.slug !== 'home'
        ? [`"/${doc.slug}"`, `"/${doc.slug}#`, `"/${doc.slug}?`, `"/${doc.slug}/"`]
        : [];
  if (!needles.length) return [];
  const rows = await db
    .selectFrom('documents')
    .select(['id', 'title', 'type'])
    .where('id', '!=', doc.id)
    .where('status', '!=', 'trash')
    .where((eb) => eb.or(needles.flatMap((n) => [eb('tree', 'like', `%${n}%`), eb('draft_tree', 'like', `%${n}%`)])))
    .orderBy('title')
    .limit(50)
    .execute();
  return rows;
}
