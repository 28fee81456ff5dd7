import type { Kysely } from 'kysely';
import type { ElementNode } from '../../core/wire/document';
import {
  collectGlobalIds,
  expandGlobalWidgets,
  GLOBAL_WIDGET_DOC_TYPE,
  globalElementProblem,
  globalIdNeedle,
  globalIdOf,
} from '../../core/documents/global-widgets';
import type { Database } from '../db/schema';
import { ApiError, errors } from '../errors';
import { createDraft, decodeTree, findDocument, live, trashDocument } from './documents/repository';
import { publish, type Author } from './documents/revisions';
import { treeProblem, sanitizeTree } from './editor/document-tree';

// Global widgets (core/documents/global-widgets.ts) as the server keeps them: documents of type `global-widget`,
// written and published through the documents repository like any document (so every save is versioned, has a
// revision, and moves the page cache's version by the documents trigger: every page that uses one is rendered
// anew on its next view). Pages are expanded just before rendering; a global widget still in use cannot be
// deleted. docs/editor.md, "Global widgets and custom CSS".

export interface GlobalWidget {
  id: number;
  title: string;
  /** The published widget (what pages show). */
  element: ElementNode;
  version: number;
  updated_at: number;
}

export interface GlobalWidgetUse {
  id: number;
  title: string;
  type: string;
}

/** The published widget of a global widget document's tree (its one root), or undefined for an empty tree. */
const rootOf = (tree: ElementNode[]): ElementNode | undefined => tree[0];

export async function listGlobalWidgets(db: Kysely<Database>): Promise<GlobalWidget[]> {
  const rows = await db
    .selectFrom('documents')
    .select(['id', 'title', 'tree', 'version', 'updated_at'])
    .where('type', '=', GLOBAL_WIDGET_DOC_TYPE)
    .where('status', '=', 'publish')
    .orderBy('title')
    .execute();
  return rows.flatMap((r) => {
    const element = rootOf(decodeTree(r.id, 'tree', r.tree));
    return element ? [{ id: r.id, title: r.title, element, version: Number(r.version), updated_at: Number(r.updated_at) }] : [];
  });
}

/** The published widgets of these global widgets, by id (missing, trashed and empty ones left out). */
export async function loadGlobalElements(db: Kysely<Database>, ids: Iterable<number>, now = Date.now()): Promise<Map<number, ElementNode>> {
  const wanted = [...ids];
  const out = new Map<number, ElementNode>();
  if (!wanted.length) return out;
  const rows = await db
    .selectFrom('documents')
    .select(['id', 'tree'])
    .where('type', '=', GLOBAL_WIDGET_DOC_TYPE)
    .where('id', 'in', wanted)
    .where(live(now))
    .execute();
  for (const r of rows) {
    const element = rootOf(decodeTree(r.id, 'tree', r.tree));
    if (element) out.set(r.id, element);
  }
  return out;
}

/** A tree as visitors see it: every global widget reference replaced by the widget (no query when there is none). */
export async function expandForRender(db: Kysely<Database>, tree: ElementNode[], now = Date.now()): Promise<ElementNode[]> {
  const ids = collectGlobalIds(tree);
  if (!ids.size) return tree;
  const elements = await loadGlobalElements(db, ids, now);
  return expandGlobalWidgets(tree, (gid) => elements.get(gid));
}

/**
 * The documents (pages, popups, templates…, not the trash) whose published, draft or scheduled tree uses the
 * global widget. Found by the exact text of the reference, then confirmed on the decoded trees.
 */
