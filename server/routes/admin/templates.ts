import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { validateKit } from '../../../core/wire/kit-manifest';
import { cloudTemplates } from '../../services/editor/cloud-templates';
import { requireCapability } from '../../auth/guards';
import { errors } from '../../errors';
import { exportKit, importKit, listSiteTemplates } from '../../services/editor/kits';
import { recordUsageEvent } from '../../services/usage-events';
import { answers, idParams, withSchemas } from '../../validation';
import * as editorApi from '../../../core/api/editor';
import * as S from '../../../core/api/schemas/editor';

// The kit itself is checked by the kit format (core/wire/kit-manifest.ts), which records a failed import.
const importQuery = z.object({ on_conflict: z.enum(['skip', 'duplicate'], { error: 'must be skip or duplicate' }).optional() });

// The templates library (Cloud tab from a local catalogue, Site tab from the database, both in folders)
// and kit export/import for administrators.
export async function templateRoutes(base: FastifyInstance): Promise<void> {
  const app = withSchemas(base);
  const db = app.db.kysely;
  const editor = { preValidation: requireCapability('edit_pages') };
  const admin = { preValidation: requireCapability('manage_options') };

  app.get(
    editorApi.siteTemplates.path,
    { ...editor, schema: { response: answers(editorApi.siteTemplates, S.siteTemplates) } },
    async () => ({ items: await listSiteTemplates(db) }),
  );
  app.get(
    editorApi.cloudTemplates.path,
    { preValidation: requireCapability('edit_content'), schema: { response: answers(editorApi.cloudTemplates, S.cloudTemplates) } },
    async () => ({
      items: cloudTemplates.map(({ tree: _tree, ...t }) => t),
    }),
  );
  // The editor inserts a cloud template into the page it edits (fresh element ids, like a site template).
  app.get(
    editorApi.cloudTemplate.path,
    {
      preValidation: requireCapability('edit_content'),
      schema: { params: idParams, response: answers(editorApi.cloudTemplate, S.cloudTemplate) },
    },
    async (request) => {
      const t = cloudTemplates.find((c) => c.id === request.params.id);
      if (!t) throw errors.missing('Cloud template');
      return { id: t.id, title: t.title, tree: t.tree };
    },
  );
  app.post(
    editorApi.applyCloudTemplate.path,
    { ...admin, schema: { params: idParams, response: answers(editorApi.applyCloudTemplate, S.templateApplied) } },
    async (request) => {
      const cloudId = request.params.id;
      const t = cloudTemplates.find((c) => c.id === cloudId);
      if (!t) throw errors.missing('Cloud template');
      const [created] = await importKit(
        db,
        {
          manifest: {
            kit_format: 'harvest-lane-kit',
            name: 'Cloud',
            version: '1',
            created: new Date().toISOString(),
            templates: { [t.id]: { title: t.title, doc_type: t.doc_type, folder: t.folder } },
          },
          templates: { [t.id]: { content: t.tree } },
          // Adding it again is not a kit conflict to resolve: it is already there (no template in the answer).
        },
        'skip',
      );
      await recordUsageEvent(db, 'cloud_kit_apply', { kit_cloud_id: t.id, kit_apply_url: request.url }, request.visitor.user?.id ?? null);
      return { template: created };
    },
  );

  app.get(
    editorApi.exportKit.path,
    { ...admin, schema: { response: answers(editorApi.exportKit, S.kitFile) } },
    async (_request, reply) => {
      const kit = await exportKit(db, app.siteSettings);
      return reply.header('Content-Disposition', 'attachment; filename="harvest-lane-kit.json"').send(kit);
    },
  );

  app.post(
    editorApi.importKit.path,
    { ...admin, schema: { querystring: importQuery, response: answers(editorApi.importKit, S.kitImported) } },
    async (request) => {
      const check = validateKit(request.body);
      const userId = request.visitor.user?.id ?? null;
      if (!check.ok) {
        await recordUsageEvent(db, 'kit_import_status', { kit_import_status: 'failed', kit_import_error: check.error }, userId);
        throw errors.invalidParam(check.error);
      }
      const imported = await importKit(db, check.kit, request.query.on_conflict ?? 'ask');
      await recordUsageEvent(db, 'kit_import_status', { kit_import_status: 'success' }, userId);
      return { imported };
    },
  );
}
