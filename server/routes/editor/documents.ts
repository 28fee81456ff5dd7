import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireCapability } from '../../auth/guards';
import { errors } from '../../errors';
import { sanitizeTree, treeProblem, treeSchema } from '../../services/editor/document-tree';
import { findDocument, listDocuments } from '../../services/documents/repository';
import { checkSaveLock } from '../../services/editorial/locks';
import { assertMayEdit, assertMayPublish, documentRights } from '../../services/editorial/policy';
import { settleByPublish } from '../../services/editorial/reviews';
import { creatableTypes, documentActions, mayEdit } from '../../../core/wire/editorial';
import { publish, saveDraft, type Author } from '../../services/documents/revisions';
import { answers, inputs, idParams, withSchemas } from '../../validation';
import type { EditorDocument } from '../../../core/wire/editor-document';
import { hasControlCharacters } from '../../../core/security/control-characters';
import * as editorApi from '../../../core/api/editor';
import * as S from '../../../core/api/schemas/editor';
import { globalWidgetTreeProblem } from '../../services/global-widgets';

/** Who a revision names: the signed-in editor (the capability guard ran before). */
export const authorOf = (request: FastifyRequest): Author => ({
  id: request.visitor.user?.id ?? 0,
  name: request.visitor.user?.name ?? '',
});

const listQuery = z.object({ type: z.enum(['page', 'popup', 'loop-item', 'header', 'footer', 'template', 'theme']).optional() });
const saveBody = z.object({
  tree: treeSchema,
  title: z
    .string()
    .trim()
    .min(1, 'Enter a title.')
    .max(200)
    .refine((v) => !hasControlCharacters(v), 'must not contain control characters')
    .optional(),
  /** The version the editor started from: a stale one answers 409 (see services/documents/revisions.ts). */
  base_version: z.number().int().min(0).optional(),
  autosave: z.boolean().optional(),
  /** The editor tab's soft-lock token: a tab someone took over is told so (409) instead of saving over them. */
  lock_token: z.string().max(64).optional(),
});

// Documents for the editor: read (the draft when there is one), save a draft, publish. Visitors only ever
// see `tree`, which publishing replaces; a draft lives in `draft_tree` until then.
export async function documentRoutes(base: FastifyInstance): Promise<void> {
  const app = withSchemas(base);
  const db = app.db.kysely;
  // Who may open the editor; which document types each role edits and publishes is the role manager's policy.
  const editor = { preValidation: requireCapability('edit_content') };

  /** 404 for a missing document, 403 for a type the caller's roles may not edit (or publish, when asked). */
  const allowed = async (request: FastifyRequest, docId: number, action: 'edit' | 'publish') => {
    const row = await findDocument(db, docId);
    if (!row) throw errors.missing('Document');
    const rights = await documentRights(db, request.visitor.user);
    if (action === 'publish') assertMayPublish(rights, row.type);
    else assertMayEdit(rights, row.type);
  };

  const load = async (docId: number): Promise<EditorDocument> => {
    const row = await findDocument(db, docId);
    if (!row) throw errors.missing('Document');
    // The repository's decoded row without what the editor does not edit here; the draft when there is one.
    const { draft, tree, settings: _settings, conditions: _conditions, draft_updated_at: _at, scheduled: _scheduled, ...meta } = row;
    return { ...meta, tree: draft ?? tree, has_draft: !!draft };
  };

  const checkedTree = (input: z.infer<typeof saveBody>) => {
    const problem = treeProblem(input.tree);
    if (problem)
      throw errors.invalidParam(problem.message, {
        tree: problem.message,
        ...(problem.element ? { element: problem.element, setting: problem.setting ?? '' } : {}),
      });
    return {
      tree: sanitizeTree(input.tree),
      title: input.title,
      baseVersion: input.base_version,
      autosave: input.autosave === true,
      lockToken: input.lock_token,
    };
  };

  /** A global widget document holds one widget; other documents may only use global widgets that exist. */
  const checkGlobalWidgets = async (docId: number, tree: z.infer<typeof treeSchema>) => {
    const doc = await findDocument(db, docId);
    if (!doc) throw errors.missing('Document');
    const problem = await globalWidgetTreeProblem(db, doc.type, tree);
    if (problem)
      throw errors.invalidParam(problem.message, {
        tree: problem.message,
        ...(problem.element ? { element: problem.element, setting: 'global_id' } : {}),
      });
  };

  const save = (endpoint: typeof editorApi.saveDraft | typeof editorApi.publish) => ({
    ...editor,
    schema: { params: idParams, ...inputs(endpoint, { body: saveBody }), response: answers(endpoint, S.editorDocument) },
  });

  app.get(
    editorApi.documents.path,
    { ...editor, schema: { querystring: listQuery, response: answers(editorApi.documents, S.documentList) } },
    async (request) => {
      const rights = await documentRights(db, request.visitor.user);
      const items = (await listDocuments(db, request.query.type)).filter((d) => mayEdit(rights, d.type));
      return { items: items.map((d) => ({ ...d, actions: documentActions(rights, d) })), creatable: creatableTypes(rights) };
    },
  );

  app.get(
    editorApi.document.path,
    { ...editor, schema: { params: idParams, response: answers(editorApi.document, S.editorDocument) } },
    async (request) => {
      await allowed(request, request.params.id, 'edit');
      return load(request.params.id);
    },
  );

  app.put(editorApi.saveDraft.path, save(editorApi.saveDraft), async (request) => {
    const docId = request.params.id;
    await allowed(request, docId, 'edit');
    const { autosave, lockToken, ...input } = checkedTree(request.body);
    await checkSaveLock(db, docId, lockToken);
    await checkGlobalWidgets(docId, input.tree);
    await saveDraft(db, docId, { ...input, author: authorOf(request) }, autosave);
    return load(docId);
  });

  app.post(editorApi.publish.path, save(editorApi.publish), async (request) => {
    const docId = request.params.id;
    await allowed(request, docId, 'publish');
    const { autosave: _autosave, lockToken, ...input } = checkedTree(request.body);
    await checkSaveLock(db, docId, lockToken);
    await checkGlobalWidgets(docId, input.tree);
    await publish(db, docId, { ...input, author: authorOf(request) });
    await settleByPublish(db, docId, authorOf(request));
    return load(docId);
  });
}
