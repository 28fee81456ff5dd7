import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireCapability } from '../../auth/guards';
import { errors } from '../../errors';
import { answers, inputs, withSchemas } from '../../validation';
import { listProductRecords } from '../../services/catalogue/product-admin';
import * as editorApi from '../../../core/api/editor';
import * as S from '../../../core/api/schemas/editor';

// The editor's product picker (docs/editor.md, "Product picker"): the Product Grid's "Picked by hand" list is
// chosen by name, not typed as ids. One call searches active products by name or brand; the other names the
// products already chosen (in the order asked, inactive ones marked so the editor can say so).

const CHOICES = 10;
const query = z
  .object({
    q: z.string().trim().max(100, 'at most 100 characters').optional(),
    ids: z
      .string()
      .max(400)
      .transform((v) => v.split(',').filter(Boolean))
      .pipe(
        z
          .array(
            z
              .string()
              .regex(/^[1-9]\d{0,9}$/, 'must be product ids separated by commas')
              .transform(Number),
          )
          .max(24, 'at most 24 products'),
      )
      .optional(),
  })
  .strict();

export async function productChoiceRoutes(base: FastifyInstance): Promise<void> {
  const app = withSchemas(base);
  const db = app.db.kysely;
  app.get(
    editorApi.productChoices.path,
    {
      preValidation: requireCapability('edit_content'),
      schema: {
        ...inputs(editorApi.productChoices, { querystring: query }),
        response: answers(editorApi.productChoices, S.productChoices),
      },
    },
    async (request) => {
      const { q, ids } = request.query;
      const view = (r: { id: number; name: string; brand: string; size: string; active: boolean }) => ({
        id: r.id,
        name: r.name,
        brand: r.brand,
        size: r.size,
        active: r.active,
      });
      if (ids?.length) {
        const rows = await db.selectFrom('products').select(['id', 'name', 'brand', 'size', 'active']).where('id', 'in', ids).execute();
        const byId = new Map(rows.map((r) => [r.id, view({ ...r, brand: r.brand ?? '', size: r.size ?? '', active: r.active === 1 })]));
        return { items: ids.flatMap((id) => byId.get(id) ?? []) };
      }
      if (!q) throw errors.invalidParam('Type part of a product name, or give the chosen ids.', { q: 'Type part of a product name.' });
      const page = await listProductRecords(db, { q, active: true, page: 1, per_page: CHOICES });
      return { items: page.items.map((r) => view({ ...r, active: true })) };
    },
  );
}
