import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireCapability } from '../../auth/guards';
import { errors } from '../../errors';
import { findDocument } from '../../services/documents/repository';
import { getRevision, listRevisions, restoreRevision, schedule, workingTree } from '../../services/documents/revisions';
import { id, parse } from '../../validation';
import { authorOf, DOCUMENTS_BASE } from './documents';

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

export async function revisionRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db.kysely;
  const editor = { preValidation: requireCapability('edit_pages') };
  const params = (p: unknown) => parse(z.object({ id, rev: id.optional() }), p, 'params');

  app.get(`${DOCUMENTS_BASE}/:id/revisions`, editor, async (request) => {
    const p = params(request.params);
    if (!(await findDocument(db, p.id))) throw errors.missing('Document');
    return { items: await listRevisions(db, p.id) };
  });

  app.get(`${DOCUMENTS_BASE}/:id/revisions/:rev`, editor, async (request) => {
    const p = params(request.params);
    return getRevision(db, p.id, p.rev ?? 0);
  });

  app.post(`${DOCUMENTS_BASE}/:id/revisions/:rev/restore`, editor, async (request) => {
    const p = params(request.params);
    const body = parse(baseVersion, request.body, 'body');
    await restoreRevision(db, p.id, p.rev ?? 0, { baseVersion: body.base_version, author: authorOf(request) });
    return { restored: p.rev, document: await findDocument(db, p.id).then((d) => d && { version: d.version, tree: workingTree(d) }) };
  });

  app.put(`${DOCUMENTS_BASE}/:id/schedule`, editor, async (request) => {
    const p = params(request.params);
    const body = parse(scheduleBody, request.body, 'body');
    const doc = await findDocument(db, p.id);
    if (!doc) throw errors.missing('Document');
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
    return { version: after?.version, publish_at: after?.publish_at ?? null, unpublish_at: after?.unpublish_at ?? null };
  });
}
