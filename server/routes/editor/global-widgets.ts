import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireCapability } from '../../auth/guards';
import { errors } from '../../errors';
import { treeSchema } from '../../services/editor/document-tree';
import { findDocument } from '../../services/documents/repository';
import {
  createGlobalWidget,
  deleteGlobalWidget,
  globalWidgetUsage,
  listGlobalWidgets,
  type GlobalWidget,
} from '../../services/global-widgets';
import { GLOBAL_WIDGET_DOC_TYPE } from '../../../core/documents/global-widgets';
import { hasControlCharacters } from '../../../core/security/control-characters';
import { answers, idParams, inputs, withSchemas } from '../../validation';
import { authorOf } from './documents';
import { assertMayPublish, documentRights } from '../../services/editorial/policy';
import { slugFrom } from './document-admin';
import * as api from '../../../core/api/global-widgets';
import * as S from '../../../core/api/schemas/global-widgets';

// Global widgets for the editor (services/global-widgets.ts): the list to insert from, save as global, which
// documents use one, delete (refused with 409 while any document uses it). docs/editor.md.

const createBody = z.object({
  title: z
    .string({ error: 'Enter a name for the global widget.' })
    .trim()
    .min(1, 'Enter a name for the global widget.')
    .max(200, 'The name may be at most 200 characters.')
    .refine((v) => !hasControlCharacters(v), 'The name must not contain control characters.'),
  element: z.unknown(),
});

export async function globalWidgetRoutes(base: FastifyInstance): Promise<void> {
  const app = withSchemas(base);
  const db = app.db.kysely;
  const editor = { preValidation: requireCapability('edit_content') };
  /** Saving and deleting one changes pages at once: only roles that publish global widgets (the role manager's policy). */
  const mayPublish = async (request: FastifyRequest, what: string) =>
    assertMayPublish(await documentRights(db, request.visitor.user), GLOBAL_WIDGET_DOC_TYPE, what);

  const one = async (id: number): Promise<GlobalWidget> => {
    const found = (await listGlobalWidgets(db)).find((g) => g.id === id);
    if (!found) throw errors.missing('Global widget');
    return found;
  };
  const existing = async (id: number) => {
    const doc = await findDocument(db, id);
    if (!doc || doc.type !== GLOBAL_WIDGET_DOC_TYPE || doc.status === 'trash') throw errors.missing('Global widget');
    return doc;
  };

  app.get(api.globalWidgets.path, { ...editor, schema: { response: answers(api.globalWidgets, S.globalWidgetList) } }, async () => ({
    items: await listGlobalWidgets(db),
  }));

  app.post(
    api.createGlobalWidget.path,
    {
      ...editor,
      schema: { ...inputs(api.createGlobalWidget, { body: createBody }), response: answers(api.createGlobalWidget, S.globalWidget, 201) },
    },
    async (request, reply) => {
      await mayPublish(request, 'publish');
      // The element as a one-element tree, so it gets the same shape, settings and size checks as a saved page.
      const parsed = treeSchema.safeParse([request.body.element]);
      if (!parsed.success) {
        const message = 'The element is not a valid page-builder element.';
        throw errors.invalidParam(message, { element: message });
      }
      const id = await createGlobalWidget(
        db,
        { title: request.body.title, element: parsed.data[0] },
        authorOf(request),
        slugFrom(request.body.title),
      );
      reply.code(201);
      return one(id);
    },
  );

  app.get(
    api.globalWidgetUsage.path,
    { ...editor, schema: { params: idParams, response: answers(api.globalWidgetUsage, S.globalWidgetUsage) } },
    async (request) => {
      const doc = await existing(request.params.id);
      return { used_by: await globalWidgetUsage(db, doc.id) };
    },
  );

  app.delete(
    api.deleteGlobalWidget.path,
    { ...editor, schema: { params: idParams, response: answers(api.deleteGlobalWidget, S.globalWidgetDeleted) } },
    async (request) => {
      await mayPublish(request, 'delete');
      await deleteGlobalWidget(db, request.params.id);
      return { deleted: request.params.id };
    },
  );
}
