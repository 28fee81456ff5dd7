import { api } from '../../core/api/client';
import * as contentApi from '../../core/api/content';
import { useState } from 'react';
import { HttpError } from '../../core/http';
import { AdminTable } from '../admin-table';
import { useAdminData } from '../use-admin-data';
import { AdminField, errorProps } from '../../react-app/forms/admin-field';
import { AdminStatus } from '../admin-status';

// Measured content per day (/admin/content-performance): impressions, clicks, closes and add-to-cart of
// popups and content blocks by store and audience; A/B variants with click-through and its 95 % interval;
// add variant B, promote the winner.

interface Variant {
  id: number;
  subject_type: string;
  subject_id: number;
}

const pct = (n: number) => `${(n * 100).toFixed(1)} %`;
const subject = (type: string, id: number) => `${type === 'popup' ? 'Popup' : 'Block'} ${id}`;

/** Why the server refused events (server/services/measures/content-events.ts), as the screen says it. */
const REFUSAL_REASONS: Record<string, string> = {
  impression_not_issued: 'impressions the server did not issue',
  no_impression: 'no matching impression',
  no_click: 'add-to-cart without a click',
  no_variant: 'variant does not exist',
  over_budget: "over a visitor's daily limit",
};
export function PerformanceScreen() {
  const [message, setMessage] = useState('');
  const [form, setForm] = useState({ subject_type: 'block', subject_id: '', html: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const [data, reloadData] = useAdminData(contentApi.contentPerformance, setMessage);
  const [variantList, reloadVariants] = useAdminData(contentApi.variants);
  const variants = variantList?.items ?? [];
  const load = () => {
    void reloadData();
    void reloadVariants();
  };

  const addVariant = async () => {
    setErrors({});
    try {
      await api(contentApi.saveVariant, {
        body: { subject_type: form.subject_type, subject_id: Number(form.subject_id) || 0, html: form.html },
      });
      setMessage(`Variant B of ${subject(form.subject_type, Number(form.subject_id))} saved: half of the visitors now see it.`);
      load();
    } catch (e) {
      if (e instanceof HttpError) setErrors(e.fields);
      setMessage(`Not saved: ${(e as Error).message}`);
    }
  };

  const promote = async (v: Variant) => {
    try {
      await api(contentApi.promoteVariant, { params: { id: v.id } });
      setMessage(`Variant B of ${subject(v.subject_type, v.subject_id)} is now shown to everybody.`);
      load();
    } catch (e) {
      setMessage((e as Error).message);
    }
  };

  return (
    <div className="performance-screen">
      <AdminStatus className="content-screen__status" message={message} />
      <h2>A/B variants</h2>
      {data ? (
        <AdminTable
          caption="Click-through per variant"
          columns={['Content', 'Variant', 'Impressions', 'Clicks', 'Click-through (95 % interval)', 'Winner']}
        >
          {data.variants.map((v) => {
            const win = data.winners.find((w) => w.subject_type === v.subject_type && w.subject_id === v.subject_id)?.winner;
            const b = variants.find((x) => x.subject_type === v.subject_type && x.subject_id === v.subject_id);
            return (
              <tr key={`${v.subject_type}-${v.subject_id}-${v.variant}`}>
                <td>{subject(v.subject_type, v.subject_id)}</td>
                <td>{v.variant}</td>
                <td>{v.impressions}</td>
                <td>{v.clicks}</td>
                <td>
                  {pct(v.click_through.rate)} ({pct(v.click_through.low)} – {pct(v.click_through.high)})
                </td>
                <td>
                  {win === v.variant ? 'Winner' : win ? '' : 'Not yet clear'}
                  {win === 'B' && v.variant === 'B' && b ? (
                    <button type="button" onClick={() => void promote(b)}>
                      Promote B
                    </button>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </AdminTable>
      ) : (
        <p>Loading…</p>
      )}
      {data ? (
        <p className="performance-screen__refused">
          {data.refused.total === 0
            ? 'No events were refused in this period.'
            : `${data.refused.total} event${data.refused.total === 1 ? ' was' : 's were'} refused in this period and not counted (${Object.entries(
                data.refused.by_reason,
              )
                .map(([reason, n]) => `${REFUSAL_REASONS[reason] ?? reason}: ${n}`)
                .join('; ')}).`}
        </p>
      ) : null}
      <section className="content-form" aria-labelledby="ab-heading">
        <h3 id="ab-heading">Add variant B</h3>
        <AdminField id="ab-subject_type" label="Content type">
          <select id="ab-subject_type" value={form.subject_type} onChange={(e) => setForm({ ...form, subject_type: e.target.value })}>
            <option value="block">Content block</option>
            <option value="popup">Popup</option>
          </select>
        </AdminField>
        <AdminField id="ab-subject_id" label="Id" error={errors.subject_id}>
          <input
            id="ab-subject_id"
            inputMode="numeric"
            value={form.subject_id}
            onChange={(e) => setForm({ ...form, subject_id: e.target.value })}
            {...errorProps('ab-subject_id', errors.subject_id)}
          />
        </AdminField>
        <AdminField id="ab-html" label="Variant B content (HTML)" error={errors.html}>
          <textarea
            id="ab-html"
            rows={4}
            value={form.html}
            onChange={(e) => setForm({ ...form, html: e.target.value })}
            {...errorProps('ab-html', errors.html)}
          />
        </AdminField>
        <div className="admin-buttons">
          <button type="button" onClick={() => void addVariant()}>
            Save variant B
          </button>
        </div>
      </section>
      <h2>Per day</h2>
      {data && !data.days.length ? (
        <p>
          Nothing measured between {data.from} and {data.to}.
        </p>
      ) : null}
      {data?.days.length ? (
        <AdminTable
          caption="Measured content per day, store and audience"
          columns={['Day', 'Content', 'Variant', 'Store', 'Audience', 'Impressions', 'Clicks', 'Closes', 'Add to cart']}
        >
          {data.days.map((d) => (
            <tr key={`${d.day}-${d.subject_type}-${d.subject_id}-${d.variant}-${d.store_id}-${d.audience}`}>
              <td>{d.day}</td>
              <td>{subject(d.subject_type, d.subject_id)}</td>
              <td>{d.variant}</td>
              <td>{d.store_id ?? 'none chosen'}</td>
              <td>{d.audience}</td>
              <td>{d.impression}</td>
              <td>{d.click}</td>
              <td>{d.close}</td>
              <td>{d.add_to_cart}</td>
            </tr>
          ))}
        </AdminTable>
      ) : null}
    </div>
  );
}
