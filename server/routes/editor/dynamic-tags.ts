import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireCapability } from '../../auth/guards';
import { answers, inputs, withSchemas } from '../../validation';
import { missingTagProducts } from '../../render/dynamic-tags';
import * as editorApi from '../../../core/api/editor';
import * as S from '../../../core/api/schemas/editor';

// The editor's check of the products its dynamic tags name (docs/editor.md, "Dynamic tags"): a slug that is not an
// active product is shown as a warning next to the control; visitors see the tag's fallback, never an error.

const query = z
  .object({
    products: z
      .string()
      .max(2000)
      .transform((v) => v.split(',').filter(Boolean))
      .pipe(z.array(z.string().regex(/^[a-z0-9-]{1,160}$/, 'must be product slugs separated by commas')).max(50, 'at most 50 products')),
  })
  .strict();

export async function dynamicTagRoutes(base: FastifyInstance): Promise<void> {
  const app = withSchemas(base);
  app.get(
    editorApi.dynamicTagCheck.path,
    {
      preValidation: requireCapability('edit_pages'),
      schema: {
        ...inputs(editorApi.dynamicTagCheck, { querystring: query }),
        response: answers(editorApi.dynamicTagCheck, S.dynamicTagCheck),
      },
    },
    async (request) => ({ missing_products: await missingTagProducts(app.db.kysely, request.query.products) }),
  );
}
