import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireCapability } from '../../auth/guards';
import { errors } from '../../errors';
import { findDocument } from '../../services/documents/repository';
import { assertMayEdit, assertMayPublish, documentRights } from '../../services/editorial/policy';
import { getRevision, listRevisions, restoreRevision, schedule, workingTree } from '../../services/documents/revisions';
import { answers, inputs, id, withSchemas } from '../../validation';
import { authorOf } from './documents';
import * as editorApi from '../../../core/api/editor';
import * as S from '../../../core/api/schemas/editor';

// Revisions (history panel: list, one with its element differences, restore as draft) and the schedule of a
// document (publish the current draft at a time, take the page offline at a time).

const baseVersion = z.object({ base_version: z.number({ error: 'must be a number' }).int().min(0).optional() });

const when = z
  .number({ error: 'must be a time in milliseconds' })
  .int('must be a whole number')
  .min(0)
  .max(8_640_000_000_000, 'is too far ahead')
  .nullable();
const scheduleBody = baseVersion.extend({ publish_at: when, unpublish_at: when }).superRefine((v, ctx) => {
  if (v.publish_at != null && v.unpublish_at != null && v.unpublish_at <= v.publish_at)
    ctx.addIssue({ code: 'custom', path: ['unpublish_at'], message: 'The unpublish time must be after the publish time.' });
});

const docParams = z.object({ id });
const revParams = z.object({ id, rev: id });

export async function revisionRoutes(base: FastifyInstance): Promise<void> {
  const app = withSchemas(base);
  const db = app.db.kysely;
  // Opening documents is edit_content; the role manager's policy decides the types, and who may schedule.
  const guard = requireCapability('edit_content');
  const allowed = async (request: FastifyRequest, docId: number, action: 'edit' | 'schedule' = 'edit') => {
    const doc = await findDocument(db, docId);
    if (!doc) throw errors.missing('Document');
    const rights = await documentRights(db, request.visitor.user);
    if (action === 'schedule') assertMayPublish(rights, doc.type, 'schedule');
    else assertMayEdit(rights, doc.type);
    return doc;
  };

  app.get(
    editorApi.revisions.path,
    { preValidation: guard, schema: { params: docParams, response: answers(editorApi.revisions, S.revisions) } },
    async (request) => {
      const p = request.params;
      await allowed(request, p.id);
      return { items: await listRevisions(db, p.id) };
    },
  );

  app.get(
    editorApi.revision.path,
    { preValidation: guard, schema: { params: revParams, response: answers(editorApi.revision, S.revision) } },
    async (request) => {
      const p = request.params;
      await allowed(request, p.id);
      return getRevision(db, p.id, p.rev);
    },
  );

  const restoreSchema = {
    params: revParams,
    ...inputs(editorApi.restoreRevision, { body: baseVersion }),
    response: answers(editorApi.restoreRevision, S.revisionRestored),
  };
  app.post(editorApi.restoreRevision.path, { preValidation: guard, schema: restoreSchema }, async (request) => {
    const { params: p, body } = request;
    await allowed(request, p.id);
    await restoreRevision(db, p.id, p.rev, { baseVersion: body.base_version, author: authorOf(request) });
    const doc = await findDocument(db, p.id);
    if (!doc) throw errors.missing('Document');
    return { restored: p.rev, document: { version: doc.version, tree: workingTree(doc) } };
  });

  app.put(
    editorApi.schedule.path,
    {
      preValidation: guard,
      schema: {
        params: docParams,
        ...inputs(editorApi.schedule, { body: scheduleBody }),
        response: answers(editorApi.schedule, S.scheduled),
      },
    },
    async (request) => {
      const { params: p, body } = request;
      const doc = await allowed(request, p.id, 'schedule');
      if (body.publish_at != null && body.publish_at <= Date.now())
        throw errors.invalidParam('The publish time must be in the future.', { publish_at: 'The publish time must be in the future.' });
      await schedule(db, p.id, {
        tree: workingTree(doc),
        baseVersion: body.base_version,
        author: authorOf(request),
        publishAt: body.publish_at,
        unpublishAt: body.unpublish_at,
      });
      const after = await findDocument(db, p.id);
      if (!after) throw errors.missing('Document');
      return { version: after.version, publish_at: after.publish_at ?? null, unpublish_at: after.unpublish_at ?? null };
    },
  );
}
