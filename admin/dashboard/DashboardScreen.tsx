import * as editorApi from '../../core/api/editor';
import * as contentApi from '../../core/api/content';
import { useState } from 'react';
import { AdminTable } from '../admin-table';
import { AdminStatus } from '../admin-status';
import { useAdminData } from '../use-admin-data';

// The admin's front page (/admin): the documents edited last, what is scheduled to go live or offline, and how
// measured content did this period, each with the way to the screen that does more.

const RECENT = 8;
const TYPE_LABEL: Record<string, string> = {
  page: 'Page',
  popup: 'Popup',
  'loop-item': 'Loop item',
  template: 'Section template',
  header: 'Header',
  footer: 'Footer',
};
const when = (ms: number) => new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function DashboardScreen() {
  const [now] = useState(() => Date.now());
  const [message, setMessage] = useState('');
  const [docs] = useAdminData(editorApi.documents, setMessage);
  const [perf] = useAdminData(contentApi.contentPerformance, setMessage);
  const items = docs?.items ?? [];
  const live = items.filter((d) => d.status !== 'trash');
  const recent = [...live].sort((a, b) => b.updated_at - a.updated_at).slice(0, RECENT);
  const scheduled = live
    .flatMap((d) => [
      ...(d.publish_at != null && d.publish_at > now ? [{ doc: d, at: d.publish_at, what: 'Goes live' }] : []),
      ...(d.unpublish_at != null && d.unpublish_at > now ? [{ doc: d, at: d.unpublish_at, what: 'Goes offline' }] : []),
    ])
    .sort((a, b) => a.at - b.at);
  // Impressions and clicks per piece of content over the period the endpoint answers (its default: the last days).
  const totals = new Map<string, { label: string; impressions: number; clicks: number }>();
  for (const d of perf?.days ?? []) {
    const key = `${d.subject_type}-${d.subject_id}`;
    const t = totals.get(key) ?? { label: `${d.subject_type === 'popup' ? 'Popup' : 'Block'} ${d.subject_id}`, impressions: 0, clicks: 0 };
    t.impressions += d.impression;
    t.clicks += d.click;
    totals.set(key, t);
  }
  const top = [...totals.values()].sort((a, b) => b.impressions - a.impressions).slice(0, 5);

  return (
    <div className="admin-dashboard">
      <AdminStatus message={message} />
      <section aria-labelledby="dash-recent">
        <h2 id="dash-recent">Recent documents</h2>
        {docs && !recent.length ? <p>No documents yet.</p> : null}
        {recent.length ? (
          <AdminTable caption="Documents edited last" columns={['Document', 'Type', 'State', 'Last change']}>
            {recent.map((d) => (
              <tr key={d.id}>
                <td>
                  <a href={`/editor/${d.id}`}>{d.title}</a>
                </td>
                <td>{TYPE_LABEL[d.type] ?? d.type}</td>
                <td>{d.has_draft ? `${d.status}, unpublished changes` : d.status}</td>
                <td>{when(d.updated_at)}</td>
              </tr>
            ))}
          </AdminTable>
        ) : null}
        <p>
          <a href="/admin/documents">All pages and popups</a> · <a href="/admin/templates">Templates library</a>
        </p>
      </section>
      <section aria-labelledby="dash-scheduled">
        <h2 id="dash-scheduled">Scheduled changes</h2>
        {docs && !scheduled.length ? <p>Nothing is scheduled.</p> : null}
        {scheduled.length ? (
          <AdminTable caption="Scheduled publications and unpublications, soonest first" columns={['When', 'Change', 'Document']}>
            {scheduled.map((s) => (
              <tr key={`${s.doc.id}-${s.what}`}>
                <td>{when(s.at)}</td>
                <td>{s.what}</td>
                <td>
                  <a href={`/editor/${s.doc.id}`}>{s.doc.title}</a>
                </td>
              </tr>
            ))}
          </AdminTable>
        ) : null}
      </section>
      <section aria-labelledby="dash-performance">
        <h2 id="dash-performance">Content performance</h2>
        {perf && !top.length ? (
          <p>
            Nothing measured between {perf.from} and {perf.to}.
          </p>
        ) : null}
        {top.length && perf ? (
          <AdminTable
            caption={`Most seen content between ${perf.from} and ${perf.to}`}
            captionVisible
            columns={['Content', 'Impressions', 'Clicks', 'Click-through']}
          >
            {top.map((t) => (
              <tr key={t.label}>
                <td>{t.label}</td>
                <td>{t.impressions}</td>
                <td>{t.clicks}</td>
                <td>{t.impressions ? `${((t.clicks / t.impressions) * 100).toFixed(1)} %` : '–'}</td>
              </tr>
            ))}
          </AdminTable>
        ) : null}
        <p>
          <a href="/admin/content-performance">Content performance in detail</a>
        </p>
      </section>
    </div>
  );
}
