import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireCapability } from '../../auth/guards';
import { errors } from '../../errors';
import { loadEditorIslands, pagePath } from '../../render/editor-islands';
import { loadWidgetData } from '../../render/widget-data';
import { findDocument } from '../../services/documents/repository';
import { treeProblem, treeSchema } from '../../services/editor/document-tree';
import { assertMayEdit, documentRights } from '../../services/editorial/policy';
import { answers, idParams, inputs, withSchemas } from '../../validation';
import * as editorApi from '../../../core/api/editor';
import * as S from '../../../core/api/schemas/editor';

// The editor's data widgets between saves (docs/editor.md): a Loop Grid just added or given another template,
// a filter, an Interactive block. The preview asks for their content with the tree as it is being edited, so it
// shows the chosen template at once instead of "Choose a loop item template" until a save and a reload. Nothing
// is written.

const body = z.object({ tree: treeSchema }).strict();

export async function widgetDataRoutes(base: FastifyInstance): Promise<void> {
  const app = withSchemas(base);
  app.post(
    editorApi.widgetData.path,
    {
      preValidation: requireCapability('edit_content'),
      schema: { params: idParams, ...inputs(editorApi.widgetData, { body }), response: answers(editorApi.widgetData, S.widgetData) },
    },
    async (request, reply) => {
      const doc = await findDocument(app.db.kysely, request.params.id);
      if (!doc) throw errors.missing('Document');
      assertMayEdit(await documentRights(app.db.kysely, request.visitor.user), doc.type);
      const { tree } = request.body;
      const problem = treeProblem(tree);
      if (problem) throw errors.invalidParam(problem.message, { tree: problem.message });
      const data: Record<string, unknown> = {};
      await loadWidgetData(app, request, tree, data);
      await loadEditorIslands(app, request, tree, data, pagePath(doc), doc.draft_settings ?? doc.settings);
      return reply.header('Cache-Control', 'no-store').send({ data });
    },
  );
}
