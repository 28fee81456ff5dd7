import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireCapability } from '../../auth/guards';
import { errors } from '../../errors';
import { findDocument, type StoredDocument } from '../../services/documents/repository';
import { heartbeat, releaseLock } from '../../services/editorial/locks';
import { assertMayEdit, assertMayPublish, documentRights, loadPolicies, saveRolePolicy } from '../../services/editorial/policy';
import { approve, requestChanges, reviewQueue, reviewsOf, submitForReview } from '../../services/editorial/reviews';
import { answers, id, inputs, idParams, withSchemas } from '../../validation';
import { authorOf } from './documents';
import {
  CHANGES_NEED_COMMENT,
  EDITABLE_TYPES,
  isPolicyRole,
  mayEdit,
  mayPublish,
  REVIEW_COMMENT_MAX,
  type DocumentRights,
} from '../../../core/wire/editorial';
import * as api from '../../../core/api/editorial';
import * as S from '../../../core/api/schemas/editorial';

// Roles and approval (docs/editor.md, "Roles and approval"): the role manager (administrators), the review of a
// submitted draft with its queue, and the soft lock's heartbeat. The document routes enforce the same policy
// (documents.ts, document-admin.ts, revisions.ts): a role set to review answers 403 to publish, schedule and trash.

/** Control characters other than line breaks and tabs (a comment has lines; PostgreSQL refuses NUL). */
const CONTROL_BUT_LINES = /(?![\t\n\r])\p{Cc}/u;

const text = z
  .string({ error: 'must be text' })
  .trim()
  .max(REVIEW_COMMENT_MAX, `may be at most ${REVIEW_COMMENT_MAX} characters`)
  .refine((v) => !CONTROL_BUT_LINES.test(v), 'must not contain control characters');
const optionalComment = text.optional().default('');

const roleParams = z.object({ role: z.string().max(40).refine(isPolicyRole, 'is not a role the role manager knows') });
const roleBody = z
  .object({
    doc_types: z
      .array(
        z.enum(EDITABLE_TYPES, {
          error: `must each be one of ${EDITABLE_TYPES.join(', ')}`,
        }),
        {
          error: 'must be a list of document types',
        },
      )
      .max(EDITABLE_TYPES.length * 2),
    publish: z.enum(['publish', 'review'], { error: 'must be publish or review' }),
  })
  .strict();

const when = z
  .number({ error: 'must be a time in milliseconds' })
  .int('must be a whole number')
  .min(0)
  .max(8_640_000_000_000, 'is too far ahead');
const submitBody = z.object({ note: optionalComment, publish_at: when.nullable().optional() }).strict();
const approveBody = z.object({ comment: optionalComment, base_version: z.number().int().min(0).optional() }).strict();
const changesBody = z.object({ comment: text.pipe(z.string().min(1, CHANGES_NEED_COMMENT)) }).strict();
const token = z.string({ error: 'must be text' }).regex(/^[A-Za-z0-9_-]{16,64}$/, 'must be the editor tab token');
const lockBody = z.object({ token, take: z.boolean().optional() }).strict();
const releaseBody = z.object({ token }).strict();

