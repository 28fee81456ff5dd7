import type { Kysely } from 'kysely';
import type { ElementNode } from '../../../core/wire/document';
import type { Database } from '../../db/schema';
import { decodeDocument, findDocumentWhere, live, liveView, type StoredDocument } from '../documents/repository';
import { expandForRender } from '../global-widgets';

// Which published form a submission is for (docs/widgets.md, "Form"). A form renders in its page, and also in a
// popup, a global widget, a header, footer or single template: those render on pages that are not their own
// document, so the form the page named is looked up in the page (its global widgets expanded), then in the
// documents that render into other pages.

/** Documents whose elements render on pages other than their own. */
const SHARED_TYPES = ['popup', 'global-widget', 'theme', 'header', 'footer'];

function findElement(nodes: ElementNode[], elementId: string): ElementNode | undefined {
  for (const n of nodes) {
    if (n.id === elementId) return n;
    const inner = findElement(n.elements ?? [], elementId);
    if (inner) return inner;
  }
  return undefined;
}

const formIn = async (db: Kysely<Database>, doc: StoredDocument, elementId: string): Promise<ElementNode | undefined> => {
  const node = findElement(await expandForRender(db, doc.tree), elementId);
  return node?.elType === 'widget' && node.widgetType === 'form' ? node : undefined;
};

/** The published form with this element id, in the named document first; undefined when there is none. */
export async function findPublishedForm(
  db: Kysely<Database>,
  documentId: number | undefined,
  elementId: string,
  now = Date.now(),
): Promise<{ doc: StoredDocument; node: ElementNode } | undefined> {
  const named = documentId === undefined ? undefined : await findDocumentWhere(db, documentId, { published: true }, now);
  const own = named && (await formIn(db, named, elementId));
  if (named && own) return { doc: named, node: own };
  // Candidates by the id's text, confirmed on the decoded trees (a '_' matching any character only widens them).
  if (!/^[\w-]+$/.test(elementId)) return undefined;
  const needle = `%"id":"${elementId}"%`;
  const rows = await db
    .selectFrom('documents')
    .selectAll()
    .where('type', 'in', SHARED_TYPES)
    .where(live(now))
    .where((eb) => eb.or([eb('tree', 'like', needle), eb('scheduled_tree', 'like', needle)]))
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const doc = liveView(decodeDocument(row), now);
    const node = await formIn(db, doc, elementId);
    if (node) return { doc, node };
  }
  return undefined;
}
