import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DEVICES, formatMetric, METRICS, rating, THRESHOLDS } from '../../core/vitals/thresholds';
import { requireCapability } from '../auth/guards';
import { can } from '../services/capabilities';
import { renderPage } from '../render/page';
import { recordVitals, vitalsSummary, type VitalsSummary } from '../services/vitals';
import { answers, inputs, withSchemas } from '../validation';
import * as contentApi from '../../core/api/content';
import * as S from '../../core/api/schemas/content';

// Field vitals: the runtime's beacon (core/vitals/beacon.ts) posts one page view's LCP, CLS and INP;
// /admin/performance shows the 75th percentile per page and device against the good / needs-improvement
// thresholds; editors read one page's p75 for the editor toolbar.

const metricValue = (max: number) => z.number().finite().min(0).max(max);
const report = z.object({
  path: z
    .string()
    .max(200)
    .regex(/^\/[\w\-./]*$/, 'must be a path of this site'),
  device: z.enum(DEVICES),
  metrics: z
    .object({ LCP: metricValue(600_000).optional(), CLS: metricValue(100).optional(), INP: metricValue(600_000).optional() })
    .strict(),
});
const pathQuery = z.object({ path: report.shape.path });

function VitalsTable({ rows }: { rows: VitalsSummary[] }) {
  if (!rows.length) return <p>No field measurements yet: they arrive as shoppers visit pages.</p>;
  return (
    <table className="vitals-table">
      <caption className="visually-hidden">75th percentile of the last 28 days per page and device</caption>
      <thead>
        <tr>
          <th scope="col">Page</th>
          <th scope="col">Device</th>
          <th scope="col">Views</th>
          {METRICS.map((m) => (
            <th scope="col" key={m}>
              {m} p75
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={`${r.path}|${r.device}`}>
            <th scope="row">{r.path}</th>
            <td>{r.device}</td>
            <td>{r.views}</td>
            {METRICS.map((m) => {
              const v = r.p75[m];
              return (
                <td key={m} className={v === undefined ? undefined : `vitals--${rating(m, v)}`}>
                  {v === undefined ? '–' : `${formatMetric(m, v)} (${rating(m, v).replace('-', ' ')})`}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export async function performanceRoutes(base: FastifyInstance): Promise<void> {
  const app = withSchemas(base);
  const db = app.db.kysely;

  app.post(
    contentApi.sendVitals.path,
    { schema: { ...inputs(contentApi.sendVitals, { body: report }), response: answers(contentApi.sendVitals, S.vitalsStored, 201) } },
    async (request, reply) => {
      const stored = await recordVitals(db, request.body);
      return reply.code(201).send({ stored });
    },
  );

  const read = {
    preValidation: requireCapability('edit_content'),
    schema: { querystring: pathQuery, response: answers(contentApi.vitals, S.vitals) },
  };
  app.get(contentApi.vitals.path, read, async (request) => {
    const { path } = request.query;
    return { path, thresholds: THRESHOLDS, devices: await vitalsSummary(db, path) };
  });

  app.get('/admin/performance', async (request, reply) => {
    const user = request.visitor.user;
    if (!user) return reply.redirect(`/login?redirect_to=${encodeURIComponent('/admin/performance')}`, 302);
    const allowed = can(user, 'manage_options');
    const content = allowed ? (
      <div className="wrap admin-screen">
        <h1>Performance</h1>
        <p>
          Field measurements of real visits, 75th percentile of the last 28 days. Good: LCP ≤ {THRESHOLDS.LCP[0]} ms, CLS ≤{' '}
          {THRESHOLDS.CLS[0]}, INP ≤ {THRESHOLDS.INP[0]} ms; poor above {THRESHOLDS.LCP[1]} ms, {THRESHOLDS.CLS[1]} and {THRESHOLDS.INP[1]}{' '}
          ms.
        </p>
        <VitalsTable rows={await vitalsSummary(db)} />
      </div>
    ) : (
      <section className="wrap">
        <h1>You do not have access to this screen</h1>
        <p>Sign in with an administrator account.</p>
      </section>
    );
    const html = await renderPage(app, request, {
      title: allowed ? 'Performance' : 'Access denied',
      bodyClass: 'page admin-page',
      content,
      runtime: false,
    });
    return reply
      .code(allowed ? 200 : 403)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(html);
  });
}