export async function editorialRoutes(base: FastifyInstance): Promise<void> {
  const app = withSchemas(base);
  const db = app.db.kysely;
  const admin = { preValidation: requireCapability('manage_options') };
  const editor = { preValidation: requireCapability('edit_content') };

  /** The document and the caller's rights, after the edit check (403 for a type the role may not edit). */
  const editable = async (request: FastifyRequest, docId: number): Promise<{ doc: StoredDocument; rights: DocumentRights }> => {
    const doc = await findDocument(db, docId);
    if (!doc) throw errors.missing('Document');
    const rights = await documentRights(db, request.visitor.user);
    assertMayEdit(rights, doc.type);
    return { doc, rights };
  };
  const stateOf = async (docId: number, type: string, rights: DocumentRights) => ({
    document_id: docId,
    reviews: await reviewsOf(db, docId),
    may_publish: mayPublish(rights, type),
    may_edit: mayEdit(rights, type),
  });

  app.get(api.roles.path, { ...admin, schema: { response: answers(api.roles, S.rolePolicies) } }, async () => ({
    items: await loadPolicies(db),
  }));
  app.put(
    api.saveRole.path,
    {
      ...admin,
      schema: { params: roleParams, ...inputs(api.saveRole, { body: roleBody }), response: answers(api.saveRole, S.rolePolicy) },
    },
    async (request) =>
      saveRolePolicy(
        db,
        request.params.role,
        { doc_types: EDITABLE_TYPES.filter((t) => request.body.doc_types.includes(t)), publish: request.body.publish },
        authorOf(request),
      ),
  );

  app.get(api.reviewQueue.path, { ...editor, schema: { response: answers(api.reviewQueue, S.reviewQueue) } }, async (request) => {
    const rights = await documentRights(db, request.visitor.user);
    return { items: await reviewQueue(db, rights.edit) };
  });

  app.get(
    api.documentReview.path,
    { ...editor, schema: { params: idParams, response: answers(api.documentReview, S.reviewState) } },
    async (request) => {
      const { doc, rights } = await editable(request, request.params.id);
      return stateOf(doc.id, doc.type, rights);
    },
  );

  app.post(
    api.submitReview.path,
    {
      ...editor,
      schema: { params: idParams, ...inputs(api.submitReview, { body: submitBody }), response: answers(api.submitReview, S.reviewState) },
    },
    async (request) => {
      const { doc, rights } = await editable(request, request.params.id);
      const at = request.body.publish_at ?? null;
      if (at != null && at <= Date.now())
        throw errors.invalidParam('The publish time must be in the future.', { publish_at: 'The publish time must be in the future.' });
      await submitForReview(db, doc.id, { note: request.body.note, publishAt: at, author: authorOf(request) });
      return stateOf(doc.id, doc.type, rights);
    },
  );

  app.post(
    api.approveReview.path,
    {
      ...editor,
      schema: {
        params: idParams,
        ...inputs(api.approveReview, { body: approveBody }),
        response: answers(api.approveReview, S.reviewState),
      },
    },
    async (request) => {
      const { doc, rights } = await editable(request, request.params.id);
      assertMayPublish(rights, doc.type, 'approve');
      await approve(db, doc.id, { comment: request.body.comment, baseVersion: request.body.base_version, author: authorOf(request) });
      return stateOf(doc.id, doc.type, rights);
    },
  );

  app.post(
    api.requestChanges.path,
    {
      ...editor,
      schema: {
        params: idParams,
        ...inputs(api.requestChanges, { body: changesBody }),
        response: answers(api.requestChanges, S.reviewState),
      },
    },
    async (request) => {
      const { doc, rights } = await editable(request, request.params.id);
      assertMayPublish(rights, doc.type, 'review');
      await requestChanges(db, doc.id, request.body.comment, authorOf(request));
      return stateOf(doc.id, doc.type, rights);
    },
  );

  app.post(
    api.lock.path,
    { ...editor, schema: { params: idParams, ...inputs(api.lock, { body: lockBody }), response: answers(api.lock, S.lockState) } },
    async (request) => {
      const { doc } = await editable(request, request.params.id);
      return heartbeat(db, doc.id, { token: request.body.token, take: request.body.take === true, author: authorOf(request) });
    },
  );

  app.post(
    api.releaseLock.path,
    {
      ...editor,
      schema: {
        params: z.object({ id }),
        ...inputs(api.releaseLock, { body: releaseBody }),
        response: answers(api.releaseLock, S.lockState),
      },
    },
    async (request) => {
      await releaseLock(db, request.params.id, request.body.token);
      return { held: false, holder: null, taken_over: false };
    },
  );
}
