import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ElementNode } from '../../../react-app/widgets/types';
import { requireCapability } from '../../auth/guards';
import { errors } from '../../errors';
import { sanitizeTree, treeProblem, treeSchema } from '../../services/editor/document-tree';
import { parseJson } from '../../services/users';
import { id, parse } from '../../validation';
import type { EditorDocument } from '../../../core/wire/editor-document';
import { hasControlCharacters } from '../../../core/security/control-characters';

export const DOCUMENTS_BASE = '/wp-json/site/v1/documents';

const listQuery = z.object({ type: z.enum(['page', 'popup', 'loop-item', 'header', 'footer', 'template']).optional() });
const saveBody = z.object({
  tree: treeSchema,
  title: z
    .string()
    .trim()
    .min(1, 'Enter a title.')
    .max(200)
    .refine((v) => !hasControlCharacters(v), 'must not contain control characters')
    .optional(),
});

// Documents for the editor: read (the draft when there is one), save a draft, publish. Visitors only ever
// see `tree`, which publishing replaces; a draft lives in `draft_tree` until then.
export async function documentRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db.kysely;
  const editor = { preHandler: requireCapability('edit_pages') };

  const load = async (docId: number): Promise<EditorDocument> => {
    const row = await db.selectFrom('documents').selectAll().where('id', '=', docId).executeTakeFirst();
    if (!row) throw errors.missing('Document');
    const draft = row.draft_tree ? parseJson<ElementNode[] | null>(row.draft_tree, null) : null;
    return {
      id: row.id,
      type: row.type,
      slug: row.slug,
      title: row.title,
      status: row.status,
      tree: draft ?? parseJson<ElementNode[]>(row.tree, []),
      has_draft: !!draft,
      updated_at: Number(row.updated_at),
      published_at: row.published_at == null ? null : Number(row.published_at),
    };
  };

  const checkedTree = (body: unknown) => {
    const input = parse(saveBody, body, 'body');
    const problem = treeProblem(input.tree);
    if (problem)
      throw errors.invalidParam(problem.message, {
        tree: problem.message,
        ...(problem.element ? { element: problem.element, setting: problem.setting ?? '' } : {}),
      });
    return { tree: sanitizeTree(input.tree), title: input.title };
  };

  app.get(DOCUMENTS_BASE, editor, async (request) => {
    const { type } = parse(listQuery, request.query, 'query');
    let q = db.selectFrom('documents').select(['id', 'type', 'slug', 'title', 'status', 'updated_at', 'draft_updated_at']).orderBy('id');
    if (type) q = q.where('type', '=', type);
    const rows = await q.execute();
    return { items: rows.map((r) => ({ ...r, updated_at: Number(r.updated_at), has_draft: r.draft_updated_at != null })) };
  });

  app.get(`${DOCUMENTS_BASE}/:id`, editor, async (request) => load(parse(id, (request.params as { id: string }).id, 'id')));

  app.put(`${DOCUMENTS_BASE}/:id/draft`, editor, async (request) => {
    const docId = parse(id, (request.params as { id: string }).id, 'id');
    await load(docId);
    const { tree, title } = checkedTree(request.body);
    const now = Date.now();
    await db
      .updateTable('documents')
      .set({ draft_tree: JSON.stringify(tree), draft_updated_at: now, ...(title ? { title } : {}) })
      .where('id', '=', docId)
      .execute();
    return load(docId);
  });

  app.post(`${DOCUMENTS_BASE}/:id/publish`, editor, async (request) => {
    const docId = parse(id, (request.params as { id: string }).id, 'id');
    await load(docId);
    const { tree, title } = checkedTree(request.body);
    const now = Date.now();
    await db
      .updateTable('documents')
      .set({
        tree: JSON.stringify(tree),
        status: 'publish',
        draft_tree: null,
        draft_updated_at: null,
        published_at: now,
        updated_at: now,
        ...(title ? { title } : {}),
      })
      .where('id', '=', docId)
      .execute();
    return load(docId);
  });
}
