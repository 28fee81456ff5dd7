import { api } from '../../core/api/client';
import * as editorApi from '../../core/api/editor';
import { useEffect, useState } from 'react';
import { fieldErrors, type FieldErrors } from '../../core/http';
import { SeoPanel } from './SeoPanel';
import { ThemeSettingsFields } from './ThemeSettingsFields';
import { readSeo } from '../../core/wire/seo';
import { getPath, PAGE_FIELDS, POPUP_FIELDS, setPath, type DocumentField } from './document-fields';
import type { DocumentWrite } from './useDocumentSaving';

// Page and popup settings of the document being edited: title and slug, page settings, every popup trigger,
// timing rule and behaviour, and display conditions. The server checks them; its message for a field is
// shown next to that field.

interface DocumentSummary {
  id: number;
  type: string;
  slug: string;
  title: string;
  settings: Record<string, unknown>;
  conditions: Array<{ type: 'include' | 'exclude'; pages: 'all' | string[] }>;
  version: number;
  /** What the caller's roles may do (renaming a published document is publishing: docs/roles.md). */
  actions?: string[];
}

const fieldId = (path: string) => `doc-${path.replace(/\./g, '-')}`;

function Field({
  field,
  value,
  error,
  onChange,
  readOnlyNote,
}: {
  field: DocumentField;
  value: unknown;
  error?: string;
  onChange: (v: unknown) => void;
  /** Shown, and the text field read-only, when the caller's role may not change it. */
  readOnlyNote?: string;
}) {
  const id = fieldId(field.path);
  const described = error ? `${id}-error` : readOnlyNote ? 'doc-read-only-note' : undefined;
  let input;
  if (field.kind === 'flag')
    input = (
      <input
        id={id}
        type="checkbox"
        checked={value === 'yes'}
        onChange={(e) => onChange(e.target.checked ? 'yes' : '')}
        aria-describedby={described}
      />
    );
  else if (field.kind === 'select')
    input = (
      <select
        id={id}
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={described}
      >
        {(field.options ?? []).some(([v]) => v === '') ? null : <option value="">Default</option>}
        {(field.options ?? []).map(([v, label]) => (
          <option key={v} value={v}>
            {label}
          </option>
        ))}
      </select>
    );
  else if (field.kind === 'devices') {
    const list = Array.isArray(value) ? (value as string[]) : [];
    input = (
      <span className="editor-devices" id={id} role="group" aria-label={field.label} aria-describedby={described}>
        {['desktop', 'tablet', 'mobile'].map((d) => (
          <label key={d}>
            <input
              type="checkbox"
              checked={list.includes(d)}
              onChange={(e) => onChange(e.target.checked ? [...list, d] : list.filter((x) => x !== d))}
            />
            {d}
          </label>
        ))}
      </span>
    );
  } else
    input = (
      <input
        id={id}
        type={field.kind === 'number' ? 'number' : 'text'}
        value={value === undefined || value === null ? '' : String(value)}
        readOnly={readOnlyNote ? true : undefined}
        onChange={(e) => onChange(field.kind === 'number' && e.target.value !== '' ? Number(e.target.value) : e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
      />
    );
  return (
    <div className={`editor-control editor-control--${field.kind === 'flag' ? 'switcher' : field.kind}`}>
      <label htmlFor={id}>{field.label}</label>
      {input}
      {error ? (
        <p className="editor-field-error" id={described}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Settings are part of the draft: they are saved as one of the document's writes, in turn with the tree's saves
 * and from the version the last one left (a stale one is refused with 409), and the new version is handed back.
 */
export function DocumentSettings({
  documentId,
  onTitle,
  write,
  onSaved,
}: {
  documentId: number;
  onTitle?: (title: string) => void;
  write: DocumentWrite;
  onSaved?: (version: number) => void;
}) {
  const [doc, setDoc] = useState<DocumentSummary | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState('');
  useEffect(() => {
    api(editorApi.documentSettings, { params: { id: documentId } }).then(setDoc, (e: Error) => setStatus(e.message));
  }, [documentId]);
  if (!doc) return <p role="status">{status || 'Loading the document settings…'}</p>;
  const fields = doc.type === 'popup' ? POPUP_FIELDS : doc.type === 'page' ? PAGE_FIELDS : [];
  // Renaming a published document is publishing (docs/roles.md): a role that submits for review sees why it cannot.
  const renameNote =
    doc.actions && !doc.actions.includes('rename') ? 'Its title and address are live: someone who publishes renames it.' : undefined;
  const include = doc.conditions.find((c) => c.type === 'include');
  const pages = include ? (include.pages === 'all' ? 'all' : include.pages.join(', ')) : '';
  const save = async () => {
    setStatus('Saving…');
    setErrors({});
    try {
      const saved = await write(
        (base) => {
          const body: Record<string, unknown> = { title: doc.title, slug: doc.slug, settings: doc.settings, base_version: base };
          if (doc.type === 'popup') body.conditions = doc.conditions;
          return api(editorApi.updateDocument, { params: { id: documentId }, body });
        },
        (answer) => answer.version,
      );
      setDoc({ ...saved, actions: doc.actions });
      onTitle?.(saved.title);
      onSaved?.(saved.version);
      setStatus('Settings saved to the draft. Visitors see them once you publish.');
    } catch (e) {
      setErrors(fieldErrors(e));
      setStatus(`Not saved: ${(e as Error).message}`);
    }
  };
  return (
    <form
      className="editor-document-settings"
      aria-label={`${doc.type === 'popup' ? 'Popup' : 'Page'} settings`}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Field
        field={{ path: 'title', label: 'Title', kind: 'text', group: '' }}
        value={doc.title}
        error={errors.title}
        readOnlyNote={renameNote}
        onChange={(v) => setDoc({ ...doc, title: String(v) })}
      />
      <Field
        field={{ path: 'slug', label: 'Slug', kind: 'text', group: '' }}
        value={doc.slug}
        error={errors.slug}
        readOnlyNote={renameNote}
        onChange={(v) => setDoc({ ...doc, slug: String(v) })}
      />
      {renameNote ? (
        <p className="editor-help" id="doc-read-only-note">
          {renameNote}
        </p>
      ) : null}
      {fields.map((f, i) => {
        const heading = f.group !== fields[i - 1]?.group ? <h3 className="editor-section">{f.group}</h3> : null;
        return (
          <div key={f.path}>
            {heading}
            <Field
              field={f}
              value={getPath(doc.settings, f.path)}
              error={errors[f.path]}
              onChange={(v) => setDoc({ ...doc, settings: setPath(doc.settings, f.path, v) })}
            />
          </div>
        );
      })}
      {doc.type === 'theme' ? (
        <ThemeSettingsFields
          value={doc.settings.theme}
          errors={errors}
          onChange={(theme) => setDoc({ ...doc, settings: { ...doc.settings, theme } })}
        />
      ) : null}
      {doc.type === 'page' ? (
        <SeoPanel
          seo={readSeo(doc.settings.seo)}
          slug={doc.slug}
          pageTitle={doc.title}
          errors={errors}
          onChange={(seo) => setDoc({ ...doc, settings: { ...doc.settings, seo } })}
        />
      ) : null}
      {doc.type === 'popup' ? (
        <Field
          field={{ path: 'conditions', label: 'Show on pages (slugs separated by commas, or all)', kind: 'text', group: '' }}
          value={pages}
          error={errors['conditions.0.pages'] ?? errors.conditions}
          onChange={(v) => {
            const text = String(v).trim();
            const list = text === 'all' ? 'all' : text.split(/[\s,]+/).filter(Boolean);
            setDoc({ ...doc, conditions: [{ type: 'include', pages: list }, ...doc.conditions.filter((c) => c.type === 'exclude')] });
          }}
        />
      ) : null}
      <button type="submit">Save settings</button>
      <p role="status">{status}</p>
    </form>
  );
}
