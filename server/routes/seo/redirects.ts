import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireCapability } from '../../auth/guards';
import { ApiError, errors } from '../../errors';
import { siteOrigin } from '../../render/seo-head';
import { answers, inputs, idParams, withSchemas } from '../../validation';
import { listRedirects, planRedirects, readRedirectCsv, saveRedirects, type PlannedRedirect } from '../../services/seo/redirects';
import * as adminApi from '../../../core/api/admin';
import * as S from '../../../core/api/schemas/admin';

// The redirects screen's API (/admin/redirects): list, add, remove, and import a CSV of old → new addresses
// with a dry run. A refused row writes nothing; its message is keyed by the field (from, to, csv) so the
// screen shows it next to that field (docs/seo.md).

const MAX_CSV = 512 * 1024;

const addBody = z
  .object({ from: z.string({ error: 'Enter the old address.' }).max(2000), to: z.string({ error: 'Enter the new address.' }).max(2000) })
  .strict();
const importBody = z
  .object({
    csv: z.string({ error: 'Choose a CSV file.' }).max(MAX_CSV, `The CSV may be at most ${MAX_CSV / 1024} KB.`),
    dry_run: z.boolean().optional(),
  })
  .strict();

const report = (plans: PlannedRedirect[]) => ({
  rows: plans.map((p) => ({ line: p.line, from: p.from, to: p.to, problems: p.problems, notes: p.notes })),
  accepted: plans.filter((p) => !p.problems.length).length,
  refused: plans.filter((p) => p.problems.length).length,
  chains: plans.filter((p) => p.notes.length).length,
});

export async function redirectRoutes(base: FastifyInstance): Promise<void> {
  const app = withSchemas(base);
  const db = app.db.kysely;
  const editor = { preValidation: requireCapability('edit_pages') };

  app.get(adminApi.redirects.path, { ...editor, schema: { response: answers(adminApi.redirects, S.redirects) } }, async () => ({
    items: await listRedirects(db),
  }));

  app.post(
    adminApi.addRedirect.path,
    {
      ...editor,
      schema: { ...inputs(adminApi.addRedirect, { body: addBody }), response: answers(adminApi.addRedirect, S.redirectAdded, 201) },
    },
    async (request, reply) => {
      const [plan] = await planRedirects(db, [{ line: 0, ...request.body }], siteOrigin(app));
      if (plan.problems.length) {
        const params = Object.fromEntries(plan.problems.map((p) => [p.field, p.message]));
        throw errors.invalidParam(plan.problems[0].message, params);
      }
      await saveRedirects(db, [plan], 'manual');
      reply.code(201);
      return { from: plan.from, to: plan.to, notes: plan.notes, items: await listRedirects(db) };
    },
  );

  app.delete(
    adminApi.deleteRedirect.path,
    { ...editor, schema: { params: idParams, response: answers(adminApi.deleteRedirect, S.redirects) } },
    async (request) => {
      const gone = await db.deleteFrom('redirects').where('id', '=', request.params.id).executeTakeFirst();
      if (!Number(gone.numDeletedRows)) throw errors.missing('Redirect');
      return { items: await listRedirects(db) };
    },
  );

  // Dry run: the report only. Import: all rows or none (a refused row is reported, 400, nothing written).
  app.post(
    adminApi.importRedirects.path,
    {
      ...editor,
      schema: { ...inputs(adminApi.importRedirects, { body: importBody }), response: answers(adminApi.importRedirects, S.redirectImport) },
    },
    async (request) => {
      const read = readRedirectCsv(request.body.csv);
      if ('problem' in read) throw errors.invalidParam(read.problem, { csv: read.problem });
      const plans = await planRedirects(db, read.rows, siteOrigin(app));
      const result = report(plans);
      if (request.body.dry_run) return { dry_run: true, ...result };
      const refused = plans.filter((p) => p.problems.length);
      if (refused.length) {
        const message = `Nothing was imported: ${refused.length} row${refused.length === 1 ? '' : 's'} refused (${refused
          .slice(0, 3)
          .map((p) => `line ${p.line}: ${p.problems[0].message}`)
          .join('; ')}${refused.length > 3 ? '; …' : ''}).`;
        throw new ApiError(400, 'rest_invalid_param', message, { params: { csv: message }, ...result });
      }
      await saveRedirects(db, plans, 'import');
      return { dry_run: false, ...result, items: await listRedirects(db) };
    },
  );
}
