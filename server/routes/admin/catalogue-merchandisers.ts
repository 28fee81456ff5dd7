import type { FastifyInstance } from 'fastify';
import { merchandiserInput } from '../../../core/wire/catalogue-admin';
import { requireCapability } from '../../auth/guards';
import { grantMerchandiser, listMerchandisers, revokeMerchandiser } from '../../services/catalogue/merchandisers';
import { answers, idParams, inputs, requireObjectBody, withSchemas } from '../../validation';
import * as catalogue from '../../../core/api/catalogue';
import * as C from '../../../core/api/schemas/catalogue';
import { catalogueContext } from './catalogue-common';

// Who holds the merchandiser role (docs/catalogue.md): administrators grant and remove it, audited.

export async function catalogueMerchandiserRoutes(base: FastifyInstance): Promise<void> {
  const app = withSchemas(base);
  const { db, actor } = catalogueContext(app);
  // ---- who holds the merchandiser role: administrators only (manage_options), merchandisers included in the 403s
  const adminOnly = requireCapability('manage_options');
  app.get(
    catalogue.merchandisers.path,
    { preValidation: adminOnly, schema: { response: answers(catalogue.merchandisers, C.merchandisers) } },
    async () => ({ items: await listMerchandisers(db) }),
  );
  app.post(
    catalogue.grantMerchandiser.path,
    {
      preValidation: [adminOnly, requireObjectBody],
      schema: {
        ...inputs(catalogue.grantMerchandiser, { body: merchandiserInput }),
        response: answers(catalogue.grantMerchandiser, C.merchandiser, 201),
      },
    },
    async (r, reply) => reply.code(201).send(await grantMerchandiser(db, actor(r), r.body.email)),
  );
  app.delete(
    catalogue.revokeMerchandiser.path,
    { preValidation: adminOnly, schema: { params: idParams, response: answers(catalogue.revokeMerchandiser, C.merchandiserRevoked) } },
    async (r) => {
      await revokeMerchandiser(db, actor(r), r.params.id);
      return { deleted: true };
    },
  );
}
