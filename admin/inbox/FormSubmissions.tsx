import * as formsApi from '../../core/api/forms';
import { useState } from 'react';
import { useAdminData } from '../use-admin-data';

// What visitors sent through the page builder's Form widgets, newest first (docs/widgets.md, "Form").
export function FormSubmissions() {
  const [error, setError] = useState('');
  const [inbox] = useAdminData(formsApi.formInbox, setError);
  const submissions = inbox?.submissions;
  if (error) return <p role="alert">{error}</p>;
  if (!submissions) return <p>Loading…</p>;
  if (!submissions.length) return <p>No form submissions yet.</p>;
  return (
    <ul className="admin-inbox admin-inbox--forms">
      {submissions.map((s) => (
        <li key={s.id} className="admin-inbox-message" data-submission-id={s.id}>
          <h3>
            {s.form_name} · {s.document_title ?? 'Deleted page'}
          </h3>
          <p className="admin-inbox-from">
            {s.page_path ? `${s.page_path} · ` : ''}
            <time dateTime={new Date(s.created_at).toISOString()}>{new Date(s.created_at).toLocaleString()}</time>
            {s.emailed ? ' · e-mailed' : ''}
          </p>
          <dl className="admin-inbox-fields">
            {s.fields.map((f) => (
              <div key={f.name}>
                <dt>{f.label}</dt>
                <dd>{f.value || '—'}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}
