import { useState } from 'react';
import { api } from '../../core/api/client';
import * as editorial from '../../core/api/editorial';
import type { DocumentType } from '../../core/api/editor';
import { EDITABLE_TYPES, type PublishRight, type RolePolicy } from '../../core/wire/editorial';
import { HttpError } from '../../core/http';
import { AdminStatus } from '../admin-status';
import { FormError } from '../../react-app/forms/admin-field';
import { useAdminData } from '../use-admin-data';

// The role manager (docs/editor.md, "Roles and approval"): for each editorial role, the document types it edits
// and whether it publishes or only submits for review. Administrators are fixed. The server enforces the policy.

const TYPE_LABELS: Record<DocumentType, string> = {
  page: 'Pages',
  popup: 'Popups',
  'loop-item': 'Loop items',
  header: 'Headers',
  footer: 'Footers',
  template: 'Templates',
  theme: 'Theme templates',
  'global-widget': 'Global widgets',
};

function RoleForm({ policy, onSaved }: { policy: RolePolicy; onSaved: (message: string) => void }) {
  const [types, setTypes] = useState<DocumentType[]>(policy.doc_types);
  const [publish, setPublish] = useState<PublishRight>(policy.publish);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const key = `role-${policy.role}`;
  const toggle = (t: DocumentType) => setTypes((all) => (all.includes(t) ? all.filter((x) => x !== t) : [...all, t]));
  const save = async () => {
    setBusy(true);
    setError('');
    try {
      const saved = await api(editorial.saveRole, { params: { role: policy.role }, body: { doc_types: types, publish } });
      onSaved(`Saved: ${saved.label} ${saved.publish === 'publish' ? 'publishes' : 'submits for review'}.`);
    } catch (e) {
      setError(e instanceof HttpError ? (Object.values(e.fields)[0] ?? e.message) : (e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="role-form"
      aria-labelledby={`${key}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h2 id={`${key}-title`}>{policy.label}</h2>
      {policy.fixed ? <p>Administrators always edit and publish every document type.</p> : null}
      <fieldset disabled={policy.fixed}>
        <legend>Edits</legend>
        {EDITABLE_TYPES.map((t) => (
          <label key={t} className="role-form__choice">
            <input type="checkbox" checked={types.includes(t)} onChange={() => toggle(t)} /> {TYPE_LABELS[t]}
          </label>
        ))}
      </fieldset>
      <fieldset disabled={policy.fixed} aria-describedby={error ? `${key}-error` : undefined}>
        <legend>Publishing</legend>
        <label className="role-form__choice">
          <input type="radio" name={`${key}-publish`} checked={publish === 'publish'} onChange={() => setPublish('publish')} /> Publishes
        </label>
        <label className="role-form__choice">
          <input type="radio" name={`${key}-publish`} checked={publish === 'review'} onChange={() => setPublish('review')} /> Only submits
          for review
        </label>
      </fieldset>
      <FormError id={`${key}-error`} error={error} />
      {policy.fixed ? null : (
        <button type="submit" className="button" disabled={busy}>
          Save {policy.label.toLowerCase()}
        </button>
      )}
    </form>
  );
}

export function RolesScreen() {
  const [message, setMessage] = useState('');
  const [data, reload] = useAdminData(editorial.roles, setMessage);
  if (!data) return message ? <p role="alert">{message}</p> : <p>Loading…</p>;
  return (
    <div className="roles-screen">
      <p>Which roles edit which documents, and whether they publish or submit for review. Contributors submit by default.</p>
      <AdminStatus message={message} />
      {data.items.map((p) => (
        <RoleForm
          key={`${p.role}:${p.doc_types.join(',')}:${p.publish}`}
          policy={p}
          onSaved={(m) => {
            setMessage(m);
            void reload();
          }}
        />
      ))}
    </div>
  );
}
