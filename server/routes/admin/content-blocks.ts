import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { windowProblem } from '../../../core/schedule/time-window';
import { CONTENT_KINDS } from '../../../core/wire/content-block';
import { requireCapability } from '../../auth/guards';
import { errors } from '../../errors';
import { createBlock, deleteBlock, getBlock, listBlocks, previewBlock, updateBlock } from '../../services/content/block-admin';
import { UNKNOWN_USER_GROUP_ID } from '../../services/content/targeting';
import { getStore } from '../../services/stores';
import { answers, inputs, id, idParams, withSchemas } from '../../validation';
import * as adminApi from '../../../core/api/admin';
import * as S from '../../../core/api/schemas/admin';

// Content blocks for the content screen (/admin/content): editors list, create, edit, target, schedule,
// delete and preview them. Messages are per field (data.params) so the screen shows them next to the field.

const ids = z.array(id, { error: 'must be a list of ids' }).max(200, 'at most 200 ids');
const when = z.number({ error: 'must be a time' }).int('must be a whole number').min(0).max(8_640_000_000_000, 'is too far ahead');
const slot = z
  .string()
  .trim()
  .max(80, 'at most 80 characters')
  .regex(/^[a-z0-9-]*$/, 'Use lowercase letters, digits and hyphens.');

const blockBody = z
  .object({
    kind: z.enum(CONTENT_KINDS, { error: `must be one of ${CONTENT_KINDS.join(', ')}` }),
    title: z.string().trim().max(120, 'at most 120 characters').optional(),
    slug: slot.optional(),
    slider_id: slot.optional(),
    html: z.string({ error: 'Enter the content.' }).max(100_000, 'at most 100000 characters'),
    store_ids: ids.optional(),
    store_group_ids: ids.optional(),
    user_group_ids: ids.optional(),
    priority: z.number().int().min(-100).max(100).optional(),
    starts_at: when.nullable().optional(),
    ends_at: when.nullable().optional(),
  })
  .superRefine((v, ctx) => {
    const problem = windowProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', path: ['ends_at'], message: problem });
  });

const previewQuery = z.object({
  kind: z.enum(CONTENT_KINDS),
  store_id: id.optional(),
  user_group_ids: z
    .string()
    .max(200)
    .regex(/^(\d+(,\d+)*)?$/, 'must be ids separated by commas')
    .optional(),
  slug: slot.optional(),
  slider_id: slot.optional(),
  at: z.coerce.number().pipe(when).optional(),
});

export async function contentBlockRoutes(base: FastifyInstance): Promise<void> {
  const app = withSchemas(base);
  const db = app.db.kysely;
  const editor = { preValidation: requireCapability('edit_pages') };

  app.get(adminApi.contentBlocks.path, { ...editor, schema: { response: answers(adminApi.contentBlocks, S.contentBlocks) } }, async () => ({
    items: await listBlocks(db),
  }));

  app.get(
    adminApi.contentBlockPreview.path,
    { ...editor, schema: { querystring: previewQuery, response: answers(adminApi.contentBlockPreview, S.contentBlockPreview) } },
    async (request) => {
      const q = request.query;
      const store = q.store_id === undefined ? null : await getStore(db, q.store_id);
      if (q.store_id !== undefined && !store)
        throw errors.invalidParam(`Unknown store id: ${q.store_id}.`, { store_id: `Unknown store id: ${q.store_id}.` });
      const userGroupIds = q.user_group_ids ? q.user_group_ids.split(',').map(Number) : [UNKNOWN_USER_GROUP_ID];
      const audience = { storeId: store?.id ?? null, storeGroupIds: store?.store_group_ids ?? [], userGroupIds };
      const block = await previewBlock(db, q.kind, audience, { slug: q.slug, sliderId: q.slider_id }, q.at ?? Date.now());
      return { block_id: block?.id ?? null, html: block?.html ?? '' };
    },
  );

  app.get(
    adminApi.contentBlock.path,
    { ...editor, schema: { params: idParams, response: answers(adminApi.contentBlock, S.contentBlock) } },
    async (request) => getBlock(db, request.params.id),
  );

  app.post(
    adminApi.createContentBlock.path,
    {
      ...editor,
      schema: {
        ...inputs(adminApi.createContentBlock, { body: blockBody }),
        response: answers(adminApi.createContentBlock, S.contentBlock, 201),
      },
    },
    async (request, reply) => reply.code(201).send(await createBlock(db, request.body)),
  );

  app.put(
    adminApi.updateContentBlock.path,
    {
      ...editor,
      schema: {
        params: idParams,
        ...inputs(adminApi.updateContentBlock, { body: blockBody }),
        response: answers(adminApi.updateContentBlock, S.contentBlock),
      },
    },
    async (request) => updateBlock(db, request.params.id, request.body),
  );

  app.delete(
    adminApi.deleteContentBlock.path,
    { ...editor, schema: { params: idParams, response: answers(adminApi.deleteContentBlock, S.deleted) } },
    async (request) => {
      await deleteBlock(db, request.params.id);
      return { deleted: true };
    },
  );
}