export async function globalWidgetUsage(db: Kysely<Database>, globalId: number): Promise<GlobalWidgetUse[]> {
  const needle = `%${globalIdNeedle(globalId)}%`;
  const rows = await db
    .selectFrom('documents')
    .select(['id', 'title', 'type', 'tree', 'draft_tree', 'scheduled_tree'])
    .where('status', '!=', 'trash')
    .where('id', '!=', globalId)
    .where((eb) => eb.or([eb('tree', 'like', needle), eb('draft_tree', 'like', needle), eb('scheduled_tree', 'like', needle)]))
    .orderBy('title')
    .execute();
  return rows
    .filter((r) =>
      (['tree', 'draft_tree', 'scheduled_tree'] as const).some((column) => {
        const text = r[column];
        return !!text && collectGlobalIds(decodeTree(r.id, column, text)).has(globalId);
      }),
    )
    .map((r) => ({ id: r.id, title: r.title, type: r.type }));
}

const titles = (uses: GlobalWidgetUse[]): string => uses.map((u) => `"${u.title}"`).join(', ');

/** Refused while pages use it (409 naming them); otherwise moved to the trash (restorable from the documents screen). */
export async function deleteGlobalWidget(db: Kysely<Database>, globalId: number): Promise<void> {
  const doc = await findDocument(db, globalId);
  if (!doc || doc.type !== GLOBAL_WIDGET_DOC_TYPE || doc.status === 'trash') throw errors.missing('Global widget');
  await refuseWhileUsed(db, doc.id, doc.title);
  await trashDocument(db, globalId);
}

/** 409 `rest_global_widget_in_use` naming the documents that use the global widget, when any does. */
export async function refuseWhileUsed(db: Kysely<Database>, globalId: number, title: string): Promise<void> {
  const uses = await globalWidgetUsage(db, globalId);
  if (!uses.length) return;
  throw new ApiError(
    409,
    'rest_global_widget_in_use',
    `The global widget "${title}" is used on ${titles(uses)}. Unlink it there (or remove it) before deleting it.`,
    { used_by: uses },
  );
}

/** Saves an element as a new global widget, published at once (it is on no page yet). */
export async function createGlobalWidget(
  db: Kysely<Database>,
  input: { title: string; element: ElementNode },
  author: Author,
  slug: string,
): Promise<number> {
  const tree = [input.element];
  const problem = globalElementProblem(tree) ?? treeProblem(tree)?.message;
  if (problem) throw errors.invalidParam(problem, { element: problem });
  const clean = sanitizeTree(tree);
  const id = await createDraft(db, { type: GLOBAL_WIDGET_DOC_TYPE, title: input.title, slug, tree: clean, settings: {}, conditions: [] });
  await publish(db, id, { tree: clean, author });
  return id;
}

/**
 * The checks a document's tree gets on save beyond its schema: a global widget document holds exactly one
 * widget (no reference); any other document may only reference global widgets that exist (400 on `tree`,
 * naming the element, otherwise).
 */
export async function globalWidgetTreeProblem(
  db: Kysely<Database>,
  docType: string,
  tree: ElementNode[],
): Promise<{ message: string; element?: string } | null> {
  if (docType === GLOBAL_WIDGET_DOC_TYPE) {
    const problem = globalElementProblem(tree);
    return problem ? { message: problem } : null;
  }
  const ids = collectGlobalIds(tree);
  if (!ids.size) return null;
  const rows = await db
    .selectFrom('documents')
    .select('id')
    .where('type', '=', GLOBAL_WIDGET_DOC_TYPE)
    .where('status', '!=', 'trash')
    .where('id', 'in', [...ids])
    .execute();
  const known = new Set(rows.map((r) => r.id));
  const missing = findReference(tree, (gid) => !known.has(gid));
  return missing
    ? {
        message: `Global widget ${globalIdOf(missing)} does not exist (it was deleted): unlink or remove element ${missing.id}.`,
        element: missing.id,
      }
    : null;
}

function findReference(tree: ElementNode[], test: (gid: number) => boolean): ElementNode | null {
  for (const n of tree) {
    const gid = globalIdOf(n);
    if (gid !== null && test(gid)) return n;
    const inner = findReference(n.elements, test);
    if (inner) return inner;
  }
  return null;
}
